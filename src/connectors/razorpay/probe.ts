// `payctl connections check`: what can be learnt of a Razorpay account's set-up without changing anything there
// (docs/live-money.md, "Set-up errors are not declines"). Reads only: the key (a list of orders, which any valid key
// may read), the payout account number and its balance (the newest line of its statement, api/x/transactions),
// the IP allow-list of the payout APIs (a list of payouts, x/dashboard/allowlist-ip.md), and fund account validation
// (a list of validations: beneficiary verification, api/x/account-validation.md). What no read can show
// (a feature enabled on the account) is listed as a prerequisite to ask the provider for.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import { isProviderSetupError } from '../errors.ts';
import type { ConnectionProbe } from '../../rails/provider.ts';
import { createRazorpayHttp, type RazorpayHttp } from './http.ts';

interface Collection<T> {
  items: T[];
}

async function probe(name: string, read: () => Promise<string | null>): Promise<ConnectionProbe> {
  try {
    return { name, result: 'ok', detail: await read() };
  } catch (err) {
    const detail = isProviderSetupError(err)
      ? `${err.reason}${err.description ? ` (${err.description})` : ''}`
      : err instanceof Error ? err.message : String(err);
    return { name, result: 'failed', detail };
  }
}

/** The features the service uses that no read-only call can show; the operator asks the provider to enable them. */
const PREREQUISITES: ConnectionProbe[] = [
  { name: 'server-to-server payments', result: 'not_probed', detail: 'ask the provider to enable server-to-server (S2S) UPI intent and netbanking payments' },
  { name: 'QR codes with image content', result: 'not_probed', detail: 'ask the provider to enable UPI QR codes with image content (payment links)' },
  { name: 'saved UPI tokens', result: 'not_probed', detail: 'ask the provider to enable UPI AutoPay recurring payments on saved tokens (mandates, collections)' },
];

/** The probe of beneficiary verification (fund account validations, x/fund-accounts/faqs.md: RazorpayX Lite only). */
export const VERIFICATION_PROBE = 'verification (fund account validation)';

export async function probeRazorpayConnection(s: { baseUrl: string; keyId: string; keySecret: string; accountNumber: string | null }): Promise<ConnectionProbe[]> {
  const http: RazorpayHttp = createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret, timeoutMs: 15_000 });
  const probes: ConnectionProbe[] = [await probe('key', async () => {
    await http.get('/v1/orders', { query: { count: 1 } });
    return null;
  })];
  if (s.accountNumber) {
    const accountNumber = s.accountNumber;
    probes.push(await probe(`payout account …${accountNumber.slice(-4)} and its balance`, async () => {
      const page = await http.get<Collection<{ balance?: number }>>('/v1/transactions', { query: { account_number: accountNumber, count: 1 } });
      const balance = page.items?.[0]?.balance;
      return typeof balance === 'number' ? `balance ${balance} paise` : 'no statement line yet';
    }));
    probes.push(await probe('IP allow-list (payout APIs)', async () => {
      await http.get('/v1/payouts', { query: { account_number: accountNumber, count: 1 } });
      return null;
    }));
    // A list of validations reads and charges nothing; an account without the feature (not RazorpayX Lite, or not
    // enabled) answers it "The requested URL was not found on the server", as it would a validation.
    probes.push(await probe(VERIFICATION_PROBE, async () => {
      await http.get('/v1/fund_accounts/validations', { query: { account_number: accountNumber, count: 1 } });
      return null;
    }));
  } else {
    probes.push({ name: 'payout account', result: 'not_probed', detail: 'the connection has no payout account number (payctl connections update ID --payout-account-number N)' });
    probes.push({ name: VERIFICATION_PROBE, result: 'not_probed', detail: 'fund account validations need a payout account number; ask the provider to enable fund account validation (RazorpayX Lite)' });
  }
  return [...probes, ...PREREQUISITES];
}
