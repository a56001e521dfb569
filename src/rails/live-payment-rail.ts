// Live payments and refunds need an acquirer connector, which this service does not have yet. Until it
// does, a live payment is declined by the rail (and a live refund fails, its money released), never faked.
import type { PaymentRail, RefundRail } from './payments.ts';

const message = 'No live payment connector is configured.';

export function createUnconnectedLivePaymentRail(): PaymentRail {
  return {
    async submit(submission) {
      return { reference: submission.paymentId };
    },
    async status() {
      return { state: 'failed', code: 'payment_declined', message };
    },
  };
}

export function createUnconnectedLiveRefundRail(): RefundRail {
  return {
    async submit(submission) {
      return { reference: submission.refundId };
    },
    async status() {
      return { state: 'failed', code: 'refund_declined', message };
    },
  };
}
