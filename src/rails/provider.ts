import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutRail } from './payouts.ts';
import type { PaymentRail, RefundRail } from './payments.ts';
import type { VerificationRail } from './verifications.ts';
// What a connector tells the rest of the service, in the service's own words: no provider's names or statuses
// cross this line (docs/decisions.md, "One provider, built to be one of many"). A connector folder translates its provider
// into these types; activities, the transition writer and the inbound webhook route only ever see these.
import type { PaymentFailureCode } from '../domain/payments.ts';
import type { FailureCode } from '../domain/payouts.ts';
import type { RefundFailureCode } from '../domain/refunds.ts';
import type { MandateFrequency } from '../domain/mandates.ts';

/** The provider's own account of why a payout stopped, kept beside our code in `failure_reason.provider`. */
export interface ProviderFailureDetails {
  source: string | null;
  reason: string | null;
  description: string | null;
}

/**
 * Where the provider says a payout is, in our terms.
 * - `initiated`: still on its way (any provider state before a final one).
 * - `completed`: the beneficiary's bank took the money.
 * - `returned`: the money came back to the business's account. Whether that is our `reversed` (we had reported
 *   `completed`) or our `failed` (we had not) depends on what we said before: see payoutRailDecision (src/domain/payouts.ts).
 * - `failed`: it never left.
 */
export type PayoutOutcome =
  | { state: 'initiated' }
  | { state: 'completed'; utr: string | null }
  | { state: 'returned'; code: FailureCode; details: ProviderFailureDetails }
  | { state: 'failed'; code: FailureCode; details: ProviderFailureDetails };

/** One look at a payout at the provider (an answer to create or fetch, a webhook, a statement line). */
export interface ProviderPayoutReport {
  /** The provider's id of the payout (our payouts' `provider_reference`). */
  providerReference: string;
  /** Our payout id as we gave it to the provider, or null when the provider's object carries none. */
  payoutId: string | null;
  /** The provider's status word as it said it, for logs and operators. */
  providerStatus: string;
  outcome: PayoutOutcome;
  utr: string | null;
  /** Paise the provider says it pays (compared with ours before the report is believed); null when it did not say. */
  amount: number | null;
  /** Paise the provider charged for the payout, its tax included; null until the provider reports fees. */
  fees: number | null;
  /** The tax part of `fees` (not an extra charge); null until reported. */
  tax: number | null;
  /** The provider's latest explanation of the status, whatever the status. */
  details: ProviderFailureDetails | null;
}

/**
 * Where the provider says a payment is, in our terms.
 * - `pending`: the customer has not acted yet (or the bank has not answered).
 * - `authorized`: the customer paid; the money is held and must be captured (accounts that capture at once never
 *   stay here long).
 * - `captured`: the payment is ours (also after refunds: a refunded payment was captured first).
 * - `failed`: declined, cancelled or expired. A failed payment may still be authorized late (docs/decisions.md, Late
 *   authorizations): a later report saying `authorized` or `captured` is a late authorization.
 */
export type PaymentOutcome =
  | { state: 'pending' }
  | { state: 'authorized' }
  | { state: 'captured' }
  | { state: 'failed'; code: PaymentFailureCode; message: string; details: ProviderFailureDetails };

/** One look at a payment at the provider (an answer to create or fetch, a webhook). */
export interface ProviderPaymentReport {
  /** The provider's id of the payment (our payments' `provider_reference`). */
  providerReference: string;
  /** Our payment id as we gave it to the provider (its notes), or null (a payment to a QR code carries none). */
  paymentId: string | null;
  /** The provider's id of the order the payment belongs to, when it has one. */
  orderReference: string | null;
  providerStatus: string;
  outcome: PaymentOutcome;
  amount: number;
  /** The currency the provider names (compared with ours); null when it did not say. */
  currency: string | null;
  /** What the provider has refunded of it so far, in paise. */
  amountRefunded: number;
  method: string | null;
  /** The UPI ID the customer paid from, when the provider tells it. */
  vpa: string | null;
  /** Paise the provider charged, its tax included; null until captured. */
  fee: number | null;
  /** The tax part of `fee`; null until captured. */
  tax: number | null;
  /** The provider's explanation of a failure (also kept after a late authorization), or null. */
  details: ProviderFailureDetails | null;
  /** The values we put on the order or payment (our ids), as the provider echoes them. */
  notes: Record<string, string>;
}

