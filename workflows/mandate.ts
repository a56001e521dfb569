// One mandate for its whole life (`mandate/{mandate_id}`): the customer's authorization (until
// `authorization_expires_at`, then `expired` unapproved), a durable timer to `expire_at` (`expired`, by itself),
// and one update per move: the customer's approval or rejection from the hosted page, their pause, resume and
// revocation (sandbox test helpers; live, the provider's webhooks), the business's revocation. Which move fits
// which status is src/domain/mandates.ts; each move is written with its event by one activity. Orchestration only.
import { ApplicationFailure, allHandlersFinished, condition, continueAsNew, defineUpdate, getExternalWorkflowHandle, setHandler, sleep } from '@temporalio/workflow';
import type { MandateActivities, MandateRequest } from '../activities/mandates.ts';
import type { RefusalType } from '../src/domain/failures.ts';
import {
  type MandateAction,
  type MandateState,
  applyMandateAction,
  frequencyText,
  initialMandateState,
  isTerminal,
  mandateActionProblem,
  sandboxAuthorization,
} from '../src/domain/mandates.ts';
import { formatRupees } from '../src/domain/money.ts';
import type { MandateResponse } from '../src/contract/mandates.ts';
import { created, once } from './lifecycle.ts';
import { LongLived } from './long-lived.ts';
import { databaseSteps } from './proxies.ts';
import { mandateMovedSignal } from './collection.ts';
import type { MandateStatus } from '../src/domain/mandates.ts';

/** The customer's answer on the hosted page (sandbox: the UPI ID decides). */
export interface AuthorizeInput {
  vpa: string;
}

/** Answers the creating request (Update-with-Start) once the mandate is written. */
export const createMandateUpdate = defineUpdate<MandateResponse>('createMandate');
/** The customer approves (or rejects) on the hosted page; answers with the mandate as written (still `created` while a slow approval is on its way). */
export const authorizeMandateUpdate = defineUpdate<MandateResponse, [AuthorizeInput]>('authorize');
/** Pause, resume or revoke: the customer's (test helpers, provider webhooks) or the business's revocation. */
export const mandateActionUpdate = defineUpdate<MandateResponse, [Extract<MandateAction, 'pause' | 'resume' | 'revoke'>]>('mandateAction');

export interface MandateWorkflowInput {
  request: MandateRequest;
  /** Sandbox slow@upi: how long its approval takes (SANDBOX_SLOW_DELAY_MS). */
  slowApprovalMs: number;
  carried?: { state: MandateState; version: number; view: MandateResponse };
}

export interface MandateWorkflowResult {
  mandateId: string;
  status: MandateState['status'] | 'duplicate';
}

const db = databaseSteps<MandateActivities>();
const MAX_HISTORY_PER_RUN = 5_000;

const refusal = (type: RefusalType, message: string) => ApplicationFailure.nonRetryable(message, type);

