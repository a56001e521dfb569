// The live payment and refund rails over Razorpay's payment gateway (src/rails/payments.ts). A payment is an order
// under our payment id as its `receipt`, found again by it before anything is created a second time (a lost answer
// never makes a second order), and a payment attempt on it: UPI intent (the `upi://` link the customer opens) or
// netbanking (the bank's redirect). The order guards the money:
// it is paid once, so a second attempt after a lost answer can never collect twice. A refund is made under our
// refund id as both `X-Refund-Idempotency` and `receipt`, and looked up by that receipt before any second attempt.
// UPI is intent only: NPCI ended collect requests for merchant payments on 28 February 2026, so a UPI ID given with
// a live payment is never sent. The customer's IP address and user agent are sent as the caller gave them, never
// made up (docs/live-money.md lists the calls that require them).
// Authorized payments are captured at once (docs/api.md); what a late answer means is src/domain's to decide. A
// collection's debit (a submission with `recurring`) is made with the mandate's token on the order its pre-debit
// notice made (recurring.ts), never on an order of its own.
import type { PaymentRailState } from '../../domain/payments.ts';
import type { RefundRailState } from '../../domain/refunds.ts';
import type { NextAction, PaymentRail, PaymentSubmission, PaymentSubmitAnswer, RefundRail, RefundSubmission } from '../../rails/payments.ts';
import type { RailAnswer, RailLookup } from '../../rails/rail.ts';
import { ProviderAnswerUnknownError, ProviderRejectedError, ProviderSetupError } from '../errors.ts';
import type { ProviderFailureDetails } from '../../rails/provider.ts';
import type { PaymentClient, RazorpayPaymentsApi } from './payments-api.ts';
import { paymentOutcomeOf, refundOutcomeOf, type RazorpayOrder, type RazorpayPayment, type RazorpayRefund } from './translate-payments.ts';

/** What the rails need of an account's connection. */
export interface RazorpayGatewayConnection {
  api: RazorpayPaymentsApi;
}

export interface RazorpayPaymentRailDeps {
  /** The account's active connection; throws when it has none. */
  connectionFor(accountId: string): Promise<RazorpayGatewayConnection>;
  /** Where netbanking sends the customer back when the payment names no `return_url`. */
  defaultReturnUrl(paymentId: string): string;
  /** How long a pending payment or refund waits before it is asked about again; default a minute (the provider's limits). */
  checkAgainInMs?: number;
}

const DEFAULT_CHECK_AGAIN_MS = 60_000;

/** A payment's attempts ranked: a captured one is the payment; then one the customer approved; then one waiting. */
const rank: Record<string, number> = { captured: 4, refunded: 4, authorized: 3, created: 2, failed: 1 };

export function bestAttempt(payments: RazorpayPayment[]): RazorpayPayment | null {
  let best: RazorpayPayment | null = null;
  for (const p of payments) {
    const r = rank[p.status] ?? 0;
    const b = best ? (rank[best.status] ?? 0) : -1;
    if (r > b || (r === b && (p.created_at ?? 0) >= (best?.created_at ?? 0))) best = p;
  }
  return best;
}

function providerFailure(details: ProviderFailureDetails, fallback: { source: string; reason: string; description: string }) {
  return { source: details.source ?? fallback.source, reason: details.reason ?? fallback.reason, description: details.description ?? fallback.description };
}

/** A provider payment as the rail's answer. */
export function paymentAnswerOf(payment: RazorpayPayment, checkAgainInMs: number): RailAnswer<PaymentRailState> & { orderReference: string | null } {
  const outcome = paymentOutcomeOf(payment);
  const base = { providerReference: payment.id, fees: 0, orderReference: payment.order_id ?? null };
  switch (outcome.state) {
    case 'captured':
      return { ...base, outcome: { state: 'captured', reference: payment.id }, fees: payment.fee ?? 0 };
    case 'failed': {
      const provider = providerFailure(outcome.details, { source: 'gateway', reason: 'payment_failed', description: outcome.message });
      return { ...base, outcome: { state: 'failed', failure: { code: outcome.code, message: outcome.message, provider } } };
    }
    default:
      return { ...base, outcome: { state: 'processing', checkAgainInMs } };
  }
}