export type RefundOutcome =
  | { state: 'pending' }
  /** `reference`: the bank's reference of the refund (its ARN) when known, else the provider's refund id. */
  | { state: 'processed'; reference: string }
  | { state: 'failed'; code: RefundFailureCode; message: string; details: ProviderFailureDetails };

export interface ProviderRefundReport {
  providerReference: string;
  /** Our refund id as we gave it to the provider (`receipt`), or null for a refund we did not make. */
  refundId: string | null;
  /** The provider's id of the refunded payment. */
  paymentProviderReference: string;
  providerStatus: string;
  outcome: RefundOutcome;
  amount: number;
  notes: Record<string, string>;
}

/** A settlement the provider reports: money it paid out to the business's bank account. */
export interface ProviderSettlementReport {
  providerReference: string;
  providerStatus: string;
  /** What reached the bank, in paise: payments net of fees, minus refunds. */
  amount: number;
  /** The fees of the settled payments, tax included (already recorded at capture: a difference is reconciliation's). */
  fees: number;
  tax: number;
  utr: string | null;
  createdAt: Date;
}

/** One line of a settlement's reconciliation: a payment or refund it settled. */
export interface ProviderSettlementLine {
  type: 'payment' | 'refund' | 'other';
  /** The provider's id of the payment or refund. */
  providerReference: string;
  /** The payment's provider id (for a refund, the payment it refunds). */
  paymentProviderReference: string | null;
  /** Our payment id, where the payment's order carried it as its receipt. */
  paymentId: string | null;
  settlementReference: string;
  utr: string | null;
  credit: number;
  debit: number;
  amount: number;
  fee: number;
  tax: number;
  settledAt: Date | null;
}

/** A single-use, fixed-amount UPI QR code made for a payment link. */
export interface ProviderQrCode {
  providerReference: string;
  /** `open` takes a payment; `closed` takes none (paid, closed by us, or past its close time). */
  state: 'open' | 'closed';
  /** The `upi://pay?...` text the code holds (we draw it ourselves). */
  content: string;
  amount: number | null;
  closeBy: Date;
  /** Paise paid to it so far. */
  amountReceived: number;
  notes: Record<string, string>;
}

/** What an inbound provider webhook is about, once verified and translated. */
export type ConnectorWebhookOutcome =
  | { kind: 'payout'; eventType: string; report: ProviderPayoutReport }
  /** A payment event (`order.paid` too: it carries the payment that paid the order). */
  | { kind: 'payment'; eventType: string; report: ProviderPaymentReport }
  | { kind: 'refund'; eventType: string; report: ProviderRefundReport }
  | { kind: 'settlement'; eventType: string; report: ProviderSettlementReport }
  /** A payment to one of our QR codes: the payment and the code it paid. */
  | { kind: 'qr_payment'; eventType: string; report: ProviderPaymentReport; qrCode: ProviderQrCode }
  /** Money that arrived in the payout account (a live top-up), by the provider's transaction id. */
  | {
      kind: 'deposit';
      eventType: string;
      providerReference: string;
      amount: number;
      createdAt: Date;
      /** The account the provider credited: a deposit only when it is the connection's payout account. */
      accountNumber: string | null;
    }
  /** A UPI AutoPay mandate's registration or token moved (approved, rejected, paused, resumed, cancelled). */
  | { kind: 'mandate'; eventType: string; report: ProviderMandateReport }
  /**
   * A beneficiary's account validation ended (or says so): only a wake-up, by the provider's id of the validation and
   * the verification id its notes claim. What it ended with is looked up at the provider, never read from the event.
   */
  | { kind: 'verification'; eventType: string; providerReference: string; verificationId: string | null }
  /** An event this service does not act on (downtime notices, entities it does not follow); answered 200 and logged. */
  | { kind: 'ignored'; eventType: string };

