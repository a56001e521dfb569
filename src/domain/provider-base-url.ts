// Where a connection's provider may answer (docs/live-money.md, "Live rules are not test settings"). Outside a test run
// the address is `https`, or `http` to this machine (a local TLS-terminating proxy): a key secret and real money never
// travel in clear text over a network. In a test run (PAYGATE_TEST_RUN=1) it is a loopback address, so no test can
// reach a real provider. Checked where a base URL is accepted (payctl connections add) and again where a
// connection is used, since a row may predate the rule or have been written by hand.
import { isIP } from 'node:net';

/** True for localhost, 127.0.0.0/8 and ::1 (the forms `new URL` leaves in `hostname`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** Why `baseUrl` may not be a connection's base URL, or null when it may. */
export function providerBaseUrlProblem(baseUrl: string, testRun: boolean): string | null {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `not a URL: ${baseUrl}`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  const loopback = isLoopbackHost(url.hostname);
  if (testRun && !loopback) return `a test run (PAYGATE_TEST_RUN=1) reaches only loopback addresses, not ${url.host}`;
  if (url.protocol === 'http:' && !loopback) return `http is for loopback addresses only; use https for ${url.host}`;
  return null;
}
