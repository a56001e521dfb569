// The provider's rules where they are narrower than ours, checked at a live write before anything starts (a 400
// naming the param, so the provider never refuses it later): the connector of the account's active connection says
// them (src/rails/provider.ts, Connector.limits; src/connectors/index.ts, liveLimitsOf).
import { liveLimitsOf } from '../connectors/index.ts';
import type { LimitViolation, ProviderLimits } from '../rails/provider.ts';
import { ApiError } from '../domain/errors.ts';
import { type ApiState, authOf } from './context.ts';

/** The rules of the account's live writes (its connection's connector's). */
export function liveLimits(ctx: { state: ApiState }): Promise<ProviderLimits> {
  return liveLimitsOf(ctx.state.em, authOf(ctx).accountId);
}

/** A violation of the provider's rules as the API's 400. */
export function refuseViolation(violation: LimitViolation | null): void {
  if (violation) throw new ApiError('invalid_request', violation.message, violation.param);
}
