// Inbound provider webhooks through the gateway: a verified event's facts go to the workflow of the provider object
// it is about (`provider-object/{connection_id}/{object}`), which applies that object's events one at a time in the
// order they arrived. Only the facts travel (eventFactsOf: ids, statuses, amounts, fees, reasons), never the body.
import type { ConnectorWebhookOutcome } from '../../rails/provider.ts';
import { providerObjectEventsWorkflowId } from '../../domain/workflow-ids.ts';
import { eventFactsOf, eventObjectKeyOf } from '../../../activities/provider-events/matching.ts';
import { classify, type Mechanism } from './mechanism.ts';

export interface ProviderEventStart {
  connectionId: string;
  provider: string;
  eventId: string;
  /** The verified event, as its connector translated it. */
  outcome: ConnectorWebhookOutcome;
}

export interface ProviderEventGateway {
  /**
   * The provider object a verified event is about, as a key of its connection (events with one key are applied in
   * arrival order); null for an event the service does not act on.
   */
  providerEventObject(outcome: ConnectorWebhookOutcome): string | null;
  /**
   * Hands a verified, newly recorded event to its object's workflow: signals it, starting it when none runs (one
   * that completed is started again under the same id). Call it in arrival order: the signals' order is the order
   * the workflow applies them in.
   */
  deliverProviderEvent(input: ProviderEventStart): Promise<void>;
}

export function providerEventGateway(m: Mechanism): ProviderEventGateway {
  return {
    providerEventObject: (outcome) => eventObjectKeyOf(eventFactsOf(outcome)),
    async deliverProviderEvent(input) {
      const facts = eventFactsOf(input.outcome);
      const objectKey = eventObjectKeyOf(facts);
      if (!objectKey) return;
      try {
        await m.client.workflow.signalWithStart('providerObjectEventsWorkflow', {
          workflowId: providerObjectEventsWorkflowId(input.connectionId, objectKey),
          taskQueue: m.settings.taskQueue,
          args: [{ connectionId: input.connectionId, objectKey }],
          signal: 'providerObjectEvent',
          signalArgs: [{ connectionId: input.connectionId, eventId: input.eventId, facts }],
          staticSummary: `Provider events about ${objectKey} of connection ${input.connectionId}`,
          staticDetails: [`connection: ${input.connectionId}`, `provider: ${input.provider}`, `object: ${objectKey}`].join('\n'),
        });
      } catch (err) {
        throw classify(err, 'provider event');
      }
    },
  };
}
