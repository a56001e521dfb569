// Inbound provider webhooks through the gateway: a verified event starts its own workflow, which applies it.
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { providerEventWorkflowId } from '../../domain/workflow-ids.ts';
import { classify, type Mechanism } from './mechanism.ts';

export interface ProviderEventStart {
  connectionId: string;
  provider: string;
  eventId: string;
  /** The verified raw body, as the provider signed it. */
  body: string;
}

export interface ProviderEventGateway {
  /**
   * A verified inbound provider webhook: its workflow (`provider-event/{connection_id}/{event_id}`) applies it. Starting
   * the same event twice reaches the same workflow, so a provider's retry changes nothing more.
   */
  startProviderEvent(input: ProviderEventStart): Promise<void>;
}

export function providerEventGateway(m: Mechanism): ProviderEventGateway {
  return {
    async startProviderEvent(input) {
      try {
        await m.client.workflow.start('providerEventWorkflow', {
          workflowId: providerEventWorkflowId(input.connectionId, input.eventId),
          taskQueue: m.settings.taskQueue,
          args: [input],
          workflowIdConflictPolicy: 'USE_EXISTING',
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          staticSummary: `Provider event ${input.eventId} of connection ${input.connectionId}`,
          staticDetails: [`connection: ${input.connectionId}`, `provider: ${input.provider}`, `event: ${input.eventId}`].join('\n'),
        });
      } catch (err) {
        // Already applied (its run closed): a repeat of the same event.
        if (err instanceof WorkflowExecutionAlreadyStartedError) return;
        throw classify(err, 'provider event');
      }
    },
  };
}
