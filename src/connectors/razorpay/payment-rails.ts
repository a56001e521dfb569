// The payment and refund rails of one connection to Razorpay's payment gateway (payment-rail.ts over
// payments-api.ts), every request kept to the connection's shared pace and a 429 waited out, as for payouts.
import type { ConnectedPaymentSettings } from '../../rails/provider.ts';
import type { PaymentRail, RefundRail } from '../../rails/payments.ts';
import { createRazorpayHttp, type RazorpayHttp } from './http.ts';
import { createPaymentsApi } from './payments-api.ts';
import { createRazorpayPaymentRail, createRazorpayRefundRail, type RazorpayPaymentRailDeps } from './payment-rail.ts';
import { paced } from './payout-rail.ts';

/** Every request of `http` at the shared pace; a 429 waits for its Retry-After and sends the same request again. */
export function pacedHttp(http: RazorpayHttp, pace: () => Promise<void>): RazorpayHttp {
  return {
    get: (path, options) => paced(pace, () => http.get(path, options)),
    post: (path, options) => paced(pace, () => http.post(path, options)),
    put: (path, options) => paced(pace, () => http.put(path, options)),
  };
}

export function createRazorpayPaymentRails(s: ConnectedPaymentSettings): { payments: PaymentRail; refunds: RefundRail } {
  const api = createPaymentsApi(pacedHttp(createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret }), s.pace));
  const deps: RazorpayPaymentRailDeps = {
    connectionFor: async () => ({ api }),
    defaultReturnUrl: s.defaultReturnUrl,
    checkAgainInMs: s.checkAgainInMs,
  };
  return { payments: createRazorpayPaymentRail(deps), refunds: createRazorpayRefundRail(deps) };
}
