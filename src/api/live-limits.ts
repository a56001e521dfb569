// The provider's rules where they are narrower than ours, checked at a live write before anything starts (a 400
// naming the param, so the provider never refuses it later): the connector of the account's active connection says
// them (src/rails/provider.ts, Connector.limits).
import { connectorOf } from '../connectors/index.ts';
import type { Connector, LimitViolation } from '../rails/provider.ts';
import { activeConnection } from '../db/connections.ts';
import { ApiError } from '../domain/errors.ts';
import { type ApiState, authOf } from './context.ts';

/** The account's active connection and its connector; null when it has none (the connection middleware refused that already). */
export async function liveConnector(ctx: { state: ApiState }): Promise<{ connector: Connector } | null> {
  const connection = await activeConnection(ctx.state.em, authOf(ctx).accountId);
  const connector = connection ? connectorOf(connection.provider) : undefined;
  return connection && connector ? { connector } : null;
}

/** A violation of the provider's rules as the API's 400. */
export function refuseViolation(violation: LimitViolation | null): void {
  if (violation) throw new ApiError('invalid_request', violation.message, violation.param);
}
