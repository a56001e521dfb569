// Inbound RazorpayX webhooks (webhooks/*.md, API.md "Inbound provider webhooks"): `X-Razorpay-Signature` is the hex
// HMAC-SHA256 of the raw body with the connection's webhook secret, compared in constant time against every secret
// valid now (after a rotation the provider signs retries of older events with the old one for a while); events are
// deduplicated by `X-Razorpay-Event-Id`. A payout event becomes a provider-neutral report.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConnectorWebhookOutcome } from '../types.ts';
import { payoutReportOf, type RazorpayPayout } from './translate.ts';

export const SIGNATURE_HEADER = 'x-razorpay-signature';
export const EVENT_ID_HEADER = 'x-razorpay-event-id';

export function signatureOf(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** True when `signature` is the body's signature under one of `secrets`. Every secret is tried, whatever matched. */
export function verifySignature(rawBody: Buffer | string, signature: string | string[] | undefined, secrets: readonly string[]): boolean {
  const given = Array.isArray(signature) ? signature[0] : signature;
  if (!given || !/^[0-9a-f]{64}$/i.test(given.trim())) return false;
  const provided = Buffer.from(given.trim().toLowerCase(), 'hex');
  let ok = false;
  for (const secret of secrets) {
    if (!secret) continue;
    const expected = Buffer.from(signatureOf(rawBody, secret), 'hex');
    ok = timingSafeEqual(expected, provided) || ok;
  }
  return ok;
}

/** The event envelope: `{entity: "event", account_id, event, contains, payload: {<entity>: {entity: {...}}}, created_at}`. */
export interface RazorpayWebhookEvent {
  entity?: string;
  account_id?: string;
  event: string;
  contains?: string[];
  payload?: Record<string, { entity?: unknown } | undefined>;
  created_at?: number;
}

export class WebhookPayloadError extends Error {
  override readonly name = 'WebhookPayloadError';
}

/** Parses a verified body; throws WebhookPayloadError when it is not an event. */
export function parseWebhookEvent(rawBody: Buffer | string): RazorpayWebhookEvent {
  let body: unknown;
  try {
    body = JSON.parse(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8'));
  } catch {
    throw new WebhookPayloadError('the webhook body is not JSON');
  }
  if (!body || typeof body !== 'object' || typeof (body as { event?: unknown }).event !== 'string') {
    throw new WebhookPayloadError('the webhook body is not an event (no `event`)');
  }
  return body as RazorpayWebhookEvent;
}

function isPayout(value: unknown): value is RazorpayPayout {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return typeof p.id === 'string' && typeof p.status === 'string';
}

/**
 * What a verified event is about. The payout events (`payout.pending`, `.rejected`, `.queued`, `.initiated`,
 * `.processed`, `.updated`, `.reversed`, `.failed`) carry the payout as it is now, so each becomes a report of that
 * state whatever the event's name; the downtime notices and every other event are not acted on.
 */
export function translateWebhookEvent(event: RazorpayWebhookEvent): ConnectorWebhookOutcome {
  const isPayoutEvent = event.event.startsWith('payout.') && !event.event.startsWith('payout.downtime.');
  const entity = event.payload?.payout?.entity;
  if (!isPayoutEvent || !isPayout(entity)) return { kind: 'ignored', eventType: event.event };
  return { kind: 'payout', eventType: event.event, report: payoutReportOf(entity) };
}
