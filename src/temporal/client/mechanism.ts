// The gateway's mechanism, shared by every resource's module. Every write starts or joins the workflow its
// idempotency key names (`startOrJoin`: Update-with-Start with one conflict and one reuse policy, then the
// join-after-AlreadyStarted read), every start carries the search attributes and the summary an operator
// reads in the Temporal UI (`startOptions`), and every failure becomes the contract's error in one place
// (`classify`).
import {
  type Client,
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowFailedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
  type WorkflowHandle,
  type WorkflowStartOptions,
} from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition, type Workflow } from '@temporalio/common';
import type { EntityName, FilterQuery, MikroORM } from '@mikro-orm/postgresql';
import { ApiError, StillProcessingError } from '../../domain/errors.ts';
import { isRefusalType, refusals, type RefusalDetails } from '../../domain/failures.ts';
import type { Mode } from '../../domain/modes.ts';
import { BatchId, EndpointId, baseSearchAttributes } from '../../domain/search-attributes.ts';
import type { GatewaySettings } from './settings.ts';
import { isUnavailable } from './unavailable.ts';

// ---- Deadlines ------------------------------------------------------------------------------------------

/**
 * How long an API call waits on a workflow before it gives up on the answer (the gRPC deadline): a tenth of
 * WORKFLOW_ANSWER_TIMEOUT_MS is kept for what follows (reading the row the work created, answering), so the
 * caller hears back within WORKFLOW_ANSWER_TIMEOUT_MS.
 */
export function answerDeadlineMs(answerTimeoutMs: number): number {
  return Math.round(answerTimeoutMs * 0.9);
}

/**
 * The longest a creating update waits for an outcome before it answers `pending`, counted from the request: a
 * quarter of WORKFLOW_ANSWER_TIMEOUT_MS is left for the answer's way back (a workflow task to be scheduled and
 * run after the wait's timer fires, on a busy server).
 */
export function answerDueMs(answerTimeoutMs: number): number {
  return Math.round(answerTimeoutMs * 0.75);
}

// ---- Errors, classified once ----------------------------------------------------------------------------

/** The call's deadline passed while waiting (an update's poll, or a workflow's result). */
function isPastDeadline(err: unknown): boolean {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof WorkflowUpdateRPCTimeoutOrCancelledError || (cause as { code?: number }).code === 4) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The workflow an update or signal was meant for has closed (or never existed). */
export function isClosed(err: unknown): boolean {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof WorkflowNotFoundError) return true;
    // Not yet handled when the run ended: sent after its last task began (the server then fails an update it had
    // already admitted "because the workflow completed before the update completed").
    if ((cause as { type?: string }).type === 'AcceptedUpdateCompletedWorkflow') return true;
    if (/workflow execution already completed|completed before the update completed/i.test((cause as Error).message ?? '')) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** An update the server failed because no workflow task processed it (so it was not applied). */
