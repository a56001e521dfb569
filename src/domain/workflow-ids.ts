// Where a request's idempotency key becomes a workflow id: a write is keyed by (account, mode, key), so a
// repeated request reaches the same workflow. Every key enters the id the same way, as its SHA-256 (one
// injective rule: no key can spell another key's id, as "hash only the odd ones" allowed); the original
// key stays in the database and in the workflow's details. Keys the service makes for itself start with
// INTERNAL_KEY_PREFIX, which no caller key (printable ASCII, docs/api.md) can hold, so they never meet one.
// Used by the API's gateway and by activities that name child workflows (batch items, collection charges); not by
// workflow code (node:crypto has no place in the workflow sandbox): the ids workflow code builds for its own children
// are in child-workflow-ids.ts, re-exported here, so this file still lists every id.
import { createHash } from 'node:crypto';
import type { Mode } from './modes.ts';

export { payoutQueueWorkflowId, refundFollowWorkflowId } from './child-workflow-ids.ts';

/** Starts every idempotency key the service makes itself: outside the printable ASCII of callers' keys. */
export const INTERNAL_KEY_PREFIX = '\u00a7';

/** An idempotency key as it enters a workflow id. */
export function keySegment(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function topUpWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `top-up/${accountId}/${mode}/${keySegment(key)}`;
}

export function payoutWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `payout/${accountId}/${mode}/${keySegment(key)}`;
}

export function payoutBatchWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `payout-batch/${accountId}/${mode}/${keySegment(key)}`;
}

/**
 * A sandbox test helper's transition of a payout whose own workflow has already closed (a completed
 * payout reversed by hand); an open payout workflow takes the transition as an update instead.
 */
export function payoutTransitionWorkflowId(payoutId: string, to: string): string {
  return `payout-transition/${payoutId}/${to}`;
}

/**
 * A change a payout's rail reported on its own (a reversal), applied by the same short transition workflow:
 * `key` names the change once (a provider's event id, the sandbox's state name), so a repeated report reaches the
 * same workflow. Apart from the test helpers' ids, so a test helper never waits on a report still to come.
 */
export function payoutReportWorkflowId(payoutId: string, key: string): string {
  return `payout-report/${payoutId}/${key}`;
}

/**
 * One delivery of an event to an endpoint: `webhook/{event_id}/{endpoint_id}`, so the dispatcher starting it
 * twice reaches the same workflow. `variant` names the extra deliveries of the same pair: `duplicate`
 * (Sandbox-Simulate: duplicate_webhooks) and `redeliver/{key}` (POST /v1/events/:id/redeliver).
 */
export function webhookDeliveryWorkflowId(eventId: string, endpointId: string, variant?: string): string {
  return `webhook/${eventId}/${endpointId}${variant ? `/${variant}` : ''}`;
}

/**
 * First attempts of a batch of outbox events, all their (event, endpoint) pairs at once:
 * `webhook-batch/{first_event_id}/{last_event_id}`. Events are dispatched once, so a claim names its batch;
 * a dispatcher that claims the same events again after a crash reaches the same workflow.
 */
export function webhookFanOutWorkflowId(firstEventId: string, lastEventId: string): string {
  return `webhook-batch/${firstEventId}/${lastEventId}`;
}

export function paymentWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `payment/${accountId}/${mode}/${keySegment(key)}`;
}

export function refundWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `refund/${accountId}/${mode}/${keySegment(key)}`;
}

/** One run of the settlement test helper (each call settles anew; the database keeps it from settling twice). */
export function settlementRunWorkflowId(settlementId: string): string {
  return `settlement-run/${settlementId}`;
}

/** The daily settlement schedule; one per task queue, so services sharing a Temporal namespace keep theirs apart. */
export function settlementScheduleId(taskQueue: string): string {
  return `settlement-daily/${taskQueue}`;
}

/** A collection's one long-lived workflow (continue-as-new keeps the id; every action reaches the newest run). */
export function collectionWorkflowId(collectionId: string): string {
  return `collection/${collectionId}`;
}

/** A payment link's whole life (the link id is the service's own, so it needs no encoding). */
export function paymentLinkWorkflowId(linkId: string): string {
  return `payment-link/${linkId}`;
}

/** A mandate's whole life (the mandate id is the service's own). */
export function mandateWorkflowId(mandateId: string): string {
  return `mandate/${mandateId}`;
}

/** The hourly deletion of expired report files; one per task queue, as the settlement schedule. */
export function reportCleanupScheduleId(taskQueue: string): string {
  return `report-cleanup/${taskQueue}`;
}

/** A transaction report's workflow (the report id is the service's own). */
export function reportWorkflowId(reportId: string): string {
  return `report/${reportId}`;
}

/** One inbound provider webhook's work: `provider-event/{connection_id}/{event_id}` (its dedupe key at the provider). */
export function providerEventWorkflowId(connectionId: string, eventId: string): string {
  return `provider-event/${connectionId}/${eventId}`;
}

/**
 * The events about one provider object of a connection, applied in arrival order:
 * `provider-object/{connection_id}/{object key}` (the key's kind and the provider's id of the object; one that is not
 * plain letters, digits and `_:.-` enters as `~` and its SHA-256, so no provider id can spell another's).
 */
export function providerObjectEventsWorkflowId(connectionId: string, objectKey: string): string {
  const plain = /^[A-Za-z0-9_:.-]{1,200}$/.test(objectKey);
  return `provider-object/${connectionId}/${plain ? objectKey : `~${keySegment(objectKey)}`}`;
}

/**
 * A connection's reconciliation: its Schedule `reconcile/{connection_id}` (whose runs Temporal names after it, with
 * their start time) and a run asked for at once (`payctl connections reconcile`), which joins one already running.
 */
export function reconcileScheduleId(connectionId: string): string {
  return `reconcile/${connectionId}`;
}

export function reconcileNowWorkflowId(connectionId: string): string {
  return `reconcile/${connectionId}/now`;
}

/**
 * One verification of a beneficiary: `beneficiary-verification/{account}/{mode}/{verification_id}` (the id is the
 * service's own, made by the API before the row exists, so it needs no encoding). Keyed by the verification, not by
 * the idempotency key: the HTTP record replays a repeated request, and a second start while one is pending finds
 * that one under the beneficiary's lock and ends without a row of its own.
 */
export function beneficiaryVerificationWorkflowId(accountId: string, mode: Mode, verificationId: string): string {
  return `beneficiary-verification/${accountId}/${mode}/${verificationId}`;
}
