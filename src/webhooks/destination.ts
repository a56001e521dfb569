// Where live webhooks may go (server-side request forgery guard). A live endpoint must be https and
// every address its host resolves to must be public: not loopback, link-local, private, unspecified,
// shared (CGNAT), multicast or reserved. Checked when the endpoint is created and again on every
// delivery, at connection time (the lookup the HTTP client uses refuses private answers), because DNS can
// change after creation. Sandbox endpoints may be plain http and local: that is how one develops a receiver.
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still private)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['64:ff9b:1::', 48], // local-use NAT64
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is not a public address. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) counts as its IPv4. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true; // not an address at all: never connect
}

export class DestinationRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DestinationRefusedError';
  }
}

/** The URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * What can be said about a URL without DNS: why it is not acceptable for `live`, or undefined. Sandbox
 * URLs need only be http(s).
 */
export function urlProblem(raw: string, live: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (!live) return undefined;
  if (url.protocol !== 'https:') return 'must use https for live endpoints';
  const host = hostOf(url);
  if (isIP(host) && isNonPublicAddress(host)) return `must not point at a loopback, link-local or private address (${host})`;
  return undefined;
}

type Lookup = (hostname: string, options: dns.LookupAllOptions) => Promise<dns.LookupAddress[]>;
const systemLookup: Lookup = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * Resolves a live URL's host and refuses it unless every address is public. Throws DestinationRefusedError
 * (with the reason) for a private answer or a name that does not resolve.
 */
export async function assertPublicDestination(raw: string, lookup: Lookup = systemLookup): Promise<void> {
  const problem = urlProblem(raw, true);
  if (problem) throw new DestinationRefusedError(problem);
  const host = hostOf(new URL(raw));
  if (isIP(host)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (err) {
    throw new DestinationRefusedError(`host ${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const bad = addresses.find((a) => isNonPublicAddress(a.address));
  if (bad || addresses.length === 0) {
    throw new DestinationRefusedError(`host ${host} resolves to a loopback, link-local or private address (${bad?.address ?? 'none'})`);
  }
}

/**
 * A `lookup` for sockets (net/tls connect options) that resolves as usual and then refuses the connection
 * when any answer is not public, so what is checked is exactly what is connected to.
 */
export function publicOnlyLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isNonPublicAddress(a.address));
      if (bad || list.length === 0) {
        const refused = Object.assign(new DestinationRefusedError(`host ${hostname} resolves to a loopback, link-local or private address (${bad?.address ?? 'none'})`), {
          code: 'EDESTINATIONREFUSED',
        });
        return callback(refused, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}
