// What the middleware chain puts on ctx.state, and the dependencies the routes receive.
import type { ParameterizedContext, Next } from 'koa';
import type { RouterContext } from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Mode } from '../domain/modes.ts';
import type { Orm } from '../db/orm.ts';
import type { SecretBox } from '../db/sealed.ts';
import type { ApiKeyLookup } from '../db/api-key-cache.ts';
import type { ActiveKey } from '../db/accounts.ts';
import type { Requester } from '../domain/approvals.ts';
import type { TemporalGateway } from '../temporal/client/gateway.ts';
import { ApiError } from '../domain/errors.ts';

export interface AppDeps {
  config: Config;
  orm: Orm;
  temporal: TemporalGateway;
  logger: Logger;
  /** Seals secrets at rest (SECRETS_KEY). */
  secrets: SecretBox;
  /** The process's API key cache (src/db/api-key-cache.ts); without one every request reads the key from the table. */
  apiKeys?: ApiKeyLookup;
}

/** Values of the `Sandbox-Simulate` header (docs/api.md, Sandbox). */
export const sandboxSimulations = ['rate_limited', 'timeout', 'duplicate_webhooks', 'out_of_order_webhooks'] as const;
export type SandboxSimulation = (typeof sandboxSimulations)[number];

export interface ApiState {
  /** `req_<ulid>`, also in the `Request-Id` header and error bodies. */
  requestId: string;
  /** This request's own EntityManager (a fork, also the MikroORM RequestContext). */
  em: EntityManager;
  /** Set by auth on /v1 routes. */
  accountId?: string;
  mode?: Mode;
  keyId?: string;
  /** The calling key as auth found it: its role, name and holder (docs/api.md, "Key roles"). */
  key?: ActiveKey;
  /** Sandbox-Simulate values of a sandbox request (empty otherwise). */
  simulate: ReadonlySet<SandboxSimulation>;
  /** Parsed request body (POST/PUT/PATCH): nested objects and arrays, form values as strings. `{}` when empty. */
  body: Record<string, unknown>;
  /** Parsed query string, with the same bracket notation as form bodies. */
  query: Record<string, unknown>;
  /** POST on /v1: the caller's Idempotency-Key, or a fresh `auto_<ulid>` when there was none. */
  idempotencyKey?: string;
}

export type ApiContext = ParameterizedContext<ApiState>;
export type ApiRouterContext = RouterContext<ApiState>;
export type ApiMiddleware = (ctx: ApiContext, next: Next) => Promise<void>;

export interface Auth {
  accountId: string;
  mode: Mode;
  keyId: string;
}

/** The authenticated caller of a /v1 route (auth middleware ran before every /v1 handler). */
export function authOf(ctx: { state: ApiState }): Auth {
  const { accountId, mode, keyId } = ctx.state;
  if (!accountId || !mode || !keyId) throw new ApiError('authentication_failed', 'No valid API key provided.');
  return { accountId, mode, keyId };
}

/** The calling key as a payout's requester or approver sees it: its id, name, holder, role and limits (never its secret). */
export function requesterOf(ctx: { state: ApiState }): Requester {
  const key = ctx.state.key;
  if (!key) throw new ApiError('authentication_failed', 'No valid API key provided.');
  return { keyId: key.id, name: key.name, holder: key.holder, role: key.role, limits: key.limits };
}

/** The idempotency key of a POST on /v1 (set by the idempotency middleware). */
export function idempotencyKeyOf(ctx: { state: ApiState }): string {
  const key = ctx.state.idempotencyKey;
  if (!key) throw new Error('idempotency middleware did not run for this route');
  return key;
}
