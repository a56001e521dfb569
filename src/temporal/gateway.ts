// What the API needs from Temporal, as an interface: src/api depends on this, not on the SDK.
import type { PayoutRequest } from '../../activities/payouts.ts';
import type { Mode } from '../domain/modes.ts';
import type { PayoutStatus } from '../domain/payouts.ts';
import type { PayoutView, TopUpView } from '../db/views.ts';
import type { CollectionsGateway } from './collections-gateway.ts';
import type { PaymentsGateway } from './payments-gateway.ts';

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

/** What the API passes: the activity's request without what the gateway and batches fill in. */
export type CreatePayoutInput = Omit<PayoutRequest, 'payoutId' | 'batchId'>;

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

export interface TemporalGateway extends PaymentsGateway, CollectionsGateway {
  /**
   * Starts (or joins) the top-up workflow keyed by (account, mode, key) with Update-with-Start and
   * answers once the top-up is written. Throws ApiError('service_unavailable') when Temporal is unreachable.
   */
  createTopUp(input: CreateTopUpInput): Promise<TopUpView>;
  /**
   * Starts (or joins) the payout workflow keyed by (account, mode, key); answers once the money is
   * reserved. Refusals (nothing created, key stays free) throw ApiError: insufficient_funds (402),
   * not_found (beneficiary, 404), invalid_method (400).
   */
  createPayout(input: CreatePayoutInput): Promise<PayoutView>;
  /** A sandbox test helper's transition; invalid_state (409) when the state machine refuses it. */
  payoutAction(payout: { id: string; accountId: string; mode: Mode; idempotencyKey: string; status: PayoutStatus }, action: PayoutAction): Promise<PayoutView>;
  /** Starts (or joins) the batch workflow of a stored batch; returns at once. */
  startPayoutBatch(input: StartPayoutBatchInput): Promise<void>;
  /** POST /v1/events/:id/redeliver: one more delivery workflow per endpoint (webhook/{event}/{endpoint}/redeliver/{key}). */
  redeliverEvent(input: RedeliverEventInput): Promise<void>;
  /** DELETE /v1/webhook_endpoints/:id: terminates the endpoint's running deliveries (each attempt also checks). */
  stopWebhookDeliveries(endpointId: string): Promise<void>;
  /** True when the Temporal frontend answers (for /readyz). */
  isReachable(): Promise<boolean>;
}