/** A line of the provider's account statement: every credit and debit of the payout account, with the balance after it. */
export interface ProviderStatementLine {
  /** The provider's transaction id: a credit becomes a top-up keyed by it, once. */
  id: string;
  /** Paise; exactly one of credit and debit is non-zero. */
  credit: number;
  debit: number;
  /** The account's balance right after this line, in paise. */
  balance: number;
  createdAt: Date;
  /** What moved the money: a payout (its debit), a reversal of one (the money and fees back), a deposit, or else. */
  source:
    | { kind: 'payout'; providerReference: string; payoutId: string | null; fees: number | null; tax: number | null }
    | { kind: 'reversal'; providerReference: string; payoutProviderReference: string }
    | { kind: 'deposit'; providerReference: string }
    /** A beneficiary verification's charge (penny, fee and tax), or its credit back: the validation's provider id. */
    | { kind: 'verification'; validationReference: string }
    | { kind: 'other'; providerReference: string | null; entity: string | null };
}

/** A value of ours the provider would refuse: our API's param (bracket form) and why, for a 400 naming it. */
export interface LimitViolation {
  /** Our API's param (`name`, `vpa`, `bank_account[account_number]`, `narration`, `amount`, ...). */
  param: string;
  message: string;
}

/** A live beneficiary as the provider's rules see it (our API's fields). */
export interface LiveBeneficiaryInput {
  name: string;
  type: 'bank_account' | 'vpa';
  vpa?: string | null;
  bankAccount?: { accountNumber: string; ifsc: string } | null;
}

/** A live payout as the provider's rules see it (a batch item's: its amount only). */
export interface LivePayoutInput {
  amount: number;
  narration?: string | null;
}

/** A live payment as the provider's rules see it (our API's fields). */
export interface LivePaymentInput {
  amount: number;
  /** Our payment's `receipt` (the caller's), when given: it travels in the provider's notes. */
  receipt?: string | null;
  method: 'upi' | 'netbanking';
  /** The customer's UPI ID: not used live (UPI is intent only since collect was retired). */
  vpa?: string | null;
  /** The provider asks for the customer's email and phone on every server-to-server payment. */
  customer?: { email: string | null; phone: string | null } | null;
  returnUrl?: string | null;
  /** The paying customer's IP address, where the caller gave one (some of the provider's calls require it). */
  customerIp?: string | null;
}

/**
 * A kind of live money a connector moves: payouts (and batches of them), payments (and their refunds), or recurring
 * debits (mandates and the collections that charge through them).
 */
export type MoneyMovement = 'payouts' | 'payments' | 'recurring';

/** What a connector's rails need of a connection, its key secret unsealed (only by the worker's composition root). */
export interface ConnectedRailSettings {
  connectionId: string;
  baseUrl: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  /** A fresh EntityManager for the connector's own records (a beneficiary's ids at the provider). */
  em: () => EntityManager;
  /** Resolves when one more request to the provider keeps within the connection's rate, shared by every worker. */
  pace: () => Promise<void>;
  /** When to look again at a payout still on its way (a backstop to the provider's webhooks). */
  checkAgainInMs: number;
}

/** A live payment link's QR code, as the link asks the provider for it. */
export interface LinkQrInput {
  linkId: string;
  /** Paise: what is due on the link now (the code takes exactly this). */
  amount: number;
  /** The link's expire_by, epoch ms. */
  expireBy: number;
  /** Epoch ms. */
  now: number;
  name?: string | null;
  description?: string | null;
}