export async function mandateWorkflow(input: MandateWorkflowInput): Promise<MandateWorkflowResult> {
  const { request } = input;
  const mandateId = request.mandateId;
  const life = new LongLived<MandateState, MandateResponse>({
    initial: initialMandateState(request.vpa),
    carried: input.carried,
    write: (version, state) => db.saveMandateState({ mandateId, version, state }),
    details: (state) =>
      `**${state.status}** · up to ${formatRupees(request.maxAmount)} · ${frequencyText[request.frequency]} · expires ${new Date(request.expireAt).toISOString()}` +
      (state.authorizationStartedAt !== null ? ' · approval on its way' : ''),
    maxHistory: MAX_HISTORY_PER_RUN,
  });

  const creation = once(() => db.createMandate(request));
  setHandler(createMandateUpdate, async () => {
    if (life.view) return life.view;
    const first = await creation.run();
    return life.view ?? first;
  });
  setMoveHandlers(life, input);

  if (!life.view) {
    const view = await created(creation, 'mandate');
    life.created(view);
    if (view.id !== mandateId) {
      // The idempotency key had already made another mandate (a retried request): that one runs, not this.
      await condition(allHandlersFinished);
      return { mandateId: view.id, status: 'duplicate' };
    }
  }
  life.publish();

  for (;;) {
    const status = life.state.status;
    if (isTerminal(status)) {
      await condition(allHandlersFinished);
      break;
    }
    // Unapproved, the mandate ends when its authorization window does (or its validity, if sooner).
    const deadline = status === 'created' ? Math.min(request.authorizationExpiresAt, request.expireAt) : request.expireAt;
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const from = life.state.status;
      life.set(applyMandateAction(life.state, 'expire', Date.now()));
      await life.save();
      await reachCollections(mandateId, from, life.state.status);
      continue;
    }
    // Not while a slow approval's timer runs: it lives in this run only.
    if (life.state.authorizationStartedAt === null && life.continueAsNewDue()) {
      await condition(allHandlersFinished);
      await life.drained();
      return continueAsNew<typeof mandateWorkflow>({ ...input, carried: life.carried() });
    }
    const seen = life.changes;
    await condition(() => life.changes !== seen, remaining, { summary: status === 'created' ? 'authorization_expires_at' : 'expire_at' });
  }

  await life.drained();
  return { mandateId, status: life.state.status };
}

function checkMove(life: LongLived<MandateState, MandateResponse>, action: MandateAction): void {
  if (life.view === undefined) throw refusal('InvalidState', 'The mandate is not ready yet.');
  const problem = mandateActionProblem(life.state.status, action);
  if (problem) throw refusal('InvalidState', problem);
}

/** Applies `action` now and writes it (with its event), then tells its collections. */
async function move(life: LongLived<MandateState, MandateResponse>, action: MandateAction, change: Partial<MandateState> = {}): Promise<MandateResponse> {
  const from = life.state.status;
  life.set({ ...applyMandateAction(life.state, action, Date.now()), ...change });
  const view = await life.save();
  await reachCollections(view.id, from, life.state.status);
  return view;
}

/**
 * A move reaches the mandate's collections that may still charge: each gets a signal and follows by its own rule
 * (paused with mandate_paused, resumed, cancelled with mandate_revoked / mandate_expired). A collection whose
 * workflow has just ended needs nothing.
 */
async function reachCollections(mandateId: string, from: MandateStatus, to: MandateStatus): Promise<void> {
  if (from === to || from === 'created') return;
  const workflowIds = await db.openCollectionsOf(mandateId);
  await Promise.all(
    workflowIds.map((workflowId) =>
      getExternalWorkflowHandle(workflowId)
        .signal(mandateMovedSignal, { from, to })
        .catch(() => undefined),
    ),
  );
}

/** The customer's authorization and the pause, resume and revoke updates. */
function setMoveHandlers(life: LongLived<MandateState, MandateResponse>, input: MandateWorkflowInput): void {
  const authorizing = () => life.state.authorizationStartedAt !== null;
  setHandler(
    authorizeMandateUpdate,
    async ({ vpa }: AuthorizeInput): Promise<MandateResponse> => {
      checkMove(life, 'approve');
      if (authorizing()) return life.view!;
      const outcome = sandboxAuthorization(vpa);
      if (outcome === 'reject') return move(life, 'reject');
      if (outcome === 'approve') return move(life, 'approve', { vpa });
      life.set({ ...life.state, authorizationStartedAt: Date.now() });
      const answer = await life.save();
      void (async () => {
        await sleep(input.slowApprovalMs);
        // The authorization window or the validity may have ended meanwhile.
        if (life.state.status === 'created') await move(life, 'approve', { vpa });
      })();
      return answer;
    },
    { validator: (_answer: AuthorizeInput) => checkMove(life, 'approve') },
  );
  setHandler(
    mandateActionUpdate,
    async (action) => {
      checkMove(life, action);
      return move(life, action);
    },
    { validator: (action) => checkMove(life, action) },
  );
}
