// The Temporal side of payments, refunds and settlements for the API: starts or joins the workflow a
// request's idempotency key names, and turns what the workflow refused into the contract's errors.
import { type Client, WithStartWorkflowOperation, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApiError } from '../domain/errors.ts';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import type { PaymentRequest } from '../../activities/payments.ts';
import type { RefundRequest } from '../../activities/refunds.ts';
import { PaymentEntity, RefundEntity } from '../db/entities.ts';
import { paymentView, refundView, type PaymentView, type RefundView, type SettlementView } from '../db/views.ts';
import { createPaymentUpdate, paymentWorkflow } from '../../workflows/payment.ts';
import { createRefundUpdate, refundWorkflow } from '../../workflows/refund.ts';
import { settlementRunWorkflow } from '../../workflows/settlement.ts';
import { paymentWorkflowId, refundWorkflowId, settlementRunWorkflowId } from './ids.ts';
import { baseSearchAttributes } from './search-attributes.ts';

/** What the API passes: the activity's request without the ids the gateway makes up. */
export type CreatePaymentInput = Omit<PaymentRequest, 'paymentId'>;
export type CreateRefundInput = Omit<RefundRequest, 'refundId'>;

export interface PaymentsGateway {
  /**
   * Starts (or joins) the payment workflow keyed by (account, mode, key); answers with the outcome
   * (`captured` / `failed`) or, when it takes longer than the sync wait, `pending`.
   */
  createPayment(input: CreatePaymentInput): Promise<PaymentView>;
  /**
   * Starts (or joins) the refund workflow keyed by (account, mode, key); answers once the refund is
   * written `pending` with its amount reserved. Refusals (nothing created, key stays free) throw ApiError:
   * not_found (payment_id), invalid_state (payment not captured), invalid_request (amount), insufficient_funds.
   */
  createRefund(input: CreateRefundInput): Promise<RefundView>;
  /** Settles the account + mode now (sandbox test helper); the settlements it created (none or one). */
  runSettlement(input: { accountId: string; mode: Mode; simulate?: readonly string[] }): Promise<SettlementView[]>;
}

/** The ApplicationFailure an activity threw, found under the update's failure chain. */
function activityFailure(err: unknown): ApplicationFailure | undefined {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof ApplicationFailure && cause.type && !['PaymentRefused', 'RefundRefused'].includes(cause.type)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Errors classified once, at the boundary: what a payment or refund activity's refusal means to the caller. */
function refusal(err: unknown): ApiError | undefined {
  const failure = activityFailure(err);
  if (!failure) return undefined;
  const param = (failure.details?.[0] as { param?: string } | undefined)?.param;
  switch (failure.type) {
    case 'InsufficientFunds':
      return new ApiError('insufficient_funds', 'The available balance cannot cover this refund.');
    case 'InvalidState':
      return new ApiError('invalid_state', failure.message, param);
    case 'InvalidRequest':
      return new ApiError('invalid_request', failure.message, param);
    case 'NotFound':
      return new ApiError('not_found', failure.message, param);
    default:
      return undefined;
  }
}

export function createPaymentsGateway(deps: {
  client: Client;
  orm: MikroORM;
  taskQueue: string;
  paymentSyncWaitMs: number;
  /** The shared classification of Temporal errors (unreachable → 503, failed → 500). */
  toApiError: (err: unknown, what: string) => ApiError | undefined;
}): PaymentsGateway {
  const { client, taskQueue } = deps;
  const fail = (err: unknown, what: string): never => {
    throw refusal(err) ?? deps.toApiError(err, what) ?? err;
  };

  return {
    async createPayment(input) {
      const paymentId = newId('payment');
      const startWorkflowOperation = new WithStartWorkflowOperation(paymentWorkflow, {
        workflowId: paymentWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        taskQueue,
        args: [{ request: { paymentId, ...input }, syncWaitMs: deps.paymentSyncWaitMs }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, paymentId),
      });
      try {
        return await client.workflow.executeUpdateWithStart(createPaymentUpdate, { startWorkflowOperation });
      } catch (err) {
        // The key's workflow is closed: answer with the payment it created.
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          const row = await deps.orm.em.fork().findOne(PaymentEntity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey });
          if (row) return paymentView(row);
        }
        return fail(err, 'payment');
      }
    },

    async createRefund(input) {
      const refundId = newId('refund');
      const startWorkflowOperation = new WithStartWorkflowOperation(refundWorkflow, {
        workflowId: refundWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        taskQueue,
        args: [{ request: { refundId, ...input } }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        // A refund that was created always completes its run; a refused one fails it, freeing the key.
        workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
        typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, refundId),
      });
      try {
        return await client.workflow.executeUpdateWithStart(createRefundUpdate, { startWorkflowOperation });
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) {
          const row = await deps.orm.em.fork().findOne(RefundEntity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey });
          if (row) return refundView(row);
        }
        return fail(err, 'refund');
      }
    },

    async runSettlement(input) {
      const settlementId = newId('settlement');
      try {
        return await client.workflow.execute(settlementRunWorkflow, {
          workflowId: settlementRunWorkflowId(settlementId),
          taskQueue,
          args: [{ ...input, settlementId }],
          typedSearchAttributes: baseSearchAttributes(input.accountId, input.mode, settlementId),
        });
      } catch (err) {
        return fail(err, 'settlement');
      }
    },
  };
}
