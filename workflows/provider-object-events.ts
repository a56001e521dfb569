// The events about one provider object (a payout, a payment, a refund, a QR code, a mandate's registration...) of one
// connection, applied one at a time in the order they arrived (`provider-object/{connection_id}/{object}`). The
// inbound webhook route records each event and, under a lock on the object held until its row commits, signals this
// workflow with the event's facts (starting it when none runs), so the order of the signals in history is the order
// in which the events' rows committed. The workflow takes them first in, first out and completes once none is left;
// a signal that arrives while it completes makes Temporal refuse the completion and hand it the signal, and the next
// event after completion starts a new run under the same id. Only facts travel here (ids, statuses, amounts, fees,
// reasons), never the provider's body.
import { condition, continueAsNew, defineSignal, setHandler, workflowInfo } from '@temporalio/workflow';
import type { ProviderEventActivities, ProviderEventFactsInput } from '../activities/provider-events.ts';
import { applyProviderEventWork } from './provider-event.ts';
import { databaseSteps } from './proxies.ts';

const { resolveProviderEventFacts } = databaseSteps<ProviderEventActivities>();

export const providerObjectEventSignal = defineSignal<[ProviderEventFactsInput]>('providerObjectEvent');

export interface ProviderObjectEventsInput {
  connectionId: string;
  /** The object's key within its connection (its kind and the provider's id of it). */
  objectKey: string;
  /** Events taken but not applied yet when the previous run continued as new. */
  pending?: ProviderEventFactsInput[];
}

export async function providerObjectEventsWorkflow(input: ProviderObjectEventsInput): Promise<void> {
  const queue: ProviderEventFactsInput[] = [...(input.pending ?? [])];
  // A provider's retry of an event this run already took (the route signals only new rows; this is the backstop).
  const seen = new Set(queue.map((e) => e.eventId));
  setHandler(providerObjectEventSignal, (event) => {
    if (seen.has(event.eventId)) return;
    seen.add(event.eventId);
    queue.push(event);
  });
  // Started by signal-with-start, the first event is in the same task; a run started some other way waits a little.
  if (!(await condition(() => queue.length > 0, '1 minute'))) return;
  while (queue.length > 0) {
    const event = queue.shift()!;
    await applyProviderEventWork(await resolveProviderEventFacts(event));
    if (queue.length > 0 && workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof providerObjectEventsWorkflow>({ connectionId: input.connectionId, objectKey: input.objectKey, pending: queue });
    }
  }
}
