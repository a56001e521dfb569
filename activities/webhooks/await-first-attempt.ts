// Sandbox out_of_order_webhooks: a later event's delivery waits for an earlier one's first attempt.
import { Context } from '@temporalio/activity';
import { hasDeliveryAttempt } from '../../src/db/webhooks.ts';
import type { WebhookDeps } from './deliver-webhook.ts';

/**
 * Sandbox out_of_order_webhooks: waits until `eventId` has had a first attempt to this endpoint (any
 * outcome), or `waitMs` passed. A later event's delivery waits here, so the older one goes out after it.
 */
export async function awaitFirstAttempt(deps: Pick<WebhookDeps, 'orm'>, input: { eventId: string; endpointId: string; waitMs: number }): Promise<boolean> {
  const ctx = Context.current();
  const deadline = Date.now() + input.waitMs;
  const em = deps.orm.em.fork();
  for (;;) {
    if (await hasDeliveryAttempt(em, input.eventId, input.endpointId)) return true;
    if (Date.now() >= deadline) return false;
    ctx.heartbeat();
    await ctx.sleep(100);
  }
}