function notProcessed(err: unknown): boolean {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (/wasn't processed by worker|was not processed by worker/i.test((cause as Error).message ?? '')) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The refusal an activity or update validator threw, found under the update's or workflow's failure chain. */
export function refusalIn(err: unknown): ApplicationFailure | undefined {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof ApplicationFailure && isRefusalType(cause.type)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a Temporal failure means to the caller: a refusal becomes its contract error (with the param it
 * names), a failed workflow or update `500`, an unreachable Temporal `503` (retry with the same key).
 * Anything else is returned as it is.
 */
export function classify(err: unknown, what: string): unknown {
  if (err instanceof ApiError) return err;
  const refusal = refusalIn(err);
  if (refusal && isRefusalType(refusal.type)) {
    const details = refusal.details?.[0] as RefusalDetails | undefined;
    return new ApiError(refusals[refusal.type].code, refusal.message, details?.param);
  }
  if (isPastDeadline(err)) return new StillProcessingError(what);
  // Before the reachability check, which looks down the cause chain: a workflow that ran and failed is a 500,
  // whatever its cause's message says.
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError) {
    return new ApiError('internal_error', `The ${what} could not be completed.`);
  }
  if (isUnavailable(err)) return new ApiError('service_unavailable', 'Temporal is unreachable; retry later with the same Idempotency-Key.');
  return err;
}

// ---- What every start carries ---------------------------------------------------------------------------

/** Who and what a workflow is about, for its search attributes and what the Temporal UI shows. */
export interface Subject {
  accountId: string;
  mode: Mode;
  /** The resource the workflow makes or acts on (search attribute ResourceId). */
  resourceId: string;
  /** One line: what and for whom ("Payout ₹1,000.00 to bene_… by upi"). Amounts and ids only, never a secret. */
  summary: string;
  /** The caller's idempotency key, when the workflow is keyed by one. */
  idempotencyKey?: string;
  batchId?: string;
  /** Webhook deliveries: the endpoint (deleting it finds its running deliveries by this attribute). */
  endpointId?: string;
}

export function startOptions(subject: Subject) {
  const details = [
    `account: ${subject.accountId}`,
    `mode: ${subject.mode}`,
    `resource: ${subject.resourceId}`,
    ...(subject.idempotencyKey ? [`idempotency key: ${subject.idempotencyKey}`] : []),
  ];
  return {
    typedSearchAttributes: [
      ...baseSearchAttributes(subject.accountId, subject.mode, subject.resourceId),
      ...(subject.batchId ? [{ key: BatchId, value: subject.batchId }] : []),
      ...(subject.endpointId ? [{ key: EndpointId, value: subject.endpointId }] : []),
    ],
    staticSummary: subject.summary,
    staticDetails: details.join('\n'),
  };
}

// ---- Starting, joining and updating ---------------------------------------------------------------------

/** What the mechanism works with: one client per process, the database for answers by key, the settings. */
export interface GatewayDeps {
  client: Client;
  orm: MikroORM;
  settings: GatewaySettings;
}

/** Rows the API finds by idempotency key: top-ups, payouts, payments, refunds, reports. */
interface KeyedRow {
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
}

export interface StartOrJoin<W extends Workflow, V> {
  workflow: W;
  workflowId: string;
  args: Parameters<W>;
  update: UpdateDefinition<V, []>;
  subject: Subject;
  /** What the caller is told could not be done ("payout"). */
  what: string;
  /** What an earlier run of this key created, as callers see it. */
  createdBy?: () => Promise<V | undefined>;
}

/** The mechanism bound to one client: what each resource's module calls. */
export interface Mechanism extends GatewayDeps {
  /**
   * Starts the workflow `workflowId` names, or joins it when it runs (USE_EXISTING), and answers through
   * `update` once it has accepted the work. A key whose workflow completed never runs again
   * (ALLOW_DUPLICATE_FAILED_ONLY; a refused run failed and left the key free): the start then fails with
   * AlreadyStarted, and `createdBy` answers with what that run created. So does a call whose deadline
   * passed while the work goes on: once the row is written its state is the answer (a workflow asked to answer
   * `pending` by `answerBy` whose task came late, on a stalled worker or a busy server), and only a call whose
   * row is not there yet answers `503`.
   */
  startOrJoin<W extends Workflow, V>(start: StartOrJoin<W, V>): Promise<V>;
  /** Starts a workflow that answers nothing now; a running one is joined and a closed one never runs again. */
  startOnce<W extends Workflow>(workflow: W, workflowId: string, args: Parameters<W>, subject: Subject): Promise<void>;
  /**
   * An update to a running workflow, by id. The server fails an update that a workflow task was given but did
   * not get to (the task ended busy with local activities, or the run completed): it was not applied, so it is
   * sent again, a few times, before the caller hears of it.
   */
  updateRunning<Ret, Args extends unknown[]>(workflowId: string, update: UpdateDefinition<Ret, Args>, args: Args): Promise<Ret>;
  /** The workflow by id only, so an update reaches its newest run (also after continue-as-new). */
  workflowById(workflowId: string): WorkflowHandle;
  /**
   * Runs a call that waits on a workflow's answer under the deadline every such API call has: past it,
   * the call fails with DEADLINE_EXCEEDED, which `classify` turns into StillProcessingError.
   */
  answering<T>(call: () => Promise<T>): Promise<T>;
  /** When a workflow's creating update should answer `pending` at the latest, for a call sent now (epoch ms). */
  answerBy(waitMs: number): number;
  /** The row an earlier request with this key created, as callers see it. */
  createdBy<Row extends KeyedRow, V>(entity: EntityName<Row>, view: (row: Row) => V, input: KeyedRow): () => Promise<V | undefined>;
}

export function gatewayMechanism(deps: GatewayDeps): Mechanism {
  const { client, orm, settings } = deps;
  const answering = <T>(call: () => Promise<T>): Promise<T> => client.withDeadline(Date.now() + answerDeadlineMs(settings.answerTimeoutMs), call);
  const workflowById = (workflowId: string): WorkflowHandle => client.workflow.getHandle(workflowId);
  return {
    ...deps,
    answering,
    workflowById,
    answerBy: (waitMs) => Date.now() + Math.min(waitMs, answerDueMs(settings.answerTimeoutMs)),
    createdBy: (entity, view, input) => createdBy(orm, entity, view, input),
    startOrJoin: (start) => startOrJoin(deps, answering, start),
    startOnce: (workflow, workflowId, args, subject) => startOnce(client, settings.taskQueue, workflow, workflowId, args, subject),
    updateRunning: (workflowId, update, args) => updateRunning(answering, workflowById(workflowId), update, args),
  };
}

function createdBy<Row extends KeyedRow, V>(orm: MikroORM, entity: EntityName<Row>, view: (row: Row) => V, input: KeyedRow): () => Promise<V | undefined> {
  return async () => {
    const row = await orm.em.fork().findOne(entity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey } as FilterQuery<Row>);
    return row ? view(row as Row) : undefined;
  };
}

async function startOrJoin<W extends Workflow, V>(deps: GatewayDeps, answering: Mechanism['answering'], start: StartOrJoin<W, V>): Promise<V> {
  // The generic W hides the args' tuple shape from the SDK's conditional types; the call sites are typed.
  const options = {
    workflowId: start.workflowId,
    taskQueue: deps.settings.taskQueue,
    args: start.args,
    workflowIdConflictPolicy: 'USE_EXISTING',
    workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
    ...startOptions(start.subject),
  } as unknown as ConstructorParameters<typeof WithStartWorkflowOperation<W>>[1];
  const startWorkflowOperation = new WithStartWorkflowOperation(start.workflow, options);
  try {
    return await answering(() => deps.client.workflow.executeUpdateWithStart(start.update, { startWorkflowOperation }));
  } catch (err) {
    if ((err instanceof WorkflowExecutionAlreadyStartedError || isPastDeadline(err)) && start.createdBy) {
      const existing = await start.createdBy();
      if (existing) return existing;
    }
    throw classify(err, start.what);
  }
}

async function startOnce<W extends Workflow>(client: Client, taskQueue: string, workflow: W, workflowId: string, args: Parameters<W>, subject: Subject): Promise<void> {
  try {
    await client.workflow.start(workflow, {
      workflowId,
      taskQueue,
      args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      ...startOptions(subject),
    } as unknown as WorkflowStartOptions<W>);
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}

async function updateRunning<Ret, Args extends unknown[]>(answering: Mechanism['answering'], workflow: WorkflowHandle, update: UpdateDefinition<Ret, Args>, args: Args): Promise<Ret> {
  // The SDK's overloads split on whether the update takes arguments; one call covers both.
  const handle = workflow as unknown as { executeUpdate(def: unknown, options: { args: unknown[] }): Promise<Ret> };
  for (let attempt = 1; ; attempt++) {
    try {
      return await answering(() => handle.executeUpdate(update, { args }));
    } catch (err) {
      if (attempt >= 5 || !notProcessed(err)) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}
