// Inbound provider webhooks: `POST /connectors/{provider}/{connection_id}/webhooks`, outside /v1 and without an API
// key. The body is read raw (nothing parses it before the signature holds), verified by the connection's connector
// against every webhook secret valid now, recorded once per event id, and its facts handed to the workflow of the
// provider object it is about, so the answer comes at once and the state change runs where webhook, lookup and
// reconciliation meet. A connection id that is not one (garbage, a NUL, unknown) answers 404 and counts against the
// client address's per-minute limit, as a wrong signature does, so guessing connection ids gets nowhere.
import type Router from '@koa/router';
import { connectorOf } from '../../connectors/index.ts';
import type { ConnectorWebhookOutcome } from '../../rails/provider.ts';
import { connectionWebhookSecrets } from '../../db/connections.ts';
import { ApiError } from '../../domain/errors.ts';
import type { AppDeps, ApiContext, ApiState } from '../context.ts';
import { readBody } from '../middleware/body.ts';
import { failedSignatureLimiting, unknownConnectionLimiting } from '../middleware/rate-limit.ts';

/** Provider events are small JSON documents; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const notFound = () => new ApiError('not_found', 'No such connection.');

/** Connection ids are the service's own (`conn_` and letters, digits): anything else names none. */
const CONNECTION_ID = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Records the event once and, when it is new and about an object, hands it to that object's workflow before the
 * row commits, under a lock on the object: two events about one object are signalled in the order their rows
 * commit, which is the order they are applied in. A hand-over that fails rolls the row back, so the provider's
 * retry tries again. Answers whether the event had been recorded before.
 */
async function recordAndDeliver(
  ctx: ApiContext,
  deps: AppDeps,
  event: { connectionId: string; provider: string; eventId: string; outcome: ConnectorWebhookOutcome },
): Promise<boolean> {
  const objectKey = deps.temporal.providerEventObject(event.outcome);
  return ctx.state.em.transactional(async (tx) => {
    if (objectKey) await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`provider-object:${event.connectionId}:${objectKey}`]);
    const inserted = await tx.execute<{ event_id: string }[]>(
      `insert into provider_events (connection_id, event_id, type, ignored_reason) values (?, ?, ?, ?)
       on conflict (connection_id, event_id) do nothing returning event_id`,
      [event.connectionId, event.eventId, event.outcome.eventType, objectKey ? null : 'not_acted_on'],
    );
    if (inserted.length > 0 && objectKey) await deps.temporal.deliverProviderEvent(event);
    return inserted.length === 0;
  });
}

export function connectorWebhookRoutes(router: Router<ApiState>, deps: AppDeps): void {
  const limits = { perMinute: deps.config.RATE_LIMIT_UNAUTHENTICATED, orm: deps.orm, logger: deps.logger };
  const failedSignature = failedSignatureLimiting(limits);
  const unknownConnection = unknownConnectionLimiting(limits);
  const noSuchConnection = async (ctx: ApiContext) => {
    await unknownConnection(ctx);
    return notFound();
  };

  router.post('/connectors/:provider/:connection_id/webhooks', async (ctx) => {
    const connector = connectorOf(ctx.params.provider);
    const connectionId = ctx.params.connection_id;
    if (!connector || !CONNECTION_ID.test(connectionId)) throw await noSuchConnection(ctx);
    const raw = await readBody(ctx.req, WEBHOOK_BODY_LIMIT);
    const connection = await connectionWebhookSecrets(ctx.state.em, deps.secrets, connectionId);
    // A disabled connection still takes webhooks: payouts it made still move.
    if (!connection || connection.provider !== connector.provider) throw await noSuchConnection(ctx);
    if (!connector.webhooks.verify(raw, ctx.get(connector.webhooks.signatureHeader) || undefined, connection.secrets)) {
      await failedSignature(ctx);
      deps.logger.warn({ connectionId: connection.id, ip: ctx.ip }, 'provider webhook refused: signature does not match');
      throw new ApiError('invalid_request', 'The webhook signature does not match the body.', connector.webhooks.signatureHeader);
    }
    const eventId = ctx.get(connector.webhooks.eventIdHeader).trim();
    if (!eventId || eventId.length > 200 || eventId.includes('\0')) throw new ApiError('invalid_request', 'The webhook has no event id.', connector.webhooks.eventIdHeader);
    let outcome: ConnectorWebhookOutcome;
    try {
      outcome = connector.webhooks.translate(raw);
    } catch {
      throw new ApiError('invalid_request', 'The webhook body is not an event.');
    }
    const duplicate = await recordAndDeliver(ctx, deps, { connectionId: connection.id, provider: connector.provider, eventId, outcome });
    const type = outcome.eventType;
    if (outcome.kind === 'ignored') deps.logger.info({ connectionId: connection.id, eventId, type, duplicate }, 'provider webhook not acted on');
    else deps.logger.info({ connectionId: connection.id, eventId, type, duplicate }, 'provider webhook received');
    ctx.status = 200;
    ctx.body = { received: true };
  });
}
