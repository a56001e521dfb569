// Razorpay's UPI AutoPay in our words (src/rails/provider.ts, ProviderMandateReport): a token's recurring status,
// and a mandate's authorization payment, to a mandate outcome. Pure functions over the provider's JSON.
// Sources (razorpay/markdown-docs): payments/payment-gateway/s2s-integration/recurring-payments/upi-intent/tokens.md
// and api/payments/recurring-payments/upi/tokens.md (the token entity: `recurring_details.status` is `initiated`,
// `confirmed`, `rejected`, `cancelled` or `paused`, with `failure_reason`; `expired_at`; `vpa: {username, handle}`; the
// authorization payment carries `token_id`, and may end `failed` with `upi_dummy_payment` while its token stands);
// payments/payment-gateway/s2s-integration/recurring-payments/webhooks.md (`token.confirmed`, `.rejected`,
// `.cancelled`, `.paused`: "token.confirmed indicates that the bank has completed the mandate registration") and
// api/payments/recurring-payments/custom/webhooks.md (`token.resumed`, status `resumed`).
import type { MandateFrequency } from '../../domain/mandates.ts';
import type { MandateProviderOutcome, ProviderFailureDetails, ProviderMandateReport } from '../../rails/provider.ts';
import { notesOf, PAYMENT_ID_NOTE, paymentFailureDetailsOf, type RazorpayOrder, type RazorpayPayment } from './translate-payments.ts';

/** The notes key of our mandate id on the authorization order and payment (the order's receipt is the same id). */
export const MANDATE_ID_NOTE = 'mandate_id';

/** Every token recurring status the pages document (`resumed` only in the token.resumed event). */
export const tokenStatuses = ['initiated', 'confirmed', 'rejected', 'cancelled', 'paused', 'resumed'] as const;

/** Every `token.frequency` the S2S UPI intent page documents for the authorization order. */
export const documentedFrequencies = ['weekly', 'monthly', 'quarterly', 'yearly', 'as_presented'] as const;

/** Our mandate frequencies as the order's `token.frequency`. */
export const tokenFrequencyOf: { readonly [F in MandateFrequency]: (typeof documentedFrequencies)[number] } = {
  weekly: 'weekly',
  monthly: 'monthly',
  yearly: 'yearly',
  as_presented: 'as_presented',
};

export interface RazorpayToken {
  id: string;
  entity?: string;
  method?: string | null;
  vpa?: { username?: string | null; handle?: string | null; name?: string | null } | null;
  recurring?: boolean;
  recurring_details?: { status?: string | null; failure_reason?: string | null } | null;
  customer_id?: string | null;
  max_amount?: number | null;
  /** Seconds. */
  expired_at?: number | null;
  start_time?: number | null;
  created_at?: number;
}

export interface RazorpayCustomer {
  id: string;
  entity?: string;
  name?: string | null;
  email?: string | null;
  contact?: string | null;
}

export function tokenStatusOf(token: RazorpayToken): string {
  return token.recurring_details?.status ?? 'unknown';
}

export function tokenVpaOf(token: RazorpayToken): string | null {
  const vpa = token.vpa;
  return vpa?.username && vpa.handle ? `${vpa.username}@${vpa.handle}` : null;
}

/**
 * A token's status → our outcome. A token past its `expired_at` that was in force (confirmed, resumed, paused) is
 * expired; a status the pages do not document keeps the mandate pending until a later look moves it.
 */
export function tokenOutcomeOf(token: RazorpayToken, nowMs: number): MandateProviderOutcome {
  const status = tokenStatusOf(token);
  const expired = typeof token.expired_at === 'number' && token.expired_at * 1000 <= nowMs;
  switch (status) {
    case 'initiated':
      return { state: 'pending' };
    case 'confirmed':
    case 'resumed':
      return expired ? { state: 'expired' } : { state: 'active' };
    case 'paused':
      return expired ? { state: 'expired' } : { state: 'paused' };
    case 'cancelled':
      return { state: 'revoked' };
    case 'rejected': {
      const reason = token.recurring_details?.failure_reason ?? null;
      const details: ProviderFailureDetails | null = reason ? { source: null, reason: null, description: reason } : null;
      return { state: 'rejected', details };
    }
    default:
      return { state: 'pending' };
  }
}

/** A token as a mandate report; what the token does not carry (our mandate id, the registration) comes from `known`. */
export function tokenReportOf(
  token: RazorpayToken,
  nowMs: number,
  known: { mandateId?: string | null; registrationReference?: string | null; customerReference?: string | null } = {},
): ProviderMandateReport {
  return {
    mandateId: known.mandateId ?? null,
    tokenReference: token.id,
    registrationReference: known.registrationReference ?? null,
    customerReference: token.customer_id ?? known.customerReference ?? null,
    providerStatus: tokenStatusOf(token),
    outcome: tokenOutcomeOf(token, nowMs),
    vpa: tokenVpaOf(token),
  };
}

/** The reason of an authorization payment that failed by design while its one-time mandate's token stands. */
export const DUMMY_PAYMENT_REASON = 'upi_dummy_payment';

/**
 * The token an authorization payment made, once the customer approved it: an authorized or captured payment's
 * `token_id` (or a failed dummy payment's, whose token stands); null before.
 */
export function authorizationTokenOf(payment: RazorpayPayment): string | null {
  if (!payment.token_id) return null;
  const approved = ['authorized', 'captured', 'refunded'].includes(payment.status);
  return approved || (payment.status === 'failed' && payment.error_reason === DUMMY_PAYMENT_REASON) ? payment.token_id : null;
}

type OrderSeen = Pick<RazorpayOrder, 'id' | 'receipt' | 'notes'>;

/**
 * Our mandate id, when the payment is a mandate's authorization payment: in its notes, else in the notes of its
 * order (an `order.paid` event carries both); null for every other payment.
 */
export function mandateIdOf(payment: RazorpayPayment, order?: OrderSeen | null): string | null {
  const own = notesOf(payment.notes);
  const orderNotes = order && order.id === payment.order_id ? notesOf(order.notes) : {};
  // A debit through the mandate is a payment of ours (our payment id), whatever other ids its notes keep.
  if (own[PAYMENT_ID_NOTE] || orderNotes[PAYMENT_ID_NOTE]) return null;
  return own[MANDATE_ID_NOTE] ?? orderNotes[MANDATE_ID_NOTE] ?? null;
}

/**
 * A mandate's authorization payment as a report. The customer's approval makes the token, but the token's
 * confirmation is a step of its own (token.confirmed: "the bank has completed the mandate registration"), so an
 * approved payment reports `pending` with the token's reference for the service to look the token up; a failed one
 * is a rejection (the webhooks page: "If the payment fails, you need to create an authorisation transaction again").
 */
export function authorizationReportOf(payment: RazorpayPayment, order?: OrderSeen | null): ProviderMandateReport {
  const token = authorizationTokenOf(payment);
  let outcome: MandateProviderOutcome = { state: 'pending' };
  if (!token && payment.status === 'failed') outcome = { state: 'rejected', details: paymentFailureDetailsOf(payment) };
  return {
    mandateId: mandateIdOf(payment, order),
    tokenReference: token ?? payment.token_id ?? null,
    registrationReference: payment.order_id ?? null,
    customerReference: payment.customer_id ?? null,
    providerStatus: payment.status,
    outcome,
    vpa: payment.vpa ?? payment.upi?.vpa ?? null,
  };
}
