// Inbound provider webhooks (API.md, Inbound provider webhooks): `POST /connectors/{provider}/{connection_id}/webhooks`,
// outside /v1 and without an API key. The body is read raw (nothing parses it before the signature holds), verified
// by the connection's connector against every webhook secret valid now, recorded once per event id, and its work handed
// to a workflow, so the answer comes at once and the state change runs where webhook, lookup and reconciliation meet.
import type Router from '@koa/router';
import { connectorOf } from '../../connectors/index.ts';
import { connectionWebhookSecrets } from '../../db/connections.ts';
import { ApiError } from '../../domain/errors.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { readBody } from '../middleware/body.ts';
import { failedSignatureLimiting } from '../middleware/rate-limit.ts';

/** Provider events are small JSON documents; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const notFound = () => new ApiError('not_found', 'No such connection.');

export function connectorWebhookRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const failedSignature = failedSignatureLimiting({ perMinute: deps.config.RATE_LIMIT_UNAUTHENTICATED, orm: deps.orm, logger: deps.logger });

  router.post('/connectors/:provider/:connection_id/webhooks', async (ctx) => {
    const connector = connectorOf(ctx.params.provider);
    if (!connector) throw notFound();
    const raw = await readBody(ctx.req, WEBHOOK_BODY_LIMIT);
    const connection = await connectionWebhookSecrets(ctx.state.em, deps.secrets, ctx.params.connection_id);
    // A disabled connection still takes webhooks: payouts it made still move (DECISIONS, Connections and webhooks).
    if (!connection || connection.provider !== connector.provider) throw notFound();
    if (!connector.webhooks.verify(raw, ctx.get(connector.webhooks.signatureHeader) || undefined, connection.secrets)) {
      await failedSignature(ctx);
      deps.logger.warn({ connectionId: connection.id, ip: ctx.ip }, 'provider webhook refused: signature does not match');
      throw new ApiError('invalid_request', 'The webhook signature does not match the body.', connector.webhooks.signatureHeader);
    }
    const eventId = ctx.get(connector.webhooks.eventIdHeader).trim();
    if (!eventId || eventId.length > 200) throw new ApiError('invalid_request', 'The webhook has no event id.', connector.webhooks.eventIdHeader);
    let type: string;
    try {
      type = connector.webhooks.translate(raw).eventType;
    } catch {
      throw new ApiError('invalid_request', 'The webhook body is not an event.');
    }
    const inserted = await ctx.state.em.getConnection().execute<{ event_id: string }[]>(
      `insert into provider_events (connection_id, event_id, type) values (?, ?, ?)
       on conflict (connection_id, event_id) do nothing returning event_id`,
      [connection.id, eventId, type],
    );
    // Started on a repeat too: a first delivery whose start failed after the insert is started by the provider's retry.
    await deps.temporal.startProviderEvent({ connectionId: connection.id, provider: connector.provider, eventId, body: raw });
    deps.logger.info({ connectionId: connection.id, eventId, type, duplicate: inserted.length === 0 }, 'provider webhook received');
    ctx.status = 200;
    ctx.body = { received: true };
  });
}
