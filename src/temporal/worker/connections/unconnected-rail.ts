// The live rails of an account whose connection cannot take this kind of money (no connection, or a connector that
// does not move it yet). The API refuses such a live write before any workflow starts (403 connection_required), so
// nothing should reach these rails. Whatever does (an operator's `payctl batches restart` of an old live batch, say)
// is answered `failed`, so its money is given back and its workflow ends, with a reason that says what happened; a
// lookup finds nothing, since nothing was ever handed to a provider. A non-retryable error instead would end the
// workflow with the resource still pending and its money still reserved.
import type { PayoutRail } from '../../../rails/payouts.ts';
import type { PaymentRail, RefundRail } from '../../../rails/payments.ts';

const NO_CONNECTION = 'No connection of this account takes this live money yet; nothing was sent to a provider.';
const answer = <State>(outcome: State) => ({ outcome, providerReference: null, fees: 0 });
const notFound = async () => ({ found: false as const });

export const unconnectedPayoutRail: PayoutRail = {
  submit: async () => answer({ state: 'failed', failure: { code: 'processing_failed', message: NO_CONNECTION } }),
  lookup: notFound,
};

export const unconnectedPaymentRail: PaymentRail = {
  submit: async () => answer({ state: 'failed', failure: { code: 'payment_declined', message: NO_CONNECTION } }),
  lookup: notFound,
};

export const unconnectedRefundRail: RefundRail = {
  submit: async () => answer({ state: 'failed', failure: { code: 'refund_declined', message: NO_CONNECTION } }),
  lookup: notFound,
};
