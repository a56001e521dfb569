// The one way into Temporal for the API, the CLI and the outbox dispatcher. Every write starts or joins the
// workflow its idempotency key names (`startOrJoin`: Update-with-Start with one conflict and one reuse
// policy, then the join-after-AlreadyStarted read), every start carries the search attributes and the
// summary an operator reads in the Temporal UI, and every failure becomes the contract's error in one
// place (`classify`).
import {
  Client,
  Connection,
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
import type { CollectionRequest } from '../../../activities/collections.ts';
import type { PaymentLinkRequest } from '../../../activities/payment-links.ts';
import type { ReportRequest } from '../../../activities/reports.ts';
import { runLimited } from '../../domain/concurrency.ts';
import type { PaymentRequest } from '../../../activities/payments.ts';
import type { PayoutRequest } from '../../../activities/payouts.ts';
import type { RefundRequest } from '../../../activities/refunds.ts';
import type { Config } from '../../config.ts';
import type { CollectionAction } from '../../domain/collections.ts';
import { ApiError, StillProcessingError } from '../../domain/errors.ts';
import { isRefusalType, refusals, type RefusalDetails } from '../../domain/failures.ts';
import { newId } from '../../domain/ids.ts';
import type { Mode } from '../../domain/modes.ts';
import { formatRupees } from '../../domain/money.ts';
import { payoutLifecycle, type PayoutStatus } from '../../domain/payouts.ts';
import { isPayable } from '../../domain/payment-links.ts';
import type { FailedDelivery } from '../../domain/webhooks.ts';
import { BatchId, EndpointId, baseSearchAttributes } from '../../domain/search-attributes.ts';
import {
  collectionWorkflowId,
  keySegment,
  paymentLinkWorkflowId,
  reportWorkflowId,
  paymentWorkflowId,
  payoutBatchWorkflowId,
  payoutTransitionWorkflowId,
  payoutWorkflowId,
  providerEventWorkflowId,
  refundWorkflowId,
  settlementRunWorkflowId,
  topUpWorkflowId,
  webhookDeliveryWorkflowId,
  webhookFanOutWorkflowId,
} from '../../domain/workflow-ids.ts';
import { CollectionEntity, PaymentEntity, PaymentLinkEntity, PayoutEntity, RefundEntity, ReportEntity, type Report, SettlementEntity, TopUpEntity } from '../../db/entities.ts';
import { paymentView, payoutView, refundView, reportView, settlementView, topUpView } from '../../db/views.ts';
import { collectionActionUpdates, collectionWorkflow, createCollectionUpdate } from '../../../workflows/collection.ts';
import { createPaymentUpdate, paymentWorkflow } from '../../../workflows/payment.ts';
import {
  type PayAttemptInput,
  type PayAttemptResult,
  cancelPaymentLinkUpdate,
  createPaymentLinkUpdate,
  payPaymentLinkUpdate,
  paymentLinkWorkflow,
} from '../../../workflows/payment-link.ts';
import { createPayoutUpdate, movePayoutUpdate, payoutTransitionWorkflow, payoutWorkflow } from '../../../workflows/payout.ts';
import { payoutBatchWorkflow } from '../../../workflows/payout-batch.ts';
import { createRefundUpdate, refundWorkflow } from '../../../workflows/refund.ts';
import { settlementRunWorkflow } from '../../../workflows/settlement.ts';
import { createTopUpUpdate, topUpWorkflow } from '../../../workflows/top-up.ts';
import { gapAfter, webhookDeliveryWorkflow, type WebhookDeliveryInput, type WebhookRetrySchedule } from '../../../workflows/webhook-delivery.ts';
import { webhookFanOutWorkflow } from '../../../workflows/webhook-fan-out.ts';
import type { CollectionResponse } from '../../contract/collections.ts';
import type { PaymentLinkResponse } from '../../contract/payment-links.ts';
import type { ReportResponse } from '../../contract/reports.ts';
import { createReportUpdate, reportWorkflow } from '../../../workflows/report.ts';
import { stepsMemo } from '../../../workflows/proxies.ts';
import type { PaymentResponse } from '../../contract/payments.ts';
import type { PayoutResponse } from '../../contract/payouts.ts';
import type { RefundResponse } from '../../contract/refunds.ts';
import type { SettlementResponse } from '../../contract/settlements.ts';
import type { TopUpResponse } from '../../contract/top-ups.ts';

// ---- What the API passes ------------------------------------------------------------------------------

export interface CreateTopUpInput {
  accountId: string;
  mode: Mode;
  /** The caller's Idempotency-Key (or a fresh one the API made up when there was none). */
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  description: string | null;
  metadata: Record<string, string>;
}
/** The activity's request without what the gateway (the id) and batches fill in. */
export type CreatePayoutInput = Omit<PayoutRequest, 'payoutId' | 'batchId'>;
export type CreatePaymentInput = Omit<PaymentRequest, 'paymentId'>;
export type CreateRefundInput = Omit<RefundRequest, 'refundId'>;
export type CreateCollectionInput = Omit<CollectionRequest, 'collectionId'>;
export type CreatePaymentLinkInput = Omit<PaymentLinkRequest, 'linkId' | 'shortUrl'>;
export type CreateReportInput = Omit<ReportRequest, 'reportId'>;

/** What a pay attempt on a link's page came to: the payment it made, or why it made none. */
export type PayLinkOutcome =
  | ({ kind: 'attempted' } & PayAttemptResult)
  | { kind: 'refused'; reason: 'busy' | 'not_payable' | 'amount'; message: string };

export type PayoutAction = 'complete' | 'fail' | 'reverse';

export interface StartPayoutBatchInput {
  batchId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
}

export interface RedeliverEventInput {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointIds: readonly string[];
  /** The request's idempotency key: a retried request reaches the same redelivery workflows. */
  idempotencyKey: string;
}

/** One delivery of an event to an endpoint, as the outbox dispatcher and redelivery ask for it. */
export interface DeliveryStart {
  accountId: string;
  mode: Mode;
  eventId: string;
  endpointId: string;
  /** `duplicate`, `redeliver/{key}`: a further delivery of the same pair (workflow-ids.ts). */
  variant?: string;
  /** Deliver only after this (newer) event's first attempt to the same endpoint. */
  after?: string;
}

export interface TemporalGateway {
  /** Answers once the top-up and its posting are written. */
  createTopUp(input: CreateTopUpInput): Promise<TopUpResponse>;
  /** Answers once the money is reserved. Refusals: insufficient_funds, not_found (beneficiary_id), invalid_method. */
  createPayout(input: CreatePayoutInput): Promise<PayoutResponse>;
  /** A sandbox test helper's move of a payout; invalid_state (409) when the transition table refuses it. */
  payoutAction(payout: { id: string; accountId: string; mode: Mode; idempotencyKey: string; status: PayoutStatus }, action: PayoutAction): Promise<PayoutResponse>;
  /** Starts (or joins) the batch workflow of a stored batch; returns at once. */
  startPayoutBatch(input: StartPayoutBatchInput): Promise<void>;
  /**
   * An operator's restart of a batch whose workflow failed, was terminated or timed out (`payctl batches
   * restart`): a new run under the same id. Settled items are skipped and joined items stay joined, so no
   * item is paid twice. A running workflow is left alone; a completed one never runs again.
   */
  restartPayoutBatch(input: StartPayoutBatchInput): Promise<'restarted' | 'running' | 'completed'>;
  /** Answers with the outcome (`captured` / `failed`) or, after the sync wait, `pending`. */
  createPayment(input: CreatePaymentInput): Promise<PaymentResponse>;
  /**
   * Answers once the refund is written `pending` with its amount reserved. Refusals: not_found (payment_id),
   * invalid_state (payment not captured), invalid_request (amount), insufficient_funds.
   */
  createRefund(input: CreateRefundInput): Promise<RefundResponse>;
  /** Settles the account + mode now (sandbox test helper); the settlements it created (none or one). */
  runSettlement(input: { accountId: string; mode: Mode; simulate?: readonly string[] }): Promise<SettlementResponse[]>;
  /** Starts the collection's workflow, which writes it `active`; answers once it is written. */
  createCollection(input: CreateCollectionInput): Promise<CollectionResponse>;
  /** pause / resume / cancel / advance (answers after the charge attempt); invalid_state when it does not fit. */
  collectionAction(collection: { id: string; accountId: string; mode: Mode }, action: CollectionAction): Promise<CollectionResponse>;
  /** Starts the link's workflow, which writes it `created` and expires it at `expire_by`; answers once it is written. */
  createPaymentLink(input: CreatePaymentLinkInput): Promise<PaymentLinkResponse>;
  /** Cancels a link in status created (after an attempt in flight); invalid_state otherwise. */
  cancelPaymentLink(link: { id: string; accountId: string; mode: Mode }): Promise<PaymentLinkResponse>;
  /** A customer's pay attempt from the hosted page; answers with the outcome, `pending` after the link's wait. */
  payPaymentLink(linkId: string, attempt: PayAttemptInput): Promise<PayLinkOutcome>;
  /** Starts the report's workflow; answers once the report is ready or failed, or `pending` after a few seconds. */
  createReport(input: CreateReportInput): Promise<ReportResponse>;
  /** One delivery workflow; a running one is joined and a closed one never starts again. */
  startDelivery(start: DeliveryStart): Promise<void>;
  /**
   * The first attempts of a batch of one account's outbox events (ids in order), in one workflow that
   * queues a retry workflow per failed delivery (webhook_retry_queue). Starting the same batch twice reaches the same workflow.
   */
  startWebhookFanOut(batch: { accountId: string; mode: Mode; eventIds: readonly string[] }): Promise<void>;
  /** The retry workflows of deliveries whose first attempt failed, each held until its first retry is due. */
  startDeliveryRetries(failed: readonly FailedDelivery[]): Promise<void>;
  /** POST /v1/events/:id/redeliver: one more delivery workflow per endpoint. */
  redeliverEvent(input: RedeliverEventInput): Promise<void>;
  /** DELETE /v1/webhook_endpoints/:id: terminates the endpoint's running deliveries (each attempt also checks). */
  stopWebhookDeliveries(endpointId: string): Promise<void>;
  /**
   * A verified inbound provider webhook: its workflow (`provider-event/{connection_id}/{event_id}`) applies it. Starting
   * the same event twice reaches the same workflow, so a provider's retry changes nothing more.
   */
  startProviderEvent(input: ProviderEventStart): Promise<void>;
  /** True when the Temporal frontend answers (for /readyz). */
  isReachable(): Promise<boolean>;
}

export interface ProviderEventStart {
  connectionId: string;
  provider: string;
  eventId: string;
  /** The verified raw body, as the provider signed it. */
  body: string;
}

// ---- Settings from configuration -----------------------------------------------------------------------

export interface WebhookDeliverySettings {
  retry: WebhookRetrySchedule;
  /** The receiver's time limit for one attempt (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** out_of_order_webhooks: how long a delivery waits for the newer event's first attempt. */
  outOfOrderWaitMs: number;
}

/** Everything the gateway takes from configuration. */
export function gatewaySettings(config: Config): GatewaySettings {
  return {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    batchWindow: config.PAYOUT_BATCH_WINDOW,
    paymentSyncWaitMs: config.PAYMENT_SYNC_WAIT_MS,
    answerTimeoutMs: config.WORKFLOW_ANSWER_TIMEOUT_MS,
    webhooks: webhookDeliverySettings(config),
    collections: { retryDelaysMs: config.COLLECTION_RETRY_DELAYS_MS, intervalMs: config.COLLECTION_INTERVAL_MS ?? null },
    paymentLinks: { publicBaseUrl: config.publicBaseUrl, payWaitMs: config.PAYMENT_LINK_PAY_WAIT_MS },
  };
}

/** The delivery settings from configuration. */
function webhookDeliverySettings(config: {
  WEBHOOK_RETRY_INITIAL_MS: number;
  WEBHOOK_RETRY_MAX_MS: number;
  WEBHOOK_RETRY_BACKOFF: number;
  WEBHOOK_RETRY_WINDOW_MS: number;
  WEBHOOK_TIMEOUT_MS: number;
}): WebhookDeliverySettings {
  return {
    retry: {
      initialIntervalMs: config.WEBHOOK_RETRY_INITIAL_MS,
      maximumIntervalMs: config.WEBHOOK_RETRY_MAX_MS,
      backoffCoefficient: config.WEBHOOK_RETRY_BACKOFF,
      windowMs: config.WEBHOOK_RETRY_WINDOW_MS,
    },
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    outOfOrderWaitMs: Math.max(60_000, 3 * config.WEBHOOK_TIMEOUT_MS),
  };
}

/** Collection timing from configuration, fixed into each collection's workflow when it starts. */
export interface CollectionSettings {
  /** Gaps before the retries of a failed charge (COLLECTION_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  /** A fixed period instead of the calendar, for test runs (COLLECTION_INTERVAL_MS); sandbox collections only. */
  intervalMs: number | null;
}

export interface GatewaySettings {
  taskQueue: string;
  /** Child payout workflows one batch runs at once (PAYOUT_BATCH_WINDOW). */
  batchWindow: number;
  /** How long POST /v1/payments waits for the outcome (PAYMENT_SYNC_WAIT_MS). */
  paymentSyncWaitMs: number;
  /** The longest an API call waits on a workflow (WORKFLOW_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs: number;
  webhooks: WebhookDeliverySettings;
  collections: CollectionSettings;
  paymentLinks: {
    /** Where short_url points (PUBLIC_BASE_URL, or the API's own address). */
    publicBaseUrl: string;
    /** How long a pay attempt from the page waits for the outcome (PAYMENT_LINK_PAY_WAIT_MS). */
    payWaitMs: number;
  };
}

