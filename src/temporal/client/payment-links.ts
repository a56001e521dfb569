// Payment links through the gateway: one workflow per link, started by the create; cancel and each pay
// attempt from the hosted page are updates to it.
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { isPayable } from '../../domain/payment-links.ts';
import { paymentLinkWorkflowId } from '../../domain/workflow-ids.ts';
import { PaymentLinkEntity } from '../../db/entities.ts';
import type { PaymentLinkResponse } from '../../contract/payment-links.ts';
import type { PaymentLinkRequest } from '../../../activities/payment-links.ts';
import {
  type PayAttemptInput,
  type PayAttemptResult,
  cancelPaymentLinkUpdate,
  createPaymentLinkUpdate,
  payPaymentLinkUpdate,
  paymentLinkWorkflow,
} from '../../../workflows/payment-link.ts';
import { classify, isClosed, refusalIn, type Mechanism } from './mechanism.ts';

export type CreatePaymentLinkInput = Omit<PaymentLinkRequest, 'linkId' | 'shortUrl'>;

/** What a pay attempt on a link's page came to: the payment it made, or why it made none. */
export type PayLinkOutcome =
  | ({ kind: 'attempted' } & PayAttemptResult)
  | { kind: 'refused'; reason: 'busy' | 'not_payable' | 'amount'; message: string };

export interface PaymentLinkGateway {
  /** Starts the link's workflow, which writes it `created` and expires it at `expire_by`; answers once it is written. */
  createPaymentLink(input: CreatePaymentLinkInput): Promise<PaymentLinkResponse>;
  /** Cancels a link in status created (after an attempt in flight); invalid_state otherwise. */
  cancelPaymentLink(link: { id: string; accountId: string; mode: Mode }): Promise<PaymentLinkResponse>;
  /** A customer's pay attempt from the hosted page; answers with the outcome, `pending` after the link's wait. */
  payPaymentLink(linkId: string, attempt: PayAttemptInput): Promise<PayLinkOutcome>;
}

export function paymentLinkGateway(m: Mechanism): PaymentLinkGateway {
  return {
    createPaymentLink(input) {
      const linkId = newId('paymentLink');
      // Read at each call: the API's own address is known only once it listens (stack.ts).
      const settings = m.settings.paymentLinks;
      return m.startOrJoin({
        workflow: paymentLinkWorkflow,
        workflowId: paymentLinkWorkflowId(linkId),
        args: [{ request: { linkId, shortUrl: `${settings.publicBaseUrl}/pay/${linkId}`, ...input }, payWaitMs: settings.payWaitMs, attemptHoldMs: settings.attemptHoldMs[input.mode] }],
        update: createPaymentLinkUpdate,
        subject: { ...input, resourceId: linkId, summary: `Payment link ${formatRupees(input.amount)}${input.referenceId ? ` (${input.referenceId})` : ''}` },
        what: 'payment link',
      });
    },

    async cancelPaymentLink(link) {
      try {
        return await m.updateRunning(paymentLinkWorkflowId(link.id), cancelPaymentLinkUpdate, []);
      } catch (err) {
        // The workflow has ended: the link is paid, expired or cancelled, which cancel does not fit.
        if (isClosed(err)) {
          const row = await m.orm.em.fork().findOne(PaymentLinkEntity, { id: link.id, accountId: link.accountId, mode: link.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} payment link cannot be cancelled; only a link in status created can.`);
        }
        throw classify(err, 'payment link cancellation');
      }
    },

    payPaymentLink: (linkId, attempt) => payPaymentLink(m, linkId, attempt),
  };
}

async function payPaymentLink(m: Mechanism, linkId: string, attempt: PayAttemptInput): Promise<PayLinkOutcome> {
  const closedAnswer = async (): Promise<PayLinkOutcome | undefined> => {
    const row = await m.orm.em.fork().findOne(PaymentLinkEntity, { id: linkId });
    return row && !isPayable(row.status) ? { kind: 'refused', reason: 'not_payable', message: `This link is ${row.status} and takes no payment.` } : undefined;
  };
  try {
    const result = await m.updateRunning(paymentLinkWorkflowId(linkId), payPaymentLinkUpdate, [attempt]);
    return { kind: 'attempted', ...result };
  } catch (err) {
    const refusal = refusalIn(err);
    if (refusal?.type === 'Busy') return { kind: 'refused', reason: 'busy', message: refusal.message };
    if (refusal?.type === 'InvalidState') return { kind: 'refused', reason: 'not_payable', message: refusal.message };
    if (refusal?.type === 'InvalidRequest') return { kind: 'refused', reason: 'amount', message: refusal.message };
    // The run ended as the attempt arrived: the server then answers "already completed", or fails an update
    // the last workflow task did not get to ("wasn't processed by worker"). Nothing was charged; the link
    // is paid, expired or cancelled.
    const closed = err instanceof WorkflowUpdateFailedError || isClosed(err) ? await closedAnswer() : undefined;
    if (closed) return closed;
    throw classify(err, 'payment');
  }
}