/** A refusal of the provider (a 4xx) as a declined payment: sending it again changes nothing. */
function declinedBy(err: ProviderRejectedError): PaymentSubmitAnswer {
  const d = err.details;
  const message = 'The payment provider refused the payment.';
  const provider = { source: d.source ?? 'business', reason: d.reason ?? d.code ?? 'rejected', description: d.description ?? message };
  return { outcome: { state: 'failed', failure: { code: 'payment_declined', message, provider } }, providerReference: null, fees: 0, nextAction: null };
}

/**
 * A set-up refusal (the key, the IP allow-list, a feature not enabled on the provider account) as a failed payment
 * that no customer declined: `provider_unavailable`, with what the provider said (docs/live-money.md).
 */
export function unavailableBy(err: ProviderSetupError): PaymentSubmitAnswer {
  const message = 'The payment provider account is not set up for this payment; no customer declined it.';
  const provider = { source: 'business', reason: err.reason, description: err.description ?? message };
  return { outcome: { state: 'failed', failure: { code: 'provider_unavailable', message, provider } }, providerReference: null, fees: 0, nextAction: null };
}

export function refundAnswerOf(refund: RazorpayRefund, checkAgainInMs: number): RailAnswer<RefundRailState> {
  const outcome = refundOutcomeOf(refund);
  const base = { providerReference: refund.id, fees: 0 };
  switch (outcome.state) {
    case 'processed':
      return { ...base, outcome: { state: 'processed', utr: outcome.reference } };
    case 'failed': {
      const provider = providerFailure(outcome.details, { source: 'gateway', reason: 'refund_failed', description: outcome.message });
      return { ...base, outcome: { state: 'failed', failure: { code: outcome.code, message: outcome.message, provider } } };
    }
    default:
      return { ...base, outcome: { state: 'processing', checkAgainInMs } };
  }
}

/** The order under our payment id: found, or created once (a lost answer is looked up, never sent again blind). */
async function orderFor(api: RazorpayPaymentsApi, submission: PaymentSubmission): Promise<RazorpayOrder> {
  // The order an earlier hand-over made, by its id: a receipt is not unique at the provider.
  if (submission.orderReference) return api.fetchOrder(submission.orderReference);
  const found = await api.findOrderByReceipt(submission.paymentId, submission.amount);
  if (found) return found;
  const notes = { ...submission.notes, account_id: submission.accountId };
  try {
    return await api.createOrder({ paymentId: submission.paymentId, amount: submission.amount, notes });
  } catch (err) {
    if (!(err instanceof ProviderAnswerUnknownError)) throw err;
    const created = await api.findOrderByReceipt(submission.paymentId, submission.amount);
    if (created) return created;
    throw err;
  }
}

/** An authorized payment is captured at once; a capture another caller made first reads as that capture. */
async function captured(api: RazorpayPaymentsApi, payment: RazorpayPayment): Promise<RazorpayPayment> {
  if (payment.status !== 'authorized') return payment;
  try {
    return await api.capturePayment(payment.id, payment.amount);
  } catch (err) {
    if (err instanceof ProviderRejectedError) return api.fetchPayment(payment.id);
    throw err;
  }
}

interface Attempt {
  providerReference: string;
  nextAction: NextAction;
}

/** The customer's browser as the submission names it: only what the caller gave, never a made-up value. */
function clientOf(s: PaymentSubmission): PaymentClient {
  return { ip: s.client?.ip ?? null, userAgent: s.client?.userAgent ?? null, referer: s.client?.referer ?? null };
}

