// Mandates through the gateway: one workflow per mandate, started by the create; the customer's authorization
// from the hosted page, their pause, resume and revocation and the business's revocation are updates to it.
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import { type MandateAction, frequencyText } from '../../domain/mandates.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { mandateWorkflowId } from '../../domain/workflow-ids.ts';
import { MandateEntity } from '../../db/entities.ts';
import { mandateView } from '../../db/views.ts';
import type { MandateResponse } from '../../contract/mandates.ts';
import type { MandateRequest } from '../../../activities/mandates.ts';
import { authorizeMandateUpdate, createMandateUpdate, mandateActionUpdate, mandateWorkflow } from '../../../workflows/mandate.ts';
import { classify, isClosed, refusalIn, type Mechanism } from './mechanism.ts';

export type CreateMandateInput = Omit<MandateRequest, 'mandateId' | 'authorizationUrl'>;
export type MandateMove = Extract<MandateAction, 'pause' | 'resume' | 'revoke'>;

/** What the customer's answer on the page came to: the mandate as written, or why it was not taken. */
export type AuthorizeOutcome = { kind: 'taken'; mandate: MandateResponse } | { kind: 'refused'; message: string };

export interface MandateGateway {
  /** Starts the mandate's workflow, which writes it `created`, expires it unapproved or at `expire_at`; answers once it is written. */
  createMandate(input: CreateMandateInput): Promise<MandateResponse>;
  /** A move on the mandate (the customer's pause/resume/revoke, the business's revoke); invalid_state when it does not fit. */
  mandateAction(mandate: { id: string; accountId: string; mode: Mode }, action: MandateMove): Promise<MandateResponse>;
  /** The customer's answer on the hosted page. */
  authorizeMandate(mandateId: string, vpa: string): Promise<AuthorizeOutcome>;
}

export function mandateGateway(m: Mechanism): MandateGateway {
  return {
    createMandate(input) {
      const mandateId = newId('mandate');
      // Read at each call: the API's own address is known only once it listens (stack.ts).
      const authorizationUrl = `${m.settings.paymentLinks.publicBaseUrl}/mandates/${mandateId}/authorize`;
      return m.startOrJoin({
        workflow: mandateWorkflow,
        workflowId: mandateWorkflowId(mandateId),
        args: [{ request: { mandateId, authorizationUrl, ...input }, slowApprovalMs: m.settings.mandates.slowApprovalMs, lookEveryMs: m.settings.mandates.lookEveryMs, providerWindowMs: m.settings.mandates.providerWindowMs }],
        update: createMandateUpdate,
        subject: { ...input, resourceId: mandateId, summary: `Mandate up to ${formatRupees(input.maxAmount)}, ${frequencyText[input.frequency].toLowerCase()}, for ${input.customerId}` },
        what: 'mandate',
        createdBy: m.createdBy(MandateEntity, mandateView, input),
      });
    },

    async mandateAction(mandate, action) {
      try {
        return await m.updateRunning(mandateWorkflowId(mandate.id), mandateActionUpdate, [action]);
      } catch (err) {
        // The workflow has ended: the mandate is rejected, revoked or expired, which no move fits.
        if (isClosed(err) || (err instanceof WorkflowUpdateFailedError && !refusalIn(err))) {
          const row = await m.orm.em.fork().findOne(MandateEntity, { id: mandate.id, accountId: mandate.accountId, mode: mandate.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} mandate cannot be ${action === 'pause' ? 'paused' : action === 'resume' ? 'resumed' : 'revoked'}.`);
        }
        throw classify(err, 'mandate');
      }
    },

    async authorizeMandate(mandateId, vpa) {
      try {
        return { kind: 'taken', mandate: await m.updateRunning(mandateWorkflowId(mandateId), authorizeMandateUpdate, [{ vpa }]) };
      } catch (err) {
        const refusal = refusalIn(err);
        if (refusal) return { kind: 'refused', message: refusal.message };
        if (isClosed(err) || err instanceof WorkflowUpdateFailedError) return { kind: 'refused', message: 'This mandate takes no approval any more.' };
        throw classify(err, 'mandate authorization');
      }
    },
  };
}
