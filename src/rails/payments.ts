// The payment rail, both sides: how the service collects a payment from a customer (UPI, netbanking) and how
// it gives money back (refunds). The sandbox simulator implements both; a provider's connector implements them
// for live money. Like the payout rail, each resource is handed over under its own id (the provider's receipt or
// idempotency key) and looked up by it.
import type { Mode } from '../domain/modes.ts';
import type { PaymentMethod, PaymentRailState } from '../domain/payments.ts';
import type { RefundRailState } from '../domain/refunds.ts';
import type { RailAnswer, RailLookup } from './rail.ts';

/** Where the customer pays from (and where a refund goes back to). */
export interface PaymentInstrument {
  method: PaymentMethod;
  vpa: string | null;
  bank: string | null;
}

/**
 * What the customer must do for a payment to go on (`next_action`): open a UPI app on the intent link, or follow a
 * redirect to their bank. A rail that needs nothing of the customer (the sandbox) gives none. `upi_collect` is only
 * on payments made before collect requests were retired (NPCI, 28 February 2026); no rail gives it now.
 */
export interface NextAction {
  type: 'upi_intent' | 'upi_collect' | 'redirect';
  url: string | null;
}

/** The customer as a live rail must name them (a provider asks for an email and a phone on every payment). */
export interface PaymentCustomer {
  email: string | null;
  phone: string | null;
}

/**
 * The paying customer's browser as the caller (or the hosted page's visitor) gave it: a live rail passes on what is
 * there and never makes any of it up; null where nothing was given.
 */
export interface PaymentClient {
  ip: string | null;
  userAgent: string | null;
  referer?: string | null;
}

export interface PaymentSubmission {
  /** The payment's id: our reference at the rail and its idempotency key, so a retried submission never collects twice. */
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  instrument: PaymentInstrument;
  /** Live rails only (the sandbox needs none of these). */
  customer?: PaymentCustomer | null;
  /** Where the customer's bank sends them back after netbanking (the payment's `return_url`). */
  returnUrl?: string | null;
  client?: PaymentClient | null;
  description?: string | null;
  /** Our other ids to keep beside the payment at the provider (payment link, the caller's receipt). */
  notes?: Record<string, string>;
  /**
   * A collection's debit through a live mandate: made with the mandate's token on the order its pre-debit notice
   * created under this payment's id (ProviderRecurring.noticeDebit). Absent for every other payment.
   */
  recurring?: { customerReference: string; tokenReference: string } | null;
  /** The rail's reference of what an earlier hand-over made for this payment (PaymentSubmitAnswer.orderReference). */
  orderReference?: string | null;
}

/** A payment rail's answer to a submission: its state and, while it waits for the customer, what they must do. */
export interface PaymentSubmitAnswer extends RailAnswer<PaymentRailState> {
  nextAction?: NextAction | null;
  /**
   * A live rail's reference of what it made to take this payment (a provider's order), kept on the payment: the
   * provider's later events about it are believed only through this reference.
   */
  orderReference?: string | null;
}

/** Which payment a lookup is about, beyond our id: the account (a live rail finds its connection by it). */
export interface PaymentLookupContext {
  accountId: string;
  /**
   * What the rail made for the payment at submit (PaymentSubmitAnswer.orderReference), when kept: a live rail looks
   * there, never by a reference anyone else could also give (a provider order's receipt is not unique).
   */
  orderReference?: string | null;
}

export interface PaymentRail {
  /** Hands the payment over under its id and answers what the rail said of it (a decline is a `failed` answer). */
  submit(submission: PaymentSubmission): Promise<PaymentSubmitAnswer>;
  /** Live rails need `context`; the sandbox ignores it. */
  lookup(paymentId: string, context?: PaymentLookupContext): Promise<RailLookup<PaymentRailState>>;
}

export interface RefundSubmission {
  /** The refund's id: our reference at the rail and its idempotency key. */
  refundId: string;
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  /** The instrument the payment came from; the money goes back there. */
  instrument: PaymentInstrument;
  /** The rail's own reference of the payment (its `provider_reference`), where it has one. */
  paymentProviderReference?: string | null;
}

/** Which refund a lookup is about, beyond our id: a live provider finds refunds under their payment. */
export interface RefundLookupContext {
  accountId: string;
  paymentId: string;
  paymentProviderReference?: string | null;
}

export interface RefundRail {
  /** Hands the refund over under its id and answers what the rail said of it. */
  submit(submission: RefundSubmission): Promise<RailAnswer<RefundRailState>>;
  /** Live rails need `context`; the sandbox ignores it. */
  lookup(refundId: string, context?: RefundLookupContext): Promise<RailLookup<RefundRailState>>;
}
