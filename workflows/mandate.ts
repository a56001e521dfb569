// One mandate for its whole life (`mandate/{mandate_id}`): the customer's authorization (until
// `authorization_expires_at`, then `expired` unapproved), a durable timer to `expire_at` (`expired`, by itself),
// and one update per move: the customer's approval or rejection from the hosted page, their pause, resume and
// revocation (sandbox test helpers; live, the provider's webhooks), the business's revocation. Which move fits
// which status is src/domain/mandates.ts; each move is written with its event by one activity. Orchestration only.
import {
  ApplicationFailure,
  CancellationScope,
  allHandlersFinished,
  condition,
  continueAsNew,
  defineSignal,
  defineUpdate,
  getExternalWorkflowHandle,
  log,
  patched,
  setHandler,
  sleep,
} from '@temporalio/workflow';
import type { MandateActivities, MandateRequest } from '../activities/mandates.ts';
import type { LiveMandateActivities, LiveMandateReport } from '../activities/mandates/live-mandates.ts';
import type { RefusalType } from '../src/domain/failures.ts';
import {
  type MandateAction,
  type MandateState,
  applyMandateAction,
  frequencyText,
  initialMandateState,
  isTerminal,
  mandateActionProblem,
  providerMove,
  sandboxAuthorization,
} from '../src/domain/mandates.ts';
import { formatRupees } from '../src/domain/money.ts';
import type { MandateResponse } from '../src/contract/mandates.ts';
import { created, once } from './lifecycle.ts';
import { LongLived } from './long-lived.ts';
import { databaseSteps, providerSteps } from './proxies.ts';
import { collectionEndedSignal, mandateMovedSignal } from './collection.ts';
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

/** Live: where the provider says the mandate is (its webhooks, through the provider-event workflow). */
export const providerMandateSignal = defineSignal<[LiveMandateReport]>('providerMandate');

export interface MandateWorkflowInput {
  request: MandateRequest;
  /** Sandbox slow@upi: how long its approval takes (SANDBOX_SLOW_DELAY_MS). */
  slowApprovalMs: number;
  /** Live: how often an unapproved mandate is looked up at the provider (PROVIDER_POLL_SECONDS); default 30 minutes. */
  lookEveryMs?: number;
  /** Live: how long a provider call is retried through an outage before it is given up (PROVIDER_LOOKUP_WINDOW_SECONDS); default an hour. */
  providerWindowMs?: number;
  carried?: { state: MandateState; version: number; view: MandateResponse };
}

export interface MandateWorkflowResult {
  mandateId: string;
  status: MandateState['status'] | 'duplicate';
}

const db = databaseSteps<MandateActivities>();
const provider = providerSteps<LiveMandateActivities>();
const DEFAULT_LOOK_EVERY_MS = 30 * 60_000;
const DEFAULT_PROVIDER_WINDOW_MS = 60 * 60_000;

/** A provider call retried (its activity's retry profile) at most `ms`, then cancelled: no call retries for ever. */
function atMost<T>(ms: number, call: () => Promise<T>): Promise<T> {
  return CancellationScope.withTimeout(Math.max(1, ms), call);
}
const MAX_HISTORY_PER_RUN = 5_000;
/**
 * Patch marker: the customer's answer to a mandate still `created` reaches the collections made with it (they wait
 * `created` for it). A run that answered before this has none, and replays without the lookup.
 */
const REACHES_CREATED_COLLECTIONS = 'mandate-reaches-created-collections-2026-12-07';

const refusal = (type: RefusalType, message: string) => ApplicationFailure.nonRetryable(message, type);

/** What one run of a mandate's workflow keeps besides its state: the provider's reports waiting to be applied, its cancellations in flight. */
interface MandateRun {
  life: LongLived<MandateState, MandateResponse>;
  input: MandateWorkflowInput;
  live: boolean;
  /** Live: the provider's reports, applied one at a time by the main loop. */
  reports: LiveMandateReport[];
  /** Live: the business's revocations sent on to the provider; the run ends only after them. */
  cancelling: Promise<void>[];
}

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
  const run: MandateRun = { life, input, live: request.mode === 'live', reports: [], cancelling: [] };

  const creation = once(() => db.createMandate(request));
  setHandler(createMandateUpdate, async () => {
    if (life.view) return life.view;
    const first = await creation.run();
    return life.view ?? first;
  });
  setMoveHandlers(run);
  setHandler(providerMandateSignal, (report) => {
    if (run.live) run.reports.push(report);
  });
  setHandler(collectionEndedSignal, () => release(run));

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
  if (run.live) await registerAtProvider(run);

  for (;;) {
    const status = life.state.status;
    if (isTerminal(status)) {
      await condition(allHandlersFinished);
      break;
    }
    const report = run.reports.shift();
    if (report) {
      await applyProviderReport(run, report);
      continue;
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
      await Promise.all(run.cancelling);
      await life.drained();
      return continueAsNew<typeof mandateWorkflow>({ ...input, carried: life.carried() });
    }
    const seen = life.changes;
    // Live and unapproved: the provider is asked now and then, in case a webhook of the customer's answer is lost.
    const looking = run.live && status === 'created' && life.state.registered === true;
    const wait = looking ? Math.min(remaining, input.lookEveryMs ?? DEFAULT_LOOK_EVERY_MS) : remaining;
    const woken = await condition(() => life.changes !== seen || run.reports.length > 0, wait, {
      summary: looking ? 'look at the provider' : status === 'created' ? 'authorization_expires_at' : 'expire_at',
    });
    if (!woken && looking && life.state.status === 'created') await lookAtProvider(run);
  }

  await Promise.all(run.cancelling);
  await life.drained();
  return { mandateId, status: life.state.status };
}