async function newAttempt(conn: RazorpayGatewayConnection, deps: RazorpayPaymentRailDeps, s: PaymentSubmission, orderId: string): Promise<Attempt> {
  const customer = { email: s.customer?.email ?? '', phone: s.customer?.phone ?? '' };
  const common = { orderId, paymentId: s.paymentId, amount: s.amount, customer, client: clientOf(s), notes: s.notes, description: s.description };
  if (s.instrument.method === 'netbanking') {
    const callbackUrl = s.returnUrl ?? deps.defaultReturnUrl(s.paymentId);
    const created = await conn.api.createNetbankingPayment({ ...common, bank: s.instrument.bank ?? '', callbackUrl });
    return { providerReference: created.providerReference, nextAction: { type: 'redirect', url: created.url } };
  }
  const created = await conn.api.createUpiPayment(common);
  return { providerReference: created.providerReference, nextAction: { type: 'upi_intent', url: created.url } };
}

/** A debit with no order under its id: its pre-debit notice was never made, and a debit without one is never sent. */
function noNotice(): PaymentSubmitAnswer {
  const message = 'The payment provider has no pre-debit notice for this debit.';
  const provider = { source: 'business', reason: 'pre_debit_notice_missing', description: 'No order with a pre-debit notification exists under this payment id; the debit was not sent.' };
  return { outcome: { state: 'failed', failure: { code: 'payment_declined', message, provider } }, providerReference: null, fees: 0, nextAction: null };
}

/**
 * A collection's debit through a mandate's token (subsequent-payments.md): on the order its notice made under our
 * payment id, an attempt already made is the debit (the provider retries none of a notified order, and neither do
 * we: a second attempt is a new payment); else `POST /v1/payments/create/recurring`. The customer does nothing, so
 * there is no next action; the order captures by itself (`payment_capture: true`).
 */
async function submitDebit(conn: RazorpayGatewayConnection, s: PaymentSubmission, recurring: NonNullable<PaymentSubmission['recurring']>, checkAgainInMs: number): Promise<PaymentSubmitAnswer> {
  const order = await conn.api.findOrderByReceipt(s.paymentId, s.amount);
  if (!order) return noNotice();
  const best = bestAttempt(await conn.api.paymentsOfOrder(order.id));
  if (best) return { ...paymentAnswerOf(await captured(conn.api, best), checkAgainInMs), nextAction: null };
  const created = await conn.api.createRecurringPayment({
    orderId: order.id,
    paymentId: s.paymentId,
    amount: s.amount,
    customerReference: recurring.customerReference,
    tokenReference: recurring.tokenReference,
    customer: { email: s.customer?.email ?? '', phone: s.customer?.phone ?? '' },
    notes: s.notes,
    description: s.description,
  });
  return { outcome: { state: 'processing', checkAgainInMs }, providerReference: created.providerReference, fees: 0, nextAction: null, orderReference: order.id };
}

async function submitPayment(deps: RazorpayPaymentRailDeps, s: PaymentSubmission): Promise<PaymentSubmitAnswer> {
  const checkAgainInMs = deps.checkAgainInMs ?? DEFAULT_CHECK_AGAIN_MS;
  const conn = await deps.connectionFor(s.accountId);
  try {
    if (s.recurring) return await submitDebit(conn, s, s.recurring, checkAgainInMs);
    const order = await orderFor(conn.api, s);
    const best = bestAttempt(await conn.api.paymentsOfOrder(order.id));
    // Paid, or approved: that is the payment, whichever attempt it was.
    if (best && (best.status === 'authorized' || best.status === 'captured' || best.status === 'refunded')) {
      return { ...paymentAnswerOf(await captured(conn.api, best), checkAgainInMs), nextAction: null };
    }
    // An intent link or a bank redirect is given only by the create: a lost one needs a new attempt on the same
    // order, which the order's single payment keeps from collecting twice.
    const attempt = await newAttempt(conn, deps, s, order.id);
    return { outcome: { state: 'processing', checkAgainInMs }, providerReference: attempt.providerReference, fees: 0, nextAction: attempt.nextAction, orderReference: order.id };
  } catch (err) {
    if (err instanceof ProviderSetupError) return unavailableBy(err);
    if (err instanceof ProviderRejectedError) return declinedBy(err);
    throw err;
  }
}

