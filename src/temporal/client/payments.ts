// Payments through the gateway: Update-with-Start keyed by the caller's key, answered with the outcome or,
// after the sync wait, `pending`.
import { newId } from '../../domain/ids.ts';
import { formatRupees } from '../../domain/money.ts';
import { paymentWorkflowId } from '../../domain/workflow-ids.ts';
import { PaymentEntity } from '../../db/entities.ts';
import { paymentView } from '../../db/views.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import type { PaymentRequest } from '../../../activities/payments.ts';
import { createPaymentUpdate, paymentWorkflow } from '../../../workflows/payment.ts';
import type { Mechanism } from './mechanism.ts';

export type CreatePaymentInput = Omit<PaymentRequest, 'paymentId'>;

export interface PaymentGateway {
  /** Answers with the outcome (`captured` / `failed`) or, after the sync wait, `pending`. */
  createPayment(input: CreatePaymentInput): Promise<PaymentResponse>;
}

export function paymentGateway(m: Mechanism): PaymentGateway {
  return {
    createPayment(input) {
      const paymentId = newId('payment');
      const syncWaitMs = m.settings.paymentSyncWaitMs;
      return m.startOrJoin({
        workflow: paymentWorkflow,
        workflowId: paymentWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ request: { paymentId, ...input }, answerBy: m.answerBy(syncWaitMs) }],
        update: createPaymentUpdate,
        subject: { ...input, resourceId: paymentId, summary: `Payment ${formatRupees(input.amount)} by ${input.method}${input.customerId ? ` from ${input.customerId}` : ''}` },
        what: 'payment',
        createdBy: m.createdBy(PaymentEntity, paymentView, input),
      });
    },
  };
}
