// Inbound RazorpayX webhooks (webhooks/*.md, docs/api.md "Inbound provider webhooks"): `X-Razorpay-Signature` is the hex
// HMAC-SHA256 of the raw body with the connection's webhook secret, compared in constant time against every secret
// valid now (after a rotation the provider signs retries of older events with the old one for a while); events are
// deduplicated by `X-Razorpay-Event-Id`. A payout event becomes a provider-neutral report; so do the gateway's
// payment, refund, settlement and QR code events, and UPI AutoPay's token events and authorization payments
// (payments/payment-gateway/s2s-integration/recurring-payments/webhooks.md), and fund account validations' ends
// (a wake-up of the verification, which looks the validation up).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ConnectorWebhookOutcome } from '../../rails/provider.ts';
import { payoutReportOf, statementLineOf, type RazorpayPayout, type RazorpayTransaction } from './translate.ts';
import {
  paymentReportOf,
  qrCodeOf,
  refundReportOf,
  settlementReportOf,
  type RazorpayOrder,
  type RazorpayPayment,
  type RazorpayQrCode,
  type RazorpayRefund,
  type RazorpaySettlement,
} from './translate-payments.ts';
import { authorizationReportOf, mandateIdOf, tokenReportOf, type RazorpayToken } from './translate-recurring.ts';
import { verificationIdOf, type RazorpayValidation } from './validations-api.ts';

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
 * state whatever the event's name; so do the payment gateway's (gatewayOutcome). The downtime notices and every
 * other event are not acted on.
 */
export function translateWebhookEvent(event: RazorpayWebhookEvent): ConnectorWebhookOutcome {
  // `transaction.created` of a bank transfer is a deposit into the payout account; its other lines (payout debits)
  // are the payout events' business.
  const txn = event.payload?.transaction?.entity as RazorpayTransaction | undefined;
  if (event.event === 'transaction.created' && txn && typeof txn.id === 'string' && typeof txn.credit === 'number') {
    const line = statementLineOf(txn);
    if (line.source.kind === 'deposit' && line.credit > 0) {
      const accountNumber = typeof txn.account_number === 'string' ? txn.account_number : null;
      return { kind: 'deposit', eventType: event.event, providerReference: line.id, amount: line.credit, createdAt: line.createdAt, accountNumber };
    }
  }
  const isPayoutEvent = event.event.startsWith('payout.') && !event.event.startsWith('payout.downtime.');
  if (!isPayoutEvent) return gatewayOutcome(event) ?? { kind: 'ignored', eventType: event.event };
  const entity = event.payload?.payout?.entity;
  if (!isPayout(entity)) return { kind: 'ignored', eventType: event.event };
  return { kind: 'payout', eventType: event.event, report: payoutReportOf(entity) };
}

function entityOf<T>(event: RazorpayWebhookEvent, name: string, check: (v: Record<string, unknown>) => boolean): T | null {
  const value = event.payload?.[name]?.entity;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'string' && check(v) ? (value as T) : null;
}

const hasStatus = (v: Record<string, unknown>) => typeof v.status === 'string';
const isPaymentLike = (v: Record<string, unknown>) => hasStatus(v) && typeof v.amount === 'number';

/**
 * The gateway events we act on: `payment.authorized`, `.captured`, `.failed` and `order.paid` (the payment as it is
 * now; the order's receipt is our payment id when the payment's notes lack it), `refund.created`, `.processed`,
 * `.failed`, `settlement.processed`, and `qr_code.credited` (the payment and the code it paid); a payment event of a
 * mandate's authorization payment and the `token.*` events are the mandate's. `qr_code.created` and `.closed` (only
 * ever after a close of ours), `order.notification.*`, `payment.downtime.*` and the rest: null.
 */
function gatewayOutcome(event: RazorpayWebhookEvent): ConnectorWebhookOutcome | null {
  const eventType = event.event;
  switch (eventType) {
    case 'payment.authorized':
    case 'payment.captured':
    case 'payment.failed':
    case 'order.paid': {
      const payment = entityOf<RazorpayPayment>(event, 'payment', isPaymentLike);
      if (!payment) return null;
      const order = entityOf<RazorpayOrder>(event, 'order', hasStatus);
      // A mandate's authorization payment (our mandate id in its or its order's notes) is about the mandate.
      if (mandateIdOf(payment, order) !== null) return { kind: 'mandate', eventType, report: authorizationReportOf(payment, order) };
      const report = paymentReportOf(payment);
      if (report.paymentId === null && order?.receipt && order.id === payment.order_id) report.paymentId = order.receipt;
      return { kind: 'payment', eventType, report };
    }
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed': {
      const refund = entityOf<RazorpayRefund>(event, 'refund', (v) => hasStatus(v) && typeof v.payment_id === 'string');
      return refund ? { kind: 'refund', eventType, report: refundReportOf(refund) } : null;
    }
    case 'settlement.processed': {
      const settlement = entityOf<RazorpaySettlement>(event, 'settlement', (v) => hasStatus(v) && typeof v.amount === 'number');
      return settlement ? { kind: 'settlement', eventType, report: settlementReportOf(settlement) } : null;
    }
    case 'qr_code.credited': {
      const payment = entityOf<RazorpayPayment>(event, 'payment', isPaymentLike);
      const qr = entityOf<RazorpayQrCode>(event, 'qr_code', hasStatus);
      if (!payment || !qr) return null;
      return { kind: 'qr_payment', eventType, report: paymentReportOf(payment), qrCode: qrCodeOf(qr, (event.created_at ?? 0) * 1000) };
    }
    case 'fund_account.validation.completed':
    case 'fund_account.validation.failed': {
      // webhooks/account-validation.md. Only the ids leave here: what it ended with is fetched by the verification.
      const v = entityOf<RazorpayValidation>(event, 'fund_account.validation', () => true);
      return v ? { kind: 'verification', eventType, providerReference: v.id, verificationId: verificationIdOf(v) } : null;
    }
    default:
      return tokenOutcome(event);
  }
}

/**
 * A UPI AutoPay token event (`token.confirmed`, `.rejected`, `.paused`, `.resumed`, `.cancelled`, and any other
 * `token.*` carrying a token): the token as it is now, whatever the event's name. The token carries no id of ours;
 * the service finds the mandate by the token's reference.
 */
function tokenOutcome(event: RazorpayWebhookEvent): ConnectorWebhookOutcome | null {
  if (!event.event.startsWith('token.')) return null;
  const token = entityOf<RazorpayToken>(event, 'token', () => true);
  if (!token) return null;
  return { kind: 'mandate', eventType: event.event, report: tokenReportOf(token, (event.created_at ?? 0) * 1000) };
}