// ---- Errors, classified once ----------------------------------------------------------------------------

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  // gRPC UNAVAILABLE (14) / DEADLINE_EXCEEDED (4), or the connection could not be made at all.
  return e?.code === 14 || e?.code === 4 || /ECONNREFUSED|UNAVAILABLE|Failed to connect/i.test(e?.message ?? '');
}

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
function isClosed(err: unknown): boolean {
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
function refusalIn(err: unknown): ApplicationFailure | undefined {
  let cause: unknown = err;
  for (let depth = 0; cause && depth < 6; depth++) {
    if (cause instanceof ApplicationFailure && isRefusalType(cause.type)) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * What a Temporal failure means to the caller: a refusal becomes its contract error (with the param it
 * names), an unreachable Temporal `503` (retry with the same key), a failed workflow or update `500`.
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
  if (isUnavailable(err)) return new ApiError('service_unavailable', 'Temporal is unreachable; retry later with the same Idempotency-Key.');
  if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowFailedError) {
    return new ApiError('internal_error', `The ${what} could not be completed.`);
  }
  return err;
}

// ---- The gateway ------------------------------------------------------------------------------------------

export interface TemporalClientHandle {
  client: Client;
  gateway: TemporalGateway;
  close(): Promise<void>;
}

/** Who and what a workflow is about, for its search attributes and what the Temporal UI shows. */
interface Subject {
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

function startOptions(subject: Subject) {
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
    // The run takes the newest steps without a patch marker (workflows/proxies.ts).
    memo: stepsMemo,
  };
}

/** Rows the API finds by idempotency key: top-ups, payouts, payments, refunds. */
interface KeyedRow {
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
}

export async function connectTemporal(options: { address: string; namespace: string; orm: MikroORM; settings: GatewaySettings }): Promise<TemporalClientHandle> {
  const connection = await Connection.connect({ address: options.address });
  const client = new Client({ connection, namespace: options.namespace });
  const { taskQueue } = options.settings;
  const { settings, orm } = options;

  /** The row an earlier request with this key created, as callers see it. */
  const createdBy = <Row extends KeyedRow, V>(entity: EntityName<Row>, view: (row: Row) => V, input: KeyedRow) => async () => {
    const row = await orm.em.fork().findOne(entity, { accountId: input.accountId, mode: input.mode, idempotencyKey: input.idempotencyKey } as FilterQuery<Row>);
    return row ? view(row as Row) : undefined;
  };

  /**
   * Runs a call that waits on a workflow's answer under the deadline every such API call has: past it,
   * the call fails with DEADLINE_EXCEEDED, which `classify` turns into StillProcessingError.
   */
  const answering = <T>(call: () => Promise<T>): Promise<T> => client.withDeadline(Date.now() + answerDeadlineMs(settings.answerTimeoutMs), call);
  /** When a workflow's creating update should answer `pending` at the latest, for a call sent now (epoch ms). */
  const answerBy = (waitMs: number): number => Date.now() + Math.min(waitMs, answerDueMs(settings.answerTimeoutMs));

  /**
   * Starts the workflow `workflowId` names, or joins it when it runs (USE_EXISTING), and answers through
   * `update` once it has accepted the work. A key whose workflow completed never runs again
   * (ALLOW_DUPLICATE_FAILED_ONLY; a refused run failed and left the key free): the start then fails with
   * AlreadyStarted, and `createdBy` answers with what that run created. So does a call whose deadline
   * passed while the work goes on: once the row is written its state is the answer (a workflow asked to answer
   * `pending` by `answerBy` whose task came late, on a stalled worker or a busy server), and only a call whose
   * row is not there yet answers `503`.
   */
  async function startOrJoin<W extends Workflow, V>(start: {
    workflow: W;
    workflowId: string;
    args: Parameters<W>;
    update: UpdateDefinition<V, []>;
    subject: Subject;
    what: string;
    createdBy?: () => Promise<V | undefined>;
  }): Promise<V> {
    // The generic W hides the args' tuple shape from the SDK's conditional types; the call sites are typed.
    const options = {
      workflowId: start.workflowId,
      taskQueue,
      args: start.args,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
      ...startOptions(start.subject),
    } as unknown as ConstructorParameters<typeof WithStartWorkflowOperation<W>>[1];
    const startWorkflowOperation = new WithStartWorkflowOperation(start.workflow, options);
    try {
      return await answering(() => client.workflow.executeUpdateWithStart(start.update, { startWorkflowOperation }));
    } catch (err) {
      if ((err instanceof WorkflowExecutionAlreadyStartedError || isPastDeadline(err)) && start.createdBy) {
        const existing = await start.createdBy();
        if (existing) return existing;
      }
      throw classify(err, start.what);
    }
  }

  /** Starts a workflow that answers nothing now; a running one is joined and a closed one never runs again. */
  async function startOnce<W extends Workflow>(workflow: W, workflowId: string, args: Parameters<W>, subject: Subject): Promise<void> {
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

  /**
   * An update to a running workflow, by id. The server fails an update that a workflow task was given but did
   * not get to (the task ended busy with local activities, or the run completed): it was not applied, so it is
   * sent again, a few times, before the caller hears of it.
   */
  async function updateRunning<Ret, Args extends unknown[]>(workflowId: string, update: UpdateDefinition<Ret, Args>, args: Args): Promise<Ret> {
    for (let attempt = 1; ; attempt++) {
      try {
        // The SDK's overloads split on whether the update takes arguments; one call covers both.
        const handle = workflowById(workflowId) as unknown as { executeUpdate(def: unknown, options: { args: unknown[] }): Promise<Ret> };
        return await answering(() => handle.executeUpdate(update, { args }));
      } catch (err) {
        if (attempt >= 5 || !notProcessed(err)) throw err;
        await new Promise((r) => setTimeout(r, 20 * attempt));
      }
    }
  }

  /** The workflow by id only, so an update reaches its newest run (also after continue-as-new). */
  function workflowById(workflowId: string): WorkflowHandle {
    return client.workflow.getHandle(workflowId);
  }

  /** The arguments and subject of a batch's workflow. */
  const batchStart = (input: StartPayoutBatchInput): [Parameters<typeof payoutBatchWorkflow>, Subject] => [
    [{ batchId: input.batchId, accountId: input.accountId, mode: input.mode, window: settings.batchWindow }],
    { ...input, resourceId: input.batchId, batchId: input.batchId, summary: `Payout batch ${input.batchId}` },
  ];

  const startDelivery: TemporalGateway['startDelivery'] = (start) => {
    const input: WebhookDeliveryInput = {
      eventId: start.eventId,
      endpointId: start.endpointId,
      retry: settings.webhooks.retry,
      attemptTimeoutMs: settings.webhooks.timeoutMs + 20_000,
      ...(start.after ? { after: { eventId: start.after, waitMs: settings.webhooks.outOfOrderWaitMs } } : {}),
    };
    return startOnce(webhookDeliveryWorkflow, webhookDeliveryWorkflowId(start.eventId, start.endpointId, start.variant), [input], {
      accountId: start.accountId,
      mode: start.mode,
      resourceId: start.eventId,
      endpointId: start.endpointId,
      summary: `Webhook ${start.eventId} to ${start.endpointId}${start.variant ? ` (${start.variant})` : ''}`,
    });
  };

  const startWebhookFanOut: TemporalGateway['startWebhookFanOut'] = async (batch) => {
    const first = batch.eventIds[0];
    const last = batch.eventIds[batch.eventIds.length - 1];
    try {
      await client.workflow.start(webhookFanOutWorkflow, {
        workflowId: webhookFanOutWorkflowId(first, last),
        taskQueue,
        args: [{ eventIds: [...batch.eventIds], attemptTimeoutMs: settings.webhooks.timeoutMs + 20_000 }],
        workflowIdConflictPolicy: 'USE_EXISTING',
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: baseSearchAttributes(batch.accountId, batch.mode),
        staticSummary: `Webhooks: first attempts of ${batch.eventIds.length} event(s), ${first}…${last}`,
      });
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      throw err;
    }
  };

  const startDeliveryRetries: TemporalGateway['startDeliveryRetries'] = async (failed) => {
    const retry = settings.webhooks.retry;
    await runLimited(failed, 16, async (pair) => {
      const input: WebhookDeliveryInput = {
        eventId: pair.eventId,
        endpointId: pair.endpointId,
        retry,
        attemptTimeoutMs: settings.webhooks.timeoutMs + 20_000,
        // A pair its batch never attempted starts from its first attempt, at once.
        ...(pair.firstAttemptAt !== null ? { earlier: { attempts: 1, firstAttemptAt: pair.firstAttemptAt } } : {}),
      };
      try {
        await client.workflow.start(webhookDeliveryWorkflow, {
          workflowId: pair.workflowId,
          taskQueue,
          args: [input],
          // Nothing to do until the first retry is due: the server holds the start that long.
          ...(pair.firstAttemptAt !== null ? { startDelay: Math.max(1, gapAfter(retry, 1) - (Date.now() - pair.firstAttemptAt)) } : {}),
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          ...startOptions({
            accountId: pair.accountId,
            mode: pair.mode as Mode,
            resourceId: pair.eventId,
            endpointId: pair.endpointId,
            summary: `Webhook ${pair.eventId} to ${pair.endpointId}${pair.variant ? ` (${pair.variant})` : ''}${pair.firstAttemptAt !== null ? ': retrying' : ''}`,
          }),
        });
      } catch (err) {
        if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      }
    });
  };

  const gateway: TemporalGateway = {
    createTopUp(input) {
      const topUpId = newId('topUp');
      return startOrJoin({
        workflow: topUpWorkflow,
        workflowId: topUpWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ topUpId, ...input }],
        update: createTopUpUpdate,
        subject: { ...input, resourceId: topUpId, summary: `Top-up ${formatRupees(input.amount)}` },
        what: 'top-up',
        createdBy: createdBy(TopUpEntity, topUpView, input),
      });
    },

    createPayout(input) {
      const payoutId = newId('payout');
      return startOrJoin({
        workflow: payoutWorkflow,
        workflowId: payoutWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ create: { origin: 'single', request: { payoutId, ...input, batchId: null } } }],
        update: createPayoutUpdate,
        subject: { ...input, resourceId: payoutId, summary: `Payout ${formatRupees(input.amount)} to ${input.beneficiaryId} by ${input.transferMode}` },
        what: 'payout',
        // The key's workflow is closed (it created its payout, alone or in a batch): answer with that payout.
        createdBy: createdBy(PayoutEntity, payoutView, input),
      });
    },

    async payoutAction(payout, action) {
      const to = action === 'complete' ? 'completed' : action === 'fail' ? 'failed' : 'reversed';
      const move = { id: payout.id, to, ...(to === 'failed' ? { failure: { code: 'rejected_by_bank' as const, message: 'Failed by a sandbox test helper.' } } : {}) } as const;
      try {
        // While the payout's workflow still watches it, the workflow takes the move (and looks again at once).
        return await updateRunning(payoutWorkflowId(payout.accountId, payout.mode, payout.idempotencyKey), movePayoutUpdate, [move]);
      } catch (err) {
        if (!isClosed(err)) throw classify(err, 'payout action');
      }
      // Its workflow has closed, so the payout is settled and its status only moves by hand now. A move the
      // transition table refuses is answered here; one it allows (a completed payout reversed) runs the same
      // transition activity in a short workflow.
      const now = (await orm.em.fork().findOne(PayoutEntity, { id: payout.id }))?.status ?? payout.status;
      if (now !== to && !payoutLifecycle.canTransition(now, to)) throw new ApiError('invalid_state', `A ${now} payout cannot become ${to}.`);
      try {
        return await answering(() =>
          client.workflow.execute(payoutTransitionWorkflow, {
            workflowId: payoutTransitionWorkflowId(payout.id, to),
            taskQueue,
            args: [move],
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowIdReusePolicy: 'ALLOW_DUPLICATE',
            ...startOptions({ ...payout, resourceId: payout.id, summary: `Test helper: payout ${payout.id} ${to}` }),
          }),
        );
      } catch (err) {
        throw classify(err, 'payout action');
      }
    },

    async startPayoutBatch(input) {
      try {
        await startOnce(payoutBatchWorkflow, payoutBatchWorkflowId(input.accountId, input.mode, input.idempotencyKey), ...batchStart(input));
      } catch (err) {
        throw classify(err, 'payout batch');
      }
    },

    async restartPayoutBatch(input) {
      const workflowId = payoutBatchWorkflowId(input.accountId, input.mode, input.idempotencyKey);
      const status = await workflowById(workflowId)
        .describe()
        .then((d) => d.status.name)
        .catch((err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return 'NEVER_STARTED'; // its start failed: start it now
          throw classify(err, 'payout batch restart');
        });
      if (status === 'RUNNING') return 'running';
      if (status === 'COMPLETED') return 'completed';
      const [args, subject] = batchStart(input);
      try {
        await client.workflow.start(payoutBatchWorkflow, {
          workflowId,
          taskQueue,
          args,
          workflowIdConflictPolicy: 'USE_EXISTING',
          // Only a run that failed, was terminated, cancelled or timed out may be followed by another.
          workflowIdReusePolicy: 'ALLOW_DUPLICATE_FAILED_ONLY',
          ...startOptions(subject),
        });
        return 'restarted';
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return 'running';
        throw classify(err, 'payout batch restart');
      }
    },

    createPayment(input) {
      const paymentId = newId('payment');
      return startOrJoin({
        workflow: paymentWorkflow,
        workflowId: paymentWorkflowId(input.accountId, input.mode, input.idempotencyKey),
        args: [{ request: { paymentId, ...input }, syncWaitMs: settings.paymentSyncWaitMs, answerBy: answerBy(settings.paymentSyncWaitMs) }],
        update: createPaymentUpdate,
        subject: { ...input, resourceId: paymentId, summary: `Payment ${formatRupees(input.amount)} by ${input.method}${input.customerId ? ` from ${input.customerId}` : ''}` },
        what: 'payment',
        createdBy: createdBy(PaymentEntity, paymentView, input),
      });
    },

    createRefund(input) {
      const refundId = newId('refund');
      return startOrJoin({
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
        createdBy: createdBy(RefundEntity, refundView, input),
      });
    },

    async runSettlement(input) {
      const settlementId = newId('settlement');
      let created: string[];
      try {
        created = await answering(() =>
          client.workflow.execute(settlementRunWorkflow, {
            workflowId: settlementRunWorkflowId(settlementId),
            taskQueue,
            args: [{ ...input, settlementId }],
            ...startOptions({ ...input, resourceId: settlementId, summary: `Settlement run for ${input.accountId} (${input.mode})` }),
          }),
        );
      } catch (err) {
        throw classify(err, 'settlement');
      }
      // The workflow answers ids only (an amount is a sum that a history payload could round): read the rows.
      const rows = created.length === 0 ? [] : await orm.em.fork().find(SettlementEntity, { id: { $in: created } }, { orderBy: { id: 'asc' } });
      return rows.map(settlementView);
    },

    createCollection(input) {
      // A key that already made a collection is answered by the workflow: its first activity finds that
      // collection, answers with it and ends without charging (see collectionWorkflow).
      const collectionId = newId('collection');
      return startOrJoin({
        workflow: collectionWorkflow,
        workflowId: collectionWorkflowId(collectionId),
        args: [
          {
            request: { collectionId, ...input },
            plan: {
              schedule: input.schedule,
              startAt: input.startAt,
              dayOfMonth: input.dayOfMonth,
              // Never for live money: a stray test setting must not charge real customers every few seconds.
              intervalMs: input.mode === 'sandbox' ? settings.collections.intervalMs : null,
              totalCount: input.totalCount,
              retryDelaysMs: settings.collections.retryDelaysMs,
            },
          },
        ],
        update: createCollectionUpdate,
        subject: { ...input, resourceId: collectionId, summary: `Collection ${formatRupees(input.amount)} ${input.schedule} from ${input.customerId}` },
        what: 'collection',
      });
    },

    async collectionAction(collection, action) {
      try {
        return await updateRunning(collectionWorkflowId(collection.id), collectionActionUpdates[action], []);
      } catch (err) {
        // The workflow has ended: the collection is cancelled or completed, which no action fits.
        if (isClosed(err)) {
          const row = await orm.em.fork().findOne(CollectionEntity, { id: collection.id, accountId: collection.accountId, mode: collection.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} collection cannot take '${action}'.`);
        }
        throw classify(err, `collection ${action}`);
      }
    },

    createPaymentLink(input) {
      const linkId = newId('paymentLink');
      return startOrJoin({
        workflow: paymentLinkWorkflow,
        workflowId: paymentLinkWorkflowId(linkId),
        args: [{ request: { linkId, shortUrl: `${settings.paymentLinks.publicBaseUrl}/pay/${linkId}`, ...input }, payWaitMs: settings.paymentLinks.payWaitMs }],
        update: createPaymentLinkUpdate,
        subject: { ...input, resourceId: linkId, summary: `Payment link ${formatRupees(input.amount)}${input.referenceId ? ` (${input.referenceId})` : ''}` },
        what: 'payment link',
      });
    },

    createReport(input) {
      const reportId = newId('report');
      return startOrJoin({
        workflow: reportWorkflow,
        workflowId: reportWorkflowId(reportId),
        // The creating call waits on the workflow within the API's answer deadline.
        args: [{ request: { reportId, ...input }, waitMs: answerDueMs(settings.answerTimeoutMs), answerBy: answerBy(settings.answerTimeoutMs) }],
        update: createReportUpdate,
        subject: { ...input, resourceId: reportId, summary: `Transaction report ${input.from}..${input.to} (${input.format})` },
        what: 'report',
        createdBy: createdBy(ReportEntity, (row: Report) => reportView(row, null), input),
      });
    },

    async cancelPaymentLink(link) {
      try {
        return await updateRunning(paymentLinkWorkflowId(link.id), cancelPaymentLinkUpdate, []);
      } catch (err) {
        // The workflow has ended: the link is paid, expired or cancelled, which cancel does not fit.
        if (isClosed(err)) {
          const row = await orm.em.fork().findOne(PaymentLinkEntity, { id: link.id, accountId: link.accountId, mode: link.mode });
          throw new ApiError('invalid_state', `A ${row?.status ?? 'finished'} payment link cannot be cancelled; only a link in status created can.`);
        }
        throw classify(err, 'payment link cancellation');
      }
    },

    async payPaymentLink(linkId, attempt) {
      const closedAnswer = async (): Promise<PayLinkOutcome | undefined> => {
        const row = await orm.em.fork().findOne(PaymentLinkEntity, { id: linkId });
        return row && !isPayable(row.status) ? { kind: 'refused', reason: 'not_payable', message: `This link is ${row.status} and takes no payment.` } : undefined;
      };
      try {
        const result = await updateRunning(paymentLinkWorkflowId(linkId), payPaymentLinkUpdate, [attempt]);
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
    },

    startDelivery,
    startWebhookFanOut,
    startDeliveryRetries,

    async startProviderEvent(input) {
      try {
        await client.workflow.start('providerEventWorkflow', {
          workflowId: providerEventWorkflowId(input.connectionId, input.eventId),
          taskQueue,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          staticSummary: `Provider event ${input.eventId} of connection ${input.connectionId}`,
        });
      } catch (err) {
        // Already applied (its run closed): a repeat of the same event.
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw classify(err, 'provider event');
      }
    },

    async redeliverEvent(input) {
      const variant = `redeliver/${keySegment(input.idempotencyKey)}`;
      try {
        await Promise.all(input.endpointIds.map((endpointId) => startDelivery({ accountId: input.accountId, mode: input.mode, eventId: input.eventId, endpointId, variant })));
      } catch (err) {
        throw classify(err, 'redelivery');
      }
    },

    async stopWebhookDeliveries(endpointId) {
      // Found through visibility, which lags a little: each attempt also checks that the endpoint still exists.
      if (!/^we_[0-9A-Z]+$/.test(endpointId)) throw new Error(`not an endpoint id: ${endpointId}`);
      // EndpointId names the endpoint; deliveries started before that attribute existed had it as ResourceId.
      const query = `WorkflowType = 'webhookDeliveryWorkflow' AND (EndpointId = '${endpointId}' OR ResourceId = '${endpointId}') AND ExecutionStatus = 'Running'`;
      try {
        for await (const execution of client.workflow.list({ query })) {
          await client.workflow
            .getHandle(execution.workflowId, execution.runId)
            .terminate('webhook endpoint deleted')
            .catch((err: unknown) => {
              if (!(err instanceof WorkflowNotFoundError)) throw err; // already closed
            });
        }
      } catch (err) {
        throw classify(err, 'webhook endpoint deletion');
      }
    },

    async isReachable() {
      try {
        await connection.workflowService.getSystemInfo({});
        return true;
      } catch {
        return false;
      }
    },
  };

  return { client, gateway, close: () => connection.close() };
}
