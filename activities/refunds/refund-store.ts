// What a refund stores of its own in the one lifecycle (activities/lifecycle.ts).
import type { RefundFailureCode, RefundStatus } from '../../src/domain/refunds.ts';
import { refundLifecycle } from '../../src/domain/refunds.ts';
import { RefundEntity, type Refund } from '../../src/db/entities.ts';
import { addRefunded } from '../../src/db/refunds.ts';
import { refundView } from '../../src/db/views.ts';
import type { LifecycleStore } from '../lifecycle.ts';
import type { RefundResponse } from '../../src/contract/refunds.ts';

/** What a refund stores of its own on entering a status. */
export const refundStore: LifecycleStore<RefundStatus, RefundFailureCode, Refund, RefundResponse> = {
  lifecycle: refundLifecycle,
  entity: RefundEntity,
  view: refundView,
  defaultFailure: { code: 'refund_declined', message: 'The refund was declined.' },
  enter(refund, move, now) {
    if (move.to === 'processed') {
      refund.processedAt = now;
      refund.utr = move.utr ?? refund.utr ?? null;
    }
  },
  // A processed refund adds to its payment's amount_refunded: payment row before ledger rows, the order
  // createRefund locks them in (no deadlock between them). The CHECK on payments keeps it <= amount.
  async alongside(tx, refund, to) {
    if (to === 'processed') await addRefunded(tx, refund.paymentId, Number(refund.amount));
  },
};