/**
 * What the service reads from or makes at a provider's payment gateway besides the rails: its settlements (and the
 * payments each settled) and the single-use UPI QR codes of live payment links.
 */
export interface ProviderGateway {
  /** Every settlement after `cursor` (all when null), oldest first, and the cursor after them. */
  settlementsSince(cursor: string | null, options?: { maxPages?: number }): Promise<{ settlements: ProviderSettlementReport[]; cursor: string | null }>;
  /** The payments and refunds a settlement settled. */
  settlementLines(settlement: Pick<ProviderSettlementReport, 'providerReference' | 'createdAt'>): Promise<ProviderSettlementLine[]>;
  /** A single-use QR code for the amount due, closing by min(expire_by, the provider's longest); null when fewer than 15 minutes remain. */
  createLinkQr(input: LinkQrInput): Promise<ProviderQrCode | null>;
  /** Closes a code that is still open (a code already closed is left as it is). */
  closeQr(providerReference: string): Promise<void>;
  fetchPayment(providerReference: string): Promise<ProviderPaymentReport>;
}

/** The gateways of the connections, as the worker's composition root gives them to activities. */
export interface ProviderGateways {
  /** The connection's gateway; null when the connection is unknown or its provider has no connector. */
  ofConnection(connectionId: string): Promise<ProviderGateway | null>;
  /**
   * The gateway of the payment link's own connection (its QR codes are made and closed there); with `bind`, an unbound
   * link first binds to its account's active connection. Null when it has none.
   */
  ofLink(linkId: string, bind: boolean): Promise<{ connectionId: string; status: string; gateway: ProviderGateway } | null>;
}

/** What a connector's payment and refund rails need of a connection (the worker's composition root builds it). */
export interface ConnectedPaymentSettings {
  connectionId: string;
  baseUrl: string;
  keyId: string;
  keySecret: string;
  pace: () => Promise<void>;
  /** When to look again at a payment or refund still on its way (a backstop to the provider's webhooks). */
  checkAgainInMs: number;
  /** Where netbanking sends the customer back when the payment names no `return_url`. */
  defaultReturnUrl(paymentId: string): string;
}

/** A page of the payout account's statement read since a cursor, oldest first. */
export interface StatementRead {
  lines: ProviderStatementLine[];
  /** Where the next read starts (opaque, the connector's own); the given cursor when nothing new was read. */
  cursor: string | null;
}

/**
 * What reconciliation reads at the provider for one connection (built from the connection's row, like its rails;
 * every call paced by the connection's shared rate).
 */
export interface ProviderAccountReader {
  /** Every statement line of the payout account after `cursor` (from the start when null), oldest first. */
  listTransactions(cursor: string | null): Promise<StatementRead>;
  /** A payout as the provider shows it now, by the provider's id. */
  payout(providerReference: string): Promise<ProviderPayoutReport>;
}

/** A live UPI AutoPay mandate as a connector registers it at the provider (our API's terms). */
export interface MandateRegistrationInput {
  /**
   * Our mandate id: the registration's receipt and notes (`mandate_id`) at the provider, so a retried registration
   * finds the first one rather than making a second, and the provider's events about it name it.
   */
  mandateId: string;
  customer: { name: string; email: string | null; phone: string | null };
  /** Paise: the most one debit may take. */
  maxAmount: number;
  frequency: MandateFrequency;
  /** Epoch ms. */
  startAt: number;
  expireAt: number;
  description?: string | null;
  /** The customer's IP address and user agent as the mandate's creator gave them; sent, never made up. */
  client?: { ip: string | null; userAgent: string | null } | null;
}

/** Where a live mandate is known at the provider: what a later look, a debit or a cancellation needs. */
export interface ProviderMandateRef {
  /** The provider's customer the mandate's token belongs to. */
  customerReference: string;
  /** The provider's reference of the registration (its authorization order). */
  registrationReference: string;
  /** The provider's token, once the customer approved (null before: then the registration tells). */
  tokenReference: string | null;
}

