// Single payouts through the gateway: the create (Update-with-Start keyed by the caller's key) and the
// sandbox test helper's moves, which reach the payout's workflow while it runs and a short transition
// workflow after it has closed.
import { ApiError } from '../../domain/errors.ts';
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { payoutLifecycle, type PayoutStatus } from '../../domain/payouts.ts';
import { payoutTransitionWorkflowId, payoutWorkflowId } from '../../domain/workflow-ids.ts';
import { PayoutEntity } from '../../db/entities.ts';
import { payoutView } from '../../db/views.ts';
import type { PayoutResponse } from '../../contract/payouts.ts';
import type { PayoutRequest, PayoutWaitAction } from '../../../activities/payouts.ts';
import { createPayoutUpdate, movePayoutUpdate, payoutTransitionWorkflow, payoutWaitUpdate, payoutWorkflow } from '../../../workflows/payout.ts';
import { classify, isClosed, startOptions, type Mechanism } from './mechanism.ts';

/** The activity's request without what the gateway (the id) and batches fill in. */
export type CreatePayoutInput = Omit<PayoutRequest, 'payoutId' | 'batchId'>;

export type PayoutAction = 'complete' | 'fail' | 'reverse';

/** The payout a test helper moves, as the route read it. */
export interface MovedPayout {
  id: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  status: PayoutStatus;
}

export interface PayoutGateway {
  /** Answers once the money is reserved. Refusals: insufficient_funds, not_found (beneficiary_id), invalid_method. */
  createPayout(input: CreatePayoutInput): Promise<PayoutResponse>;
  /** A sandbox test helper's move of a payout; invalid_state (409) when the transition table refuses it. */
  payoutAction(payout: MovedPayout, action: PayoutAction): Promise<PayoutResponse>;
  /**
   * An approval, rejection or cancel of a waiting payout, or the sandbox's advance of its time, through its workflow.
   * Refusals: invalid_state (409: it does not wait, or not for this), permission_denied (403: maker and checker).
   */
  payoutWaitAction(payout: MovedPayout, action: PayoutWaitAction): Promise<PayoutResponse>;
}

export function payoutGateway(m: Mechanism): PayoutGateway {
  return {
    createPayout(input) {
      const payoutId = newId('payout');
      return m.startOrJoin({
        workflow: payoutWorkflow,
        workflowId: payoutWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ create: { origin: 'single', request: { payoutId, ...input, batchId: null } } }],
        update: createPayoutUpdate,
        subject: { ...input, resourceId: payoutId, summary: `Payout ${formatRupees(input.amount)} to ${input.beneficiaryId} by ${input.transferMode}` },
        what: 'payout',
        // The key's workflow is closed (it created its payout, alone or in a batch): answer with that payout.
        createdBy: m.createdBy(PayoutEntity, payoutView, input),
      });
    },
    payoutAction: (payout, action) => payoutAction(m, payout, action),
    async payoutWaitAction(payout, action) {
      try {
        return await m.updateRunning(payoutWorkflowId(payout.accountId, payout.mode, payout.idempotencyKey), payoutWaitUpdate, [action]);
      } catch (err) {
        // Its workflow has closed: the payout no longer waits (it left its waits just now).
        if (isClosed(err)) {
          const now = (await m.orm.em.fork().findOne(PayoutEntity, { id: payout.id }))?.status ?? payout.status;
          throw new ApiError('invalid_state', `A ${now} payout does not wait any more.`);
        }
        throw classify(err, 'payout wait');
      }
    },
  };
}

async function payoutAction(m: Mechanism, payout: MovedPayout, action: PayoutAction): Promise<PayoutResponse> {
  const to = action === 'complete' ? 'completed' : action === 'fail' ? 'failed' : 'reversed';
  const move = { id: payout.id, to, ...(to === 'failed' ? { failure: { code: 'rejected_by_bank' as const, message: 'Failed by a sandbox test helper.' } } : {}) } as const;
  try {
    // While the payout's workflow still watches it, the workflow takes the move (and looks again at once).
    return await m.updateRunning(payoutWorkflowId(payout.accountId, payout.mode, payout.idempotencyKey), movePayoutUpdate, [move]);
  } catch (err) {
    if (!isClosed(err)) throw classify(err, 'payout action');
  }
  // Its workflow has closed, so the payout is settled and its status only moves by hand now. A move the
  // transition table refuses is answered here; one it allows (a completed payout reversed) runs the same
  // transition activity in a short workflow.
  const now = (await m.orm.em.fork().findOne(PayoutEntity, { id: payout.id }))?.status ?? payout.status;
  if (now !== to && !payoutLifecycle.canTransition(now, to)) throw new ApiError('invalid_state', `A ${now} payout cannot become ${to}.`);
  try {
    return await m.answering(() =>
      m.client.workflow.execute(payoutTransitionWorkflow, {
        workflowId: payoutTransitionWorkflowId(payout.id, to),
        taskQueue: m.settings.taskQueue,
        args: [move],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'ALLOW_DUPLICATE',
        ...startOptions({ ...payout, resourceId: payout.id, summary: `Test helper: payout ${payout.id} ${to}` }),
      }),
    );
  } catch (err) {
    throw classify(err, 'payout action');
  }
}
