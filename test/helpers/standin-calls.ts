// Calling the Razorpay stand-in over HTTP as a connector would (HTTP Basic with the key), and asserting one of its
// refusals, for the stand-in's own unit tests.
import assert from 'node:assert/strict';

export interface StandinAnswer {
  status: number;
  body: any;
}

/** A caller of the stand-in at `baseUrl()` (read at each call: a test may start it anew) with key `keyId:keySecret`. */
export function standinCaller(baseUrl: () => string, keyId: string, keySecret: string) {
  return async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, auth = `${keyId}:${keySecret}`): Promise<StandinAnswer> {
    const res = await fetch(baseUrl() + path, {
      method,
      headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
}

/** The provider's error shape, its code (`SERVER_ERROR` from 500 on), and the field and description it names. */
export function assertStandinRefused(answer: StandinAnswer, status: number, field: string | null, description?: RegExp, reason?: string): void {
  assert.equal(answer.status, status, JSON.stringify(answer.body));
  const e = answer.body?.error;
  assert.deepEqual(Object.keys(e).sort(), ['code', 'description', 'field', 'metadata', 'reason', 'source', 'step']);
  assert.equal(e.code, status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR');
  assert.equal(e.field, field, JSON.stringify(e));
  if (description) assert.match(e.description, description);
  if (reason) assert.equal(e.reason, reason);
}