/**
 * Live: registers the mandate at its account's provider (the UPI AutoPay registration the hosted page shows). One the
 * provider refuses, or an account that lost its connection, can never be approved: the mandate is rejected.
 */
async function registerAtProvider(run: MandateRun): Promise<void> {
  const { life } = run;
  if (life.state.registered || life.state.status !== 'created') return;
  const { request } = run.input;
  // Retried through a provider's outage for the provider window, and never past the authorization window (then the
  // mandate expires unapproved); a registration that could not be made is rejected.
  const deadline = Math.min(request.authorizationExpiresAt, request.expireAt);
  try {
    await atMost(Math.min(deadline - Date.now(), run.input.providerWindowMs ?? DEFAULT_PROVIDER_WINDOW_MS), () => provider.registerLiveMandate(life.view!.id));
    life.set({ ...life.state, registered: true });
    await life.save();
  } catch (err) {
    if (Date.now() >= deadline || life.state.status !== 'created') return;
    log.warn('mandate registration refused by the provider: rejected', { mandateId: life.view!.id, error: String(err) });
    await move(life, 'reject');
  }
}

async function lookAtProvider(run: MandateRun): Promise<void> {
  try {
    const report = await atMost(run.input.lookEveryMs ?? DEFAULT_LOOK_EVERY_MS, () => provider.lookLiveMandate(run.life.view!.id));
    if (report) run.reports.push(report);
  } catch (err) {
    // Refused: the next look, or the provider's webhook, tells.
    log.warn('mandate look at the provider failed', { mandateId: run.life.view!.id, error: String(err) });
  }
}

/**
 * Applies what the provider says (providerMove): the customer approved, declined, paused, resumed or revoked the
 * mandate in their UPI app, or it expired there. A report that fits no move (repeated, or older than what we know)
 * changes nothing but the token it names. A report naming a new token while the mandate waits for approval is
 * followed by a look at that token at once.
 */
async function applyProviderReport(run: MandateRun, report: LiveMandateReport): Promise<void> {
  const { life } = run;
  const newToken = report.tokenReference !== null && report.tokenReference !== (life.state.providerReference ?? null);
  if (newToken) life.set({ ...life.state, providerReference: report.tokenReference });
  const action = providerMove(life.state.status, report.state);
  if (action) {
    await move(life, action, action === 'approve' && report.vpa ? { vpa: report.vpa } : {});
    return;
  }
  if (newToken) await life.save();
  if (newToken && report.state === 'pending' && life.state.status === 'created') await lookAtProvider(run);
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
  if (from === to) return;
  if (from === 'created' && !patched(REACHES_CREATED_COLLECTIONS)) return;
  const workflowIds = from === 'created' ? await db.openCollectionsOf(mandateId, true) : await db.openCollectionsOf(mandateId);
  await Promise.all(
    workflowIds.map((workflowId) =>
      getExternalWorkflowHandle(workflowId)
        .signal(mandateMovedSignal, { from, to })
        .catch(() => undefined),
    ),
  );
}

/** The customer's authorization and the pause, resume and revoke updates. */
function setMoveHandlers(run: MandateRun): void {
  const { life, input } = run;
  const authorizing = () => life.state.authorizationStartedAt !== null;
  setHandler(
    authorizeMandateUpdate,
    async ({ vpa }: AuthorizeInput): Promise<MandateResponse> => {
      checkMove(life, 'approve');
      // A live mandate is approved in the customer's UPI app, never on our page.
      if (run.live) throw refusal('InvalidState', 'A live mandate is approved in the customer\'s UPI app.');
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
      const view = await move(life, action);
      // Live, only the business revokes through us (the customer does in their UPI app): the provider's token goes
      // too, after the mandate is revoked here, so no debit is made meanwhile whatever the provider answers.
      if (run.live && action === 'revoke') run.cancelling.push(cancelAtProvider(view.id, input.providerWindowMs ?? DEFAULT_PROVIDER_WINDOW_MS));
      return view;
    },
    { validator: (action) => checkMove(life, action) },
  );
}

/**
 * The collection this mandate was made for ended: the mandate goes with it. Unapproved, it is withdrawn (`revoked`,
 * its page takes no approval); approved, revoked as the business's revoke would; live, the provider's registration
 * or token is cancelled after it. Ended already: nothing.
 */
async function release(run: MandateRun): Promise<void> {
  const { life, input } = run;
  await condition(() => life.view !== undefined);
  const status = life.state.status;
  if (isTerminal(status)) return;
  let view: MandateResponse;
  if (status === 'created') {
    life.set({ ...life.state, status: 'revoked', revokedAt: Date.now(), authorizationStartedAt: null });
    view = await life.save();
  } else {
    view = await move(life, 'revoke');
  }
  if (run.live) run.cancelling.push(cancelAtProvider(view.id, input.providerWindowMs ?? DEFAULT_PROVIDER_WINDOW_MS));
}

async function cancelAtProvider(mandateId: string, withinMs: number): Promise<void> {
  try {
    await atMost(withinMs, () => provider.cancelLiveMandate(mandateId));
  } catch (err) {
    // Refused outright (a token the provider no longer knows), or not reached within the provider window: revoked
    // here already, so no debit is made with it whatever the provider still holds.
    log.warn('token cancellation refused by the provider', { mandateId, error: String(err) });
  }
}
