// Webhook rules that need no I/O: the event types (docs/api.md, Webhooks and events), which entries an
// endpoint's `enabled_events` may hold, and which endpoint wants which event.

export const eventTypes = [
  'payment.captured',
  'payment.failed',
  'refund.processed',
  'refund.failed',
  'payout.initiated',
  'payout.completed',
  'payout.failed',
  'payout.reversed',
  'payout.pending_approval',
  'payout.approved',
  'payout.rejected',
  'payout.scheduled',
  'payout.queued',
  'payout.cancelled',
  'payout_batch.completed',
  'payout_batch.pending_approval',
  'payout_batch.approved',
  'payout_batch.rejected',
  'payout_batch.cancelled',
  'api_key.created',
  'api_key.revoked',
  'approval_policy.updated',
  'payment_link.partially_paid',
  'payment_link.paid',
  'payment_link.expired',
  'payment_link.cancelled',
  'collection.charged',
  'collection.failed',
  'collection.halted',
  'collection.completed',
  'mandate.active',
  'mandate.rejected',
  'mandate.paused',
  'mandate.resumed',
  'mandate.revoked',
  'mandate.expired',
  'settlement.processed',
  'report.ready',
  'report.failed',
  'beneficiary.verified',
  'beneficiary.verification_failed',
] as const;

/** `payout`, `payout_batch`, `payment`, ...: what may stand before `.*` in a wildcard. */
export const eventResources: readonly string[] = [...new Set(eventTypes.map((t) => t.slice(0, t.indexOf('.'))))];

/**
 * Why an `enabled_events` entry is not valid, or undefined when it is: an event type, `<resource>.*`
 * (every type of that resource: `payout.*` matches `payout.failed`, not `payout_batch.completed`), or `*`.
 */
export function enabledEventProblem(entry: string): string | undefined {
  if (entry === '*') return undefined;
  if (entry.endsWith('.*')) {
    const resource = entry.slice(0, -2);
    return eventResources.includes(resource) ? undefined : `'${entry}' names no known resource; use one of ${eventResources.map((r) => `${r}.*`).join(', ')}`;
  }
  return (eventTypes as readonly string[]).includes(entry) ? undefined : `'${entry}' is not an event type; see the list of event types, or use a wildcard such as payout.* or *`;
}

/** True when an endpoint enabled for `enabled` wants events of `type`. */
export function wantsEvent(enabled: readonly string[], type: string): boolean {
  const resource = type.slice(0, type.indexOf('.'));
  return enabled.some((entry) => entry === '*' || entry === type || entry === `${resource}.*`);
}

/** The Sandbox-Simulate values that shape webhook delivery; they travel with the resource to its events. */
export const webhookSimulations = ['duplicate_webhooks', 'out_of_order_webhooks'] as const;
export type WebhookSimulation = (typeof webhookSimulations)[number];

/** The webhook simulations among a request's Sandbox-Simulate values, in a stable order. */
export function webhookSimulationsOf(values: Iterable<string>): WebhookSimulation[] {
  const set = new Set(values);
  return webhookSimulations.filter((v) => set.has(v));
}


/** An event waiting for delivery, as matching needs it. */
export interface DeliverableEvent {
  id: string;
  account_id: string;
  mode: string;
  type: string;
  /** Microseconds since the epoch, as decimal text (bigger than a double holds exactly). */
  created_us: string;
  sandbox_simulate: readonly string[];
}

/** An endpoint that is not deleted, as matching needs it. */
export interface DeliveryEndpoint {
  id: string;
  account_id: string;
  mode: string;
  enabled_events: readonly string[];
  created_us: string;
}

/** An endpoint gets the events of its account and mode, of the types it enabled, that happened after it was created. */
export function endpointWants(endpoint: DeliveryEndpoint, event: DeliverableEvent): boolean {
  return (
    endpoint.account_id === event.account_id &&
    endpoint.mode === event.mode &&
    BigInt(endpoint.created_us) <= BigInt(event.created_us) &&
    wantsEvent(endpoint.enabled_events, event.type)
  );
}

/** One delivery to make: an event to an endpoint, twice under Sandbox-Simulate duplicate_webhooks. */
export interface DeliveryPair {
  eventId: string;
  endpointId: string;
  accountId: string;
  mode: string;
  /** `duplicate`: the second copy duplicate_webhooks asks for (same event, same webhook-id). */
  variant?: 'duplicate';
}

/**
 * A delivery its batch did not complete: its first attempt failed, or (a slow receiver with many events) the
 * batch ran out of time before making it. A workflow of its own goes on with it.
 */
export interface FailedDelivery extends DeliveryPair {
  /** Its workflow's id (webhook/{event}/{endpoint}[/variant]). */
  workflowId: string;
  /** When the batch made its first attempt (unix ms); null when it made none. */
  firstAttemptAt: number | null;
}

/** The deliveries `endpoint` makes of `event` (none, one, or two with duplicate_webhooks). */
export function pairsOf(event: DeliverableEvent, endpoint: DeliveryEndpoint): DeliveryPair[] {
  const base: DeliveryPair = { eventId: event.id, endpointId: endpoint.id, accountId: event.account_id, mode: event.mode };
  return event.sandbox_simulate.includes('duplicate_webhooks') ? [base, { ...base, variant: 'duplicate' }] : [base];
}

/** Every delivery the events make to the endpoints that want them, in event order. */
export function deliveryPairs(events: readonly DeliverableEvent[], endpoints: readonly DeliveryEndpoint[]): DeliveryPair[] {
  return events.flatMap((event) => endpoints.filter((endpoint) => endpointWants(endpoint, event)).flatMap((endpoint) => pairsOf(event, endpoint)));
}
