// What the gateway takes from configuration, read once at start-up. stack.ts fills in the payment links'
// public base URL after the server listens, so modules read these settings at call time, never copy them.
import { linkAttemptHoldMs, type Config } from '../../config.ts';
import type { AutopayWindows } from '../../domain/autopay-windows.ts';
import type { WebhookRetrySchedule } from '../../../workflows/webhook-delivery.ts';

export interface WebhookDeliverySettings {
  retry: WebhookRetrySchedule;
  /** The receiver's time limit for one attempt (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** out_of_order_webhooks: how long a delivery waits for the newer event's first attempt. */
  outOfOrderWaitMs: number;
}

/** Collection timing from configuration, fixed into each collection's workflow when it starts. */
export interface CollectionSettings {
  /** Gaps before the retries of a failed charge (COLLECTION_RETRY_DELAYS_MS). */
  retryDelaysMs: readonly number[];
  /** A fixed period instead of the calendar, for test runs (COLLECTION_INTERVAL_MS); sandbox collections only. */
  intervalMs: number | null;
  /** The least time between a debit's notice and the debit (COLLECTION_NOTICE_SECONDS). */
  noticeMs: number;
  /** UPI AutoPay's non-peak windows (UPI_AUTOPAY_WINDOWS). */
  windows: AutopayWindows;
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
  mandates: {
    /** Sandbox slow@upi: how long its approval takes (SANDBOX_SLOW_DELAY_MS). */
    slowApprovalMs: number;
    /** Live: how often an unapproved mandate is looked up at the provider, a backstop to its webhooks (PROVIDER_POLL_SECONDS). */
    lookEveryMs: number;
    /** Live: how long a call to the provider is retried through an outage before it is given up (PROVIDER_LOOKUP_WINDOW_SECONDS). */
    providerWindowMs: number;
  };
  paymentLinks: {
    /** Where short_url (and a mandate's authorization_url) points (PUBLIC_BASE_URL, or the API's own address). */
    publicBaseUrl: string;
    /** How long a pay attempt from the page waits for the outcome (PAYMENT_LINK_PAY_WAIT_MS). */
    payWaitMs: number;
    /** How long a pending attempt holds a link, by mode (PAYMENT_LINK_ATTEMPT_HOLD_SECONDS, in ms). */
    attemptHoldMs: { live: number; sandbox: number };
  };
}

/** Everything the gateway takes from configuration. */
export function gatewaySettings(config: Config): GatewaySettings {
  return {
    taskQueue: config.TEMPORAL_TASK_QUEUE,
    batchWindow: config.PAYOUT_BATCH_WINDOW,
    paymentSyncWaitMs: config.PAYMENT_SYNC_WAIT_MS,
    answerTimeoutMs: config.WORKFLOW_ANSWER_TIMEOUT_MS,
    webhooks: webhookDeliverySettings(config),
    collections: {
      retryDelaysMs: config.COLLECTION_RETRY_DELAYS_MS,
      intervalMs: config.COLLECTION_INTERVAL_MS ?? null,
      noticeMs: config.COLLECTION_NOTICE_SECONDS * 1000,
      windows: config.UPI_AUTOPAY_WINDOWS,
    },
    mandates: { slowApprovalMs: config.SANDBOX_SLOW_DELAY_MS, lookEveryMs: config.PROVIDER_POLL_SECONDS * 1000, providerWindowMs: config.PROVIDER_LOOKUP_WINDOW_SECONDS * 1000 },
    paymentLinks: {
      publicBaseUrl: config.publicBaseUrl,
      payWaitMs: config.PAYMENT_LINK_PAY_WAIT_MS,
      attemptHoldMs: { live: linkAttemptHoldMs(config, 'live'), sandbox: linkAttemptHoldMs(config, 'sandbox') },
    },
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