/** What the customer approves: the registration made at the provider. */
export interface ProviderMandateRegistration extends ProviderMandateRef {
  /**
   * The `upi://` intent link the customer's UPI app opens to approve the mandate (the hosted page shows it as a
   * button and draws it as a QR code); null when the provider gave none (the page says so).
   */
  intentUrl: string | null;
}

/**
 * Where the provider says a mandate is, in our terms.
 * - `pending`: the customer has not approved it yet.
 * - `active`: approved (also after a resume); debits may be made with its token.
 * - `paused`, `revoked` (cancelled by the customer or by us), `expired`: as our mandate statuses.
 * - `rejected`: the customer declined, or the authorization failed or ran out.
 */
export type MandateProviderOutcome =
  | { state: 'pending' }
  | { state: 'active' }
  | { state: 'paused' }
  | { state: 'revoked' }
  | { state: 'expired' }
  | { state: 'rejected'; details: ProviderFailureDetails | null };

/** One look at a mandate at the provider (an answer to a fetch, a token or authorization-payment webhook). */
export interface ProviderMandateReport {
  /** Our mandate id as we gave it to the provider (notes, receipt), or null when the object carries none (a token event). */
  mandateId: string | null;
  /** The provider's token, when known. */
  tokenReference: string | null;
  registrationReference: string | null;
  customerReference: string | null;
  /** The provider's status word as it said it, for logs and operators. */
  providerStatus: string;
  outcome: MandateProviderOutcome;
  /** The UPI ID the customer approved from, when the provider tells it. */
  vpa: string | null;
}

/** A debit's pre-debit notice at the provider: the order the debit will pay, announced to the customer. */
export interface DebitNoticeInput {
  /** Our payment id of the coming debit: the order's receipt, so a retried notice finds the first one. */
  paymentId: string;
  mandate: ProviderMandateRef & { tokenReference: string };
  /** Paise. */
  amount: number;
  /** Epoch ms: the provider debits no sooner than this (`payment_after`). */
  debitAt: number;
  description?: string | null;
  /** Our other ids to keep beside the order (collection, cycle). */
  notes?: Record<string, string>;
}

/**
 * UPI AutoPay at a provider for one connection: registering a mandate, reading it, announcing each debit and
 * cancelling it. The debit itself is a payment on the payment rail (PaymentSubmission.recurring), on the order its
 * notice made. Every call goes at the connection's shared pace.
 */
export interface ProviderRecurring {
  /** Registers the mandate (once per mandate id, whoever asks twice) and answers what the customer approves. */
  register(input: MandateRegistrationInput): Promise<ProviderMandateRegistration>;
  /** The mandate as the provider shows it now (its token's status, else its registration's). */
  mandate(ref: ProviderMandateRef): Promise<ProviderMandateReport>;
  /** Creates the debit's order with the provider's pre-debit notification (debit no sooner than `debitAt`); once per payment id. */
  noticeDebit(input: DebitNoticeInput): Promise<{ orderReference: string }>;
  /** Cancels the token (the business's revocation); a token already cancelled, or never made, is left as it is. */
  cancel(ref: ProviderMandateRef): Promise<void>;
}

/** UPI AutoPay of the connections, as the worker's composition root gives it to activities. */
export interface ProviderRecurrings {
  /**
   * The UPI AutoPay of the mandate's own connection (registered, looked at, debited and revoked there); an unbound
   * mandate first binds to its account's active connection. Null when it has none.
   */
  ofMandate(mandateId: string): Promise<ProviderRecurring | null>;
}

/**
 * A provider's rules where they are narrower than our API's. Each answers null when the input passes, or the first
 * violation, naming our API's param.
 */
