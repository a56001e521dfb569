// Assertions on what a caller sees: the contract's error envelope (docs/api.md, Errors) and a few reads
// of the ledger that tests share.
import assert from 'node:assert/strict';
import type { ApiResponse, Http } from './http.ts';
import type { TestService } from './service.ts';

/** The `type` the contract gives each error code (docs/api.md, Errors). */
const typeOfCode: Record<string, string> = {
  invalid_request: 'invalid_request_error',
  invalid_method: 'invalid_request_error',
  beneficiary_not_verified: 'invalid_request_error',
  authentication_failed: 'authentication_error',
  insufficient_funds: 'request_failed',
  https_required: 'invalid_request_error',
  sandbox_only: 'invalid_request_error',
  invalid_signature: 'invalid_request_error',
  connection_required: 'invalid_request_error',
  permission_denied: 'invalid_request_error',
  expired: 'invalid_request_error',
  not_found: 'invalid_request_error',
  method_not_allowed: 'invalid_request_error',
  idempotency_key_in_use: 'idempotency_error',
  invalid_state: 'request_failed',
  payload_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  idempotency_key_reused: 'idempotency_error',
  rate_limited: 'rate_limit_error',
  internal_error: 'api_error',
  service_unavailable: 'api_error',
};

/**
 * `res` is the error `status` with `{"error":{type, code, message, param?, request_id}}`, JSON content
 * type, and a request_id equal to the Request-Id header. `param`: the expected value, or `null` for
 * "no param in the body"; leave undefined to not check it.
 */
export function assertApiError(res: ApiResponse, status: number, code: string, param?: string | null): void {
  const where = `${res.status} ${res.text}`;
  assert.equal(res.status, status, where);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/, where);
  assert.ok(res.body && typeof res.body === 'object' && res.body.error, `no error envelope: ${where}`);
  const error = res.body.error;
  assert.equal(error.code, code, where);
  assert.equal(error.type, typeOfCode[code], where);
  assert.equal(typeof error.message, 'string', where);
  assert.ok(error.message.length > 0, where);
  const requestId = res.headers.get('request-id');
  assert.match(requestId ?? '', /^req_/, where);
  assert.equal(error.request_id, requestId, where);
  if (param === null) assert.equal('param' in error, false, `unexpected param: ${where}`);
  else if (param !== undefined) assert.equal(error.param, param, where);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Top-up rows of one account (sandbox) created with this idempotency key, straight from the database. */
export async function topUpRows(service: TestService, accountId: string, idempotencyKey?: string): Promise<{ id: string; amount: string }[]> {
  const em = service.stack.orm.em.fork();
  if (idempotencyKey === undefined) {
    return em.execute(`select id, amount::text as amount from top_ups where account_id = ? order by id`, [accountId]);
  }
  return em.execute(`select id, amount::text as amount from top_ups where account_id = ? and idempotency_key = ? order by id`, [
    accountId,
    idempotencyKey,
  ]);
}

/** Every object of a list endpoint (`/v1/events`, ...) the caller can see, following `has_more` through all pages. */
export async function listAll(http: Http, key: string, path: string, query = ''): Promise<any[]> {
  const out: any[] = [];
  let after: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const params = new URLSearchParams(query);
    params.set('limit', '100');
    if (after) params.set('starting_after', after);
    const res = await http.get(`${path}?${params}`, { key });
    assert.equal(res.status, 200, res.text);
    out.push(...res.body.data);
    if (!res.body.has_more) return out;
    after = res.body.data.at(-1).id;
  }
  throw new Error(`${path} did not end`);
}

/** Every balance transaction of the caller, following `has_more` through all pages. */
export function allBalanceTransactions(http: Http, key: string, query = ''): Promise<any[]> {
  return listAll(http, key, '/v1/balance_transactions', query);
}

/** GET /v1/balance of the caller. */
export async function balanceOf(http: Http, key: string): Promise<{ available: number; pending: number; reserved: number }> {
  const res = await http.get('/v1/balance', { key });
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** Just the three amounts of GET /v1/balance, for deepEqual. */
export async function amountsOf(http: Http, key: string): Promise<{ available: number; pending: number; reserved: number }> {
  const { available, pending, reserved } = await balanceOf(http, key);
  return { available, pending, reserved };
}
