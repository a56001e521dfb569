// Where webhooks may go (server-side request forgery guard, docs/api.md, Webhooks). Live endpoints must be https;
// every endpoint must reach only public addresses, except sandbox endpoints where the operator allows private
// ones (WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: true under `npm start`, the single-machine development entry).
// Checked when the endpoint is created (the URL, and every address its host resolves to) and again on every
// delivery at connection time (the lookup the HTTP client connects with refuses non-public answers), because
// DNS can change after creation (rebinding).
//
// Public means: IPv4 outside the special-purpose ranges; IPv6 inside global unicast (2000::/3) and outside the
// special ranges in it; or an IPv6 form that embeds an IPv4 (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96,
// 6to4 2002::/16) whose IPv4 is public. The range arithmetic is node:net's BlockList.
import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** IPv4 special-purpose ranges (IANA registry), none a public destination. */
const specialIPv4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
];

/** IPv6 ranges that are not public although they are global unicast, or that must never be reached whatever they embed. */
const specialIPv6: ReadonlyArray<readonly [string, number]> = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 32], // Teredo (the IPv4 inside is obfuscated)
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID (deprecated)
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

/** IPv6 ranges outside 2000::/3 that may still be public: they carry an IPv4, judged by the IPv4 rules. */
const embeddingIPv4 = [
  ['::ffff:0:0', 96], // IPv4-mapped
  ['64:ff9b::', 96], // NAT64 well-known prefix
] as const;

const special = new BlockList();
for (const [net, prefix] of specialIPv4) {
  // BlockList applies IPv4 rules to IPv4-mapped IPv6 (::ffff:a.b.c.d) too.
  special.addSubnet(net, prefix, 'ipv4');
  // The same range inside the NAT64 and 6to4 prefixes.
  const [a, b, c, d] = net.split('.').map(Number);
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  special.addSubnet(`64:ff9b::${net}`, 96 + prefix, 'ipv6');
  special.addSubnet(`2002:${hex(a, b)}:${hex(c, d)}::`, 16 + prefix, 'ipv6');
}
for (const [net, prefix] of specialIPv6) special.addSubnet(net, prefix, 'ipv6');

const maybePublicIPv6 = new BlockList();
maybePublicIPv6.addSubnet('2000::', 3, 'ipv6'); // global unicast
for (const [net, prefix] of embeddingIPv4) maybePublicIPv6.addSubnet(net, prefix, 'ipv6');

/** True when `address` (an IP literal) is not a public address; anything that is not an address at all is not public either. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return special.check(address, 'ipv4');
  if (family === 6) return !maybePublicIPv6.check(address, 'ipv6') || special.check(address, 'ipv6');
  return true;
}

/** What a destination must satisfy. */
export interface DestinationRules {
  /** https only (live endpoints). */
  httpsOnly: boolean;
  /** Public addresses only (live endpoints; sandbox ones unless the operator allows private destinations). */
  publicOnly: boolean;
}

export function destinationRules(live: boolean, allowPrivateSandbox: boolean): DestinationRules {
  return { httpsOnly: live, publicOnly: live || !allowPrivateSandbox };
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

const privateAnswer = (host: string, address: string | undefined) =>
  `host ${host} resolves to a loopback, link-local or private address (${address ?? 'none'})`;

/** What can be said about a URL without DNS: why it breaks `rules`, or undefined. */
export function urlProblem(raw: string, rules: DestinationRules): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute http or https URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (rules.httpsOnly && url.protocol !== 'https:') return 'must use https for live endpoints';
  const host = hostOf(url);
  if (rules.publicOnly && isIP(host) && isNonPublicAddress(host)) return `must not point at a loopback, link-local or private address (${host})`;
  return undefined;
}

type Lookup = (hostname: string, options: dns.LookupAllOptions) => Promise<dns.LookupAddress[]>;
const systemLookup: Lookup = (hostname, options) => dns.promises.lookup(hostname, options);

/**
 * Checks a URL against `rules`, resolving its host when only public addresses are allowed. Throws
 * DestinationRefusedError (with the reason) for a bad URL, a private answer or a name that does not resolve.
 */
export async function assertAllowedDestination(raw: string, rules: DestinationRules, lookup: Lookup = systemLookup): Promise<void> {
  const problem = urlProblem(raw, rules);
  if (problem) throw new DestinationRefusedError(problem);
  const host = hostOf(new URL(raw));
  if (!rules.publicOnly || isIP(host)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch (err) {
    throw new DestinationRefusedError(`host ${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const bad = addresses.find((a) => isNonPublicAddress(a.address));
  if (bad || addresses.length === 0) throw new DestinationRefusedError(privateAnswer(host, bad?.address));
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
        const refused = Object.assign(new DestinationRefusedError(privateAnswer(hostname, bad?.address)), { code: 'EDESTINATIONREFUSED' });
        return callback(refused, '', 0);
      }
      if (options.all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  };
}
