// Responses are serialised once, here: the exact string sent is the string the idempotency record
// stores, so a replay is byte for byte the original.
import type { ParameterizedContext } from 'koa';
import { Readable } from 'node:stream';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function isJsonValue(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !(body instanceof Readable) && !(body instanceof Uint8Array);
}

/** Sets a JSON response from an already serialised string. */
export function sendJsonText(ctx: ParameterizedContext, status: number, text: string): void {
  ctx.status = status;
  ctx.body = text;
  ctx.set('Content-Type', JSON_CONTENT_TYPE);
}

/**
 * Turns an object body into its final JSON string (once) and returns that string.
 * Returns the body unchanged when it is already a JSON string we produced; undefined for non-JSON bodies.
 */
export function serializeBody(ctx: ParameterizedContext): string | undefined {
  const body: unknown = ctx.body;
  if (isJsonValue(body)) {
    const text = JSON.stringify(body);
    sendJsonText(ctx, ctx.status, text);
    return text;
  }
  if (typeof body === 'string' && String(ctx.response.get('Content-Type')).startsWith('application/json')) return body;
  return undefined;
}
