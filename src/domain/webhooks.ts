// Webhook rules that need no I/O: the event types (API.md, Webhooks and events), which entries an
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
  'payout_batch.completed',
  'payment_link.paid',
  'payment_link.expired',
  'collection.charged',
  'collection.failed',
  'collection.halted',
  'collection.completed',
  'settlement.processed',
  'report.ready',
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

