// What reconciliation reads of a RazorpayX account (ProviderAccountReader): the account statement
// (`GET /v1/transactions`, api/x/transactions/fetch-all.md: from, count, skip; newest first) since a cursor, and a
// payout as it is now (`GET /v1/payouts/:id`). Each request waits for the connection's shared pace; a 429 waits for
// its Retry-After; anything else is thrown for the activity's retry profile.
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import type { ConnectedRailSettings, ProviderAccountReader } from '../../rails/provider.ts';
import { createRazorpayHttp, type RazorpayHttp } from './http.ts';
import { createPayoutsApi } from './payouts-api.ts';
import { paced } from './payout-rail.ts';
import { payoutReportOf } from './translate.ts';

/** The connection's HTTP client with every request paced (statement pages are several requests). */
function pacedHttp(http: RazorpayHttp, pace: () => Promise<void>): RazorpayHttp {
  return {
    get: (path, options) => paced(pace, () => http.get(path, options)),
    post: (path, options) => paced(pace, () => http.post(path, options)),
    put: (path, options) => paced(pace, () => http.put(path, options)),
  };
}

export function createRazorpayAccountReader(s: ConnectedRailSettings): ProviderAccountReader {
  const http = pacedHttp(createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret }), s.pace);
  const api = createPayoutsApi(http);
  return {
    listTransactions: (cursor) => api.statementSince(s.accountNumber, cursor),
    payout: async (providerReference) => payoutReportOf(await api.fetchPayout(providerReference)),
  };
}
