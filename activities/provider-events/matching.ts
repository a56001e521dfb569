// A provider's event is a wake-up, not a verdict (docs/live-money.md, "Events are wake-ups"): it is matched to one of
// our objects only through what the service itself sent or was answered when it made that object, never through
// `notes` or a receipt, which whoever makes a payment on the same provider account may set to anything. A payment
// through the provider order made for it at submit (its id kept on the payment), with the same amount and INR; a
// refund through our refund id and the payment it refunds, with its amount; a payout through `reference_id` = our
// id, its amount and (once known) the provider's id of it; a mandate through its registration order or its token; a
// link's QR payment through the QR code made for that link; a deposit only when it credits the connection's own
// payout account. Anything else changes nothing: the reason is kept on the event's row, which /metrics counts.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectorWebhookOutcome, ProviderMandateReport, ProviderPaymentReport, ProviderPayoutReport, ProviderRefundReport } from '../../src/rails/provider.ts';
import { MandateEntity, PaymentEntity, PaymentLinkEntity, PayoutEntity, RefundEntity } from '../../src/db/entities.ts';
import { type SettlementFacts, settlementFactsOf } from '../settlements/provider-settlements.ts';

/** Why an event changed nothing (the label of paygate_provider_events_ignored_total). */
export type IgnoredReason =
  /** Nothing of ours is known by the references the event carries. */
  | 'unknown_object'
  /** It names one of our objects, but another amount. */
  | 'amount_mismatch'
  | 'currency_mismatch'
  /** A refund whose payment is not the one ours refunds. */
  | 'payment_mismatch'
  /** A credit to an account that is not the connection's payout account. */
  | 'other_account'
  /** An event type the service does not act on (downtime notices, entities it does not follow). */
  | 'not_acted_on';

/** A payment as an event's workflow carries it: what matching and the transition writers read, nothing of the payer. */
export type EventPaymentFacts = Pick<ProviderPaymentReport, 'providerReference' | 'orderReference' | 'providerStatus' | 'outcome' | 'amount' | 'currency' | 'fee'> & {
  /** Kept only where it is recorded (the payer's UPI ID on a link's QR payment). */
  vpa?: string | null;
};

/**
 * What of a verified event travels into workflow history: ids, statuses, amounts, fees, utr and the provider's
 * reasons. Never the body, whose payment and customer entities carry the payer's email, phone and UPI ID.
 */
export type ProviderEventFacts =
  | { kind: 'payout'; eventType: string; report: ProviderPayoutReport }
  | { kind: 'payment'; eventType: string; report: EventPaymentFacts }
  | { kind: 'refund'; eventType: string; report: Omit<ProviderRefundReport, 'notes'> }
  | { kind: 'settlement'; eventType: string; settlement: SettlementFacts; providerStatus: string }
  | { kind: 'qr_payment'; eventType: string; report: EventPaymentFacts; qrReference: string }
  | { kind: 'deposit'; eventType: string; providerReference: string; amount: number; accountNumber: string | null }
  | { kind: 'mandate'; eventType: string; report: Omit<ProviderMandateReport, 'mandateId'> }
  | { kind: 'verification'; eventType: string; providerReference: string; verificationId: string | null }
  | { kind: 'ignored'; eventType: string };

function paymentFactsOf(r: ProviderPaymentReport, keepVpa: boolean): EventPaymentFacts {
  const facts: EventPaymentFacts = {
    providerReference: r.providerReference,
    orderReference: r.orderReference,
    providerStatus: r.providerStatus,
    outcome: r.outcome,
    amount: r.amount,
    currency: r.currency,
    fee: r.fee,
  };
  if (keepVpa) facts.vpa = r.vpa;
  return facts;
}

/** A translated event as its workflow receives it (see ProviderEventFacts). */
export function eventFactsOf(outcome: ConnectorWebhookOutcome): ProviderEventFacts {
  switch (outcome.kind) {
    case 'payout':
      return outcome;
    case 'payment':
      return { kind: 'payment', eventType: outcome.eventType, report: paymentFactsOf(outcome.report, false) };
    case 'refund': {
      const { notes: _notes, ...report } = outcome.report;
      return { kind: 'refund', eventType: outcome.eventType, report };
    }
    case 'settlement':
      return { kind: 'settlement', eventType: outcome.eventType, settlement: settlementFactsOf(outcome.report), providerStatus: outcome.report.providerStatus };
    case 'qr_payment':
      return { kind: 'qr_payment', eventType: outcome.eventType, report: paymentFactsOf(outcome.report, true), qrReference: outcome.qrCode.providerReference };
    case 'deposit':
      return { kind: 'deposit', eventType: outcome.eventType, providerReference: outcome.providerReference, amount: outcome.amount, accountNumber: outcome.accountNumber };
    case 'mandate': {
      const { mandateId: _mandateId, ...report } = outcome.report;
      return { kind: 'mandate', eventType: outcome.eventType, report };
    }
    case 'verification':
    case 'ignored':
      return outcome;
  }
}

/**
 * The provider object an event is about, as one key per connection: events with the same key are applied one at a
 * time in arrival order. Null for an event the service does not act on.
 */
export function eventObjectKeyOf(facts: ProviderEventFacts): string | null {
  switch (facts.kind) {
    case 'payout':
    case 'payment':
    case 'refund':
      return `${facts.kind}:${facts.report.providerReference}`;
    case 'qr_payment':
      return `qr:${facts.qrReference}`;
    case 'settlement':
      return `settlement:${facts.settlement.providerReference}`;
    case 'deposit':
      return `deposit:${facts.providerReference}`;
    case 'mandate':
      return `mandate:${facts.report.registrationReference ?? facts.report.tokenReference ?? facts.report.customerReference ?? 'unknown'}`;
    case 'verification':
      return `verification:${facts.providerReference}`;
    case 'ignored':
      return null;
  }
}

