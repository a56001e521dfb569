// Refunds through the gateway: Update-with-Start keyed by the caller's key, answered once the refund is
// written with its amount reserved.
import { newId } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { refundWorkflowId } from '../../domain/workflow-ids.ts';
import { RefundEntity } from '../../db/entities.ts';
import { refundView } from '../../db/views.ts';
import type { RefundResponse } from '../../contract/refunds.ts';
import type { RefundRequest } from '../../../activities/refunds.ts';
import { createRefundUpdate, refundWorkflow } from '../../../workflows/refund.ts';
import type { Mechanism } from './mechanism.ts';

export type CreateRefundInput = Omit<RefundRequest, 'refundId'>;

export interface RefundGateway {
  /**
   * Answers once the refund is written `pending` with its amount reserved. Refusals: not_found (payment_id),
   * invalid_state (payment not captured), invalid_request (amount), insufficient_funds.
   */
  createRefund(input: CreateRefundInput): Promise<RefundResponse>;
}

export function refundGateway(m: Mechanism): RefundGateway {
  return {
    createRefund(input) {
      const refundId = newId('refund');
      return m.startOrJoin({
        workflow: refundWorkflow,
        workflowId: refundWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ request: { refundId, ...input } }],
        update: createRefundUpdate,
        subject: {
          ...input,
          resourceId: refundId,
          summary: `Refund ${input.amount === null ? 'in full' : formatRupees(input.amount)} of ${input.paymentId}`,
        },
        what: 'refund',
        createdBy: m.createdBy(RefundEntity, refundView, input),
      });
    },
  };
}