export interface ProviderLimits {
  checkBeneficiary(input: LiveBeneficiaryInput): LimitViolation | null;
  /** Also a batch item's minimum amount (its `narration` then absent). */
  checkPayout(input: LivePayoutInput): LimitViolation | null;
  checkPayment(input: LivePaymentInput): LimitViolation | null;
  /**
   * A live mandate's terms and its customer as the provider must have them (Razorpay: max_amount at most 9,999,900;
   * a customer with the contact details its customer API needs). `param` is our API's (`max_amount`, `customer_id`).
   */
  checkMandate(input: { maxAmount: number; frequency: MandateFrequency; customer: { name: string; email: string | null; phone: string | null } }): LimitViolation | null;
}

/** The rules an account's live writes must meet (see liveLimitsOf in src/connectors/index.ts), as the worker gives them to activities. */
export type LiveLimitsOf = (accountId: string) => Promise<ProviderLimits>;

/** What one provider's connector gives the rest of the service (src/connectors/index.ts lists them). */
/** One read-only probe of a connection's provider account (`payctl connections check`). */
export interface ConnectionProbe {
  name: string;
  result: 'ok' | 'failed' | 'not_probed';
  /** What it found (ok), why it failed, or what to ask the provider for (not probed). */
  detail: string | null;
}

export interface Connector {
  /** The `--provider` value and the webhook path segment. */
  provider: string;
  displayName: string;
  /**
   * What live money this connector moves today. A live write of another kind, on an account connected through it,
   * answers 403 connection_required at once rather than reaching a rail that cannot take it.
   */
  moves: readonly MoneyMovement[];
  /** Where the provider's API answers; a connection's `--base-url` overrides it. */
  defaultBaseUrl: string;
  /** The environment variables the CLI reads the connection's secrets from (they never come from the command line). */
  secretVariables: { keySecret: string; webhookSecret: string };
  /** null when the key id looks like one of this provider's; otherwise what is wrong with it. */
  checkKeyId(keyId: string): string | null;
  checkPayoutAccountNumber(accountNumber: string): string | null;
  /** The payout rail of one connection (the worker's composition root builds it from the connection's row). */
  createPayoutRail(settings: ConnectedRailSettings): PayoutRail;
  /** The payment gateway's settlements and QR codes of one connection. */
  createGateway(settings: ConnectedRailSettings): ProviderGateway;
  /** The payment and refund rails of one connection. */
  createPaymentRails(settings: ConnectedPaymentSettings): { payments: PaymentRail; refunds: RefundRail };
  /** What reconciliation reads of the connection's provider account (its statement, its payouts). */
  createAccountReader(settings: ConnectedRailSettings): ProviderAccountReader;
  /** UPI AutoPay of one connection (mandates and their debits' notices). */
  createRecurring(settings: ConnectedPaymentSettings): ProviderRecurring;
  /**
   * The verification rail of one connection (its provider's account validation), where the provider has one; a
   * verification waits at most `maxPendingMs` (VERIFICATION_PENDING_SECONDS) for the bank.
   */
  createVerificationRail?(settings: ConnectedRailSettings & { maxPendingMs: number }): VerificationRail;
  /** Read-only probes of the provider account's set-up, and the prerequisites no read can show. */
  probe?(settings: { baseUrl: string; keyId: string; keySecret: string; accountNumber: string | null }): Promise<ConnectionProbe[]>;
  /**
   * The provider's rules where they are narrower than our API's, checked when a live beneficiary, payout, payment or
   * mandate is created (400 naming the param) so that the provider never refuses it later for them.
   */
  limits: ProviderLimits;
  webhooks: {
    /** Lower-case header names. */
    signatureHeader: string;
    eventIdHeader: string;
    /** True when the raw body is signed with one of `secrets` (constant-time). */
    verify(rawBody: Buffer | string, signature: string | string[] | undefined, secrets: readonly string[]): boolean;
    /** A verified body in our terms; throws when it is not an event. */
    translate(rawBody: Buffer | string): ConnectorWebhookOutcome;
  };
}