type Matched<T> = { found: T } | { ignored: IgnoredReason };

/** Our live payment the event is about, through the provider order made for it (or, for a payment made before orders were kept, the provider payment its submit answered). */
export async function matchPayment(em: EntityManager, accountId: string, r: EventPaymentFacts): Promise<Matched<{ id: string; idempotencyKey: string }>> {
  const where = { accountId, mode: 'live' as const };
  const fields = ['id', 'idempotencyKey', 'amount', 'currency', 'providerOrderReference'] as const;
  const payment =
    (r.orderReference ? await em.findOne(PaymentEntity, { ...where, providerOrderReference: r.orderReference }, { fields }) : null) ??
    (await em.findOne(PaymentEntity, { ...where, providerReference: r.providerReference, providerOrderReference: null }, { fields }));
  if (!payment) return { ignored: 'unknown_object' };
  if (Number(payment.amount) !== r.amount) return { ignored: 'amount_mismatch' };
  if (r.currency !== 'INR' || payment.currency !== 'INR') return { ignored: 'currency_mismatch' };
  return { found: { id: payment.id, idempotencyKey: payment.idempotencyKey } };
}

/** Our live refund, through our refund id (or the provider's id its submit answered), of the payment it refunds, for its amount. */
export async function matchRefund(
  em: EntityManager,
  accountId: string,
  r: Omit<ProviderRefundReport, 'notes'>,
): Promise<Matched<{ id: string; accountId: string; mode: 'sandbox' | 'live'; idempotencyKey: string }>> {
  const where = { accountId, mode: 'live' as const };
  const refund =
    (r.refundId ? await em.findOne(RefundEntity, { ...where, id: r.refundId }) : null) ??
    (await em.findOne(RefundEntity, { ...where, providerReference: r.providerReference }));
  if (!refund) return { ignored: 'unknown_object' };
  const payment = await em.findOne(PaymentEntity, { id: refund.paymentId }, { fields: ['providerReference'] });
  if (!payment?.providerReference || payment.providerReference !== r.paymentProviderReference) return { ignored: 'payment_mismatch' };
  if (refund.providerReference && refund.providerReference !== r.providerReference) return { ignored: 'unknown_object' };
  if (Number(refund.amount) !== r.amount) return { ignored: 'amount_mismatch' };
  return { found: refund };
}

/** Our live payout, through `reference_id` = our id, its amount, and the provider's id of it once its submit answered. */
export async function matchPayout(
  em: EntityManager,
  accountId: string,
  r: ProviderPayoutReport,
): Promise<Matched<{ id: string; status: string; utr: string | null; idempotencyKey: string }>> {
  const payout = r.payoutId
    ? await em.findOne(PayoutEntity, { id: r.payoutId, accountId, mode: 'live' }, { fields: ['id', 'amount', 'status', 'utr', 'providerReference', 'idempotencyKey'] })
    : null;
  if (!payout) return { ignored: 'unknown_object' };
  if (r.amount === null || Number(payout.amount) !== r.amount) return { ignored: 'amount_mismatch' };
  // Another provider payout under our reference_id (made elsewhere on the provider account) is not ours.
  if (payout.providerReference && payout.providerReference !== r.providerReference) return { ignored: 'unknown_object' };
  return { found: { id: payout.id, status: payout.status, utr: payout.utr ?? null, idempotencyKey: payout.idempotencyKey } };
}

/** Our live mandate, through its registration order or its token (both the provider's answers to our own calls). */
export async function matchMandate(em: EntityManager, accountId: string, r: Omit<ProviderMandateReport, 'mandateId'>): Promise<Matched<{ id: string }>> {
  const where = { accountId, mode: 'live' as const };
  const mandate =
    (r.registrationReference ? await em.findOne(MandateEntity, { ...where, providerRegistrationReference: r.registrationReference }, { fields: ['id'] }) : null) ??
    (r.tokenReference ? await em.findOne(MandateEntity, { ...where, providerReference: r.tokenReference }, { fields: ['id'] }) : null);
  return mandate ? { found: mandate } : { ignored: 'unknown_object' };
}

/** Our live link whose QR code this is: one of the codes we created for it (its current one or an earlier), never its notes. */
export async function matchLinkQr(em: EntityManager, accountId: string, qrReference: string): Promise<Matched<{ id: string }>> {
  const [made] = await em.execute<{ id: string }[]>(
    `select l.id from payment_link_qr_codes q join payment_links l on l.id = q.link_id where q.provider_reference = ? and l.account_id = ? and l.mode = 'live'`,
    [qrReference, accountId],
  );
  const link = made ?? (await em.findOne(PaymentLinkEntity, { accountId, mode: 'live', qrProviderReference: qrReference }, { fields: ['id'] }));
  return link ? { found: { id: link.id } } : { ignored: 'unknown_object' };
}

/** Keeps why an event changed nothing on its row (inserted if the route's commit has not landed yet: it waits for it). */
export async function recordIgnored(em: EntityManager, connectionId: string, eventId: string, type: string, reason: IgnoredReason): Promise<void> {
  await em.execute(
    `insert into provider_events (connection_id, event_id, type, ignored_reason) values (?, ?, ?, ?)
     on conflict (connection_id, event_id) do update set ignored_reason = excluded.ignored_reason`,
    [connectionId, eventId, type, reason],
  );
}