export function createRazorpayPaymentRail(deps: RazorpayPaymentRailDeps): PaymentRail {
  const checkAgainInMs = deps.checkAgainInMs ?? DEFAULT_CHECK_AGAIN_MS;
  return {
    submit: (submission) => submitPayment(deps, submission),
    async lookup(paymentId, context): Promise<RailLookup<PaymentRailState>> {
      if (!context) throw new Error('a live payment lookup needs the payment\'s account');
      const conn = await deps.connectionFor(context.accountId);
      // The order made at submit, by its id; only a payment submitted before orders were kept is found by receipt.
      const order = context.orderReference ? await conn.api.fetchOrder(context.orderReference) : await conn.api.findOrderByReceipt(paymentId);
      const best = order ? bestAttempt(await conn.api.paymentsOfOrder(order.id)) : null;
      if (!best) return { found: false };
      return { found: true, answer: paymentAnswerOf(await captured(conn.api, best), checkAgainInMs) };
    },
  };
}

/** The provider's id of the payment a refund draws on: given, or the captured attempt of the order under our id. */
async function paymentReferenceOf(api: RazorpayPaymentsApi, paymentId: string, given: string | null | undefined): Promise<string | null> {
  if (given) return given;
  const order = await api.findOrderByReceipt(paymentId);
  const best = order ? bestAttempt(await api.paymentsOfOrder(order.id)) : null;
  return best && (best.status === 'captured' || best.status === 'refunded') ? best.id : null;
}

function refusedRefund(err: ProviderRejectedError): RailAnswer<RefundRailState> {
  const d = err.details;
  const message = 'The payment provider refused the refund.';
  const provider = { source: d.source ?? 'business', reason: d.reason ?? d.code ?? 'rejected', description: d.description ?? message };
  return { outcome: { state: 'failed', failure: { code: 'refund_declined', message, provider } }, providerReference: null, fees: 0 };
}

async function submitRefund(deps: RazorpayPaymentRailDeps, s: RefundSubmission): Promise<RailAnswer<RefundRailState>> {
  const checkAgainInMs = deps.checkAgainInMs ?? DEFAULT_CHECK_AGAIN_MS;
  const { api } = await deps.connectionFor(s.accountId);
  const paymentRef = await paymentReferenceOf(api, s.paymentId, s.paymentProviderReference);
  if (!paymentRef) throw new Error(`no captured payment at the provider for ${s.paymentId}`);
  const existing = await api.findRefundByReceipt(paymentRef, s.refundId);
  if (existing) return refundAnswerOf(existing, checkAgainInMs);
  try {
    const refund = await api.createRefund({ paymentProviderReference: paymentRef, refundId: s.refundId, amount: s.amount, notes: { payment_id: s.paymentId } });
    return refundAnswerOf(refund, checkAgainInMs);
  } catch (err) {
    if (err instanceof ProviderRejectedError) return refusedRefund(err);
    throw err;
  }
}

export function createRazorpayRefundRail(deps: RazorpayPaymentRailDeps): RefundRail {
  const checkAgainInMs = deps.checkAgainInMs ?? DEFAULT_CHECK_AGAIN_MS;
  return {
    submit: (submission) => submitRefund(deps, submission),
    async lookup(refundId, context): Promise<RailLookup<RefundRailState>> {
      if (!context) throw new Error('a live refund lookup needs the refund\'s account and payment');
      const { api } = await deps.connectionFor(context.accountId);
      const paymentRef = await paymentReferenceOf(api, context.paymentId, context.paymentProviderReference);
      const refund = paymentRef ? await api.findRefundByReceipt(paymentRef, refundId) : null;
      return refund ? { found: true, answer: refundAnswerOf(refund, checkAgainInMs) } : { found: false };
    },
  };
}
