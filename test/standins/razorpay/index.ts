// A stand-in of the RazorpayX payouts API for the tests: a real HTTP server on a free 127.0.0.1 port, one
// in-memory account per instance, signed webhooks to a configured URL, and a control surface for the tests.
//
// Sources (razorpay/markdown-docs): api/x.md and api/understand.md (HTTP Basic auth with key id and secret on
// every request, base path /v1, 401 for a wrong key pair, 429 for throttling); the other behaviours are in the
// files named at the top of errors.ts, validate.ts, store.ts, routes.ts, webhooks.ts and faults.ts, and, for the
// payment gateway (orders, payments, refunds, settlements, QR codes), pg-validate.ts, pg-store.ts, pg-routes.ts and
// pg-checkout.ts, and for UPI AutoPay (customers, mandates, tokens, recurring debits) autopay-validate.ts,
// autopay-store.ts and autopay-routes.ts, and for RazorpayX Fund Account Validation (penny drops and VPA validations
// of fund accounts) validation-validate.ts, validation-store.ts and validation-routes.ts. One key pair, one webhook
// URL and one account id serve both products, as at the provider.
//
// The connector under test sees only `baseUrl` (in place of https://api.razorpay.com). Tests drive the provider's
// side through `control` (in-process functions) or, from another process, through `connectRazorpayStandin(baseUrl)`,
// which calls the same functions over POST /_control/<name> (JSON array of arguments → {result}).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError, accessDenied, authenticationFailed, badRequest, featureNotEnabled, requestInProgress, serverError, throttled } from './errors.ts';
import { Faults, RateLimiter, peakPerSecond } from './faults.ts';
import type { FaultSpec, RecordedRequest } from './faults.ts';
import { route } from './routes.ts';
import type { ApiAnswer } from './routes.ts';
import { Store, newId } from './store.ts';
import { GatewayStore } from './pg-store.ts';
import type { Order, Payment, PaymentError, QrCode, Refund, Settlement } from './pg-store.ts';
import { gatewayRoute } from './pg-routes.ts';
import { handleCheckout, isCheckoutPath } from './pg-checkout.ts';
import { AutopayStore } from './autopay-store.ts';
import type { Customer, DebitRecord, Token, TokenRecord } from './autopay-store.ts';
import { autopayRoute } from './autopay-routes.ts';
import { ValidationStore } from './validation-store.ts';
import type { AccountStatus, FundAccountValidation, ValidationMode, ValidationOutcome, ValidationRecord } from './validation-store.ts';
import { validationRoute } from './validation-routes.ts';
import type { Contact, FeeRule, FundAccount, Payout, StatusDetails, Transaction } from './store.ts';
import { DEFAULT_CONTACT_TYPES, DEFAULT_PURPOSES } from './validate.ts';
import type { Json } from './validate.ts';
import { WebhookSender } from './webhooks.ts';
import type { Delivery, EventMatch, WebhookConfig } from './webhooks.ts';

export type { Contact, FundAccount, Payout, StatusDetails, Transaction, FeeRule, FaultSpec, RecordedRequest, Delivery, EventMatch, WebhookConfig };
export type { Order, Payment, PaymentError, QrCode, Refund, Settlement };
export type { Customer, DebitRecord, Token, TokenRecord };
export type { AccountStatus, FundAccountValidation, ValidationMode, ValidationOutcome, ValidationRecord };
export { paymentSignature } from './pg-checkout.ts';
export { DEFAULT_FEES, GST_RATE } from './store.ts';
export { peakPerSecond } from './faults.ts';

export interface RazorpayStandinOptions {
  keyId: string;
  keySecret: string;
  /** The business's RazorpayX account number (customer identifier): payouts and statements must name it. */
  accountNumber: string;
  /** Where events are POSTed; can be set later with control.setWebhook (the URL often exists only later). */
  webhook?: WebhookConfig;
  /** `account_id` in webhook bodies. */
  accountId?: string;
  /** Flat fee per mode in paise before 18% GST; defaults DEFAULT_FEES (IMPS 900, NEFT 500, RTGS 1500, UPI 100). */
  fees?: FeeRule;
  /** Payouts start `pending` until control.approvePayout / rejectPayout (the Approval Workflow of the pages). */
  approvalWorkflow?: boolean;
  /**
   * A test's switch, not the provider's: a payout the balance covers is processed as it is created (its create
   * answers `processed`), so a large run finishes without a control call per payout.
   */
  processOnCreate?: boolean;
  /** Purposes and contact types "created on the dashboard", on top of the documented defaults. */
  extraPurposes?: string[];
  extraContactTypes?: string[];
  /** A deposit made before the first request. */
  openingBalance?: number;
  /** Answer 429 above this many requests in any one second (no limit when omitted). */
  maxRequestsPerSecond?: number;
  /** Delays between webhook attempts after a failure; default [200, 1000, 3000]. */
  webhookRetryDelaysMs?: number[];
  /** How long a webhook attempt may take before it counts as failed; default 5000 as the pages say. */
  webhookTimeoutMs?: number;
  /** Clock in milliseconds (created_at fields are its seconds); default Date.now. */
  now?: () => number;
  /** Payment gateway: UPI collect is enabled on the account (else collect requests are refused); default false. */
  upiCollect?: boolean;
  /** Payment gateway: authorized payments are captured at once (the account's capture setting); default true. */
  autoCapture?: boolean;
  /** Payment gateway fee in percent of the amount, before 18% GST; default 2 (a 10000 payment: fee 236, tax 36). */
  paymentFeePercent?: number;
  /** UPI AutoPay: the highest token.max_amount (default 9999900; 20000000 for the financial-services MCCs). */
  mandateMaxAmount?: number;
  /** UPI AutoPay: how often held debits whose payment_after has passed are made (default 200 ms; 0 = only runDueDebits). */
  debitCheckIntervalMs?: number;
  /** The payee of intent links and QR codes (`pa` and `pn` of the upi:// link); defaults acme.rzp@icici, Acme. */
  merchantVpa?: string;
  merchantName?: string;
  /**
   * Fund Account Validation is enabled on the account (default true). False: its calls answer "The requested URL was
   * not found on the server" (errors/common.md), as for an account without the feature (a current account or test
   * mode: x/fund-accounts/faqs.md); setFeature('fund_account_validation', true) enables it later.
   */
  validationEnabled?: boolean;
  /** `auto` (default): answered created, completed validationDelayMs later; `instant`: completed in the create; `manual`: only by control. */
  validationMode?: ValidationMode;
  /** How long an `auto` validation stays created; default 100 ms. */
  validationDelayMs?: number;
  /** The charge per validation in paise before 18% GST (not published: the pages say "raise a support query"); default 300 (fees 354, tax 54). */
  validationFee?: number;
  /** The bank's answer per bank account number or VPA address; unlisted ones are active with the holder's name in capitals. */
  validationOutcomes?: Record<string, ValidationOutcome>;
}

export interface StandinControl {
  /** Money arriving in the account by bank transfer: a credit in the statement, transaction.created, queued payouts start. */
  deposit(amount: number, from?: { payerName?: string; payerAccount?: string; payerIfsc?: string; mode?: string; bankReference?: string }): Transaction;
  /** A credit to another account of the same business at the provider: transaction.created naming that account_number; this statement unchanged. */
  depositToOtherAccount(amount: number, accountNumber: string): Transaction;
  balance(): number;
  /** A statement entry nothing explains (positive credit, negative debit), to plant a balance difference. */
  adjustBalance(amount: number, description?: string): Transaction;
  /** `utr: null`: processed without a UTR yet (setPayoutUtr brings it later). */
  processPayout(id: string, opts?: { utr?: string | null }): Payout;
  /** From processing or processed; credits amount + fees back (a reversal in the statement). */
  reversePayout(id: string, statusDetails?: StatusDetails): Payout;
  /** From processing (money comes back as a reversal credit), queued or pending. */
  failPayout(id: string, statusDetails?: StatusDetails): Payout;
  approvePayout(id: string): Payout;
  rejectPayout(id: string, statusDetails?: StatusDetails): Payout;
  cancelPayout(id: string): Payout;
  /** The UTR arriving after the fact: payout.updated. */
  setPayoutUtr(id: string, utr: string): Payout;
  payouts(): Payout[];
  payout(id: string): Payout;
  contacts(): Contact[];
  fundAccounts(): FundAccount[];
  /** The statement, oldest first. */
  transactions(): Transaction[];
  /** Every /v1 request received, oldest first, optionally only one method and/or path (`*` suffix = prefix). */
  requests(filter?: { method?: string; path?: string }): RecordedRequest[];
  /** The most /v1 requests (matching the filter) received within any one second. */
  peakRequestsPerSecond(filter?: { method?: string; path?: string }): number;
  /** The next matching requests answer `status` (default 500) before or after doing their work. */
  failNext(spec: FaultSpec): void;
  /** The next matching requests are never answered (the connection is held until the caller gives up). */
  timeoutNext(spec: FaultSpec): void;
  /** The next matching requests answer 429. */
  throttleNext(spec: FaultSpec): void;
  setRateLimit(maxRequestsPerSecond: number | null): void;
  /**
   * The next matching request is taken but its answer is lost (the connection is reset) while the provider goes on
   * working on it for `holdMs`; meanwhile any request with the same idempotency key answers 409 "Another request with
   * the same idempotency key is still in progress." (api/refunds/normal-refunds-idempotent.md documents it for refunds;
   * the payout pages are silent, so for payouts it is this switch's only). Then the work is done as if just received.
   */
  inProgressNext(spec: { path: string; method?: string; holdMs: number }): void;
  /**
   * A feature of the provider account on or off (default on). Off, its calls answer "The requested URL was not found
   * on the server." (errors/common.md: a feature the call needs is not enabled on the account). `s2s`: server-to-server
   * payments (create/upi, create/json); `qr_codes`: QR codes with their image content; `upi_tokens`: recurring debits
   * on saved UPI tokens; `fund_account_validation`: /v1/fund_accounts/validations (see the validationEnabled option).
   */
  setFeature(feature: StandinFeature, enabled: boolean): void;
  /**
   * The live account's IP allow-list (x/dashboard/allowlist-ip.md): payout APIs (contacts, fund accounts, payouts)
   * from an address not on it answer "Access Denied" (errors/common.md). null: no allow-list (the default).
   */
  setIpAllowlist(ips: string[] | null): void;
  clearFaults(): void;
  setWebhook(config: WebhookConfig | null): void;
  rotateWebhookSecret(secret: string): void;
  /**
   * The merchant regenerates the API keys on the dashboard (payments/dashboard/account-settings/api-keys.md: the
   * new pair replaces the old "wherever required"): from now on only the new pair authenticates.
   */
  regenerateKeys(keyId: string, keySecret: string): void;
  /** The next matching events are never delivered. */
  dropWebhooks(match?: EventMatch): void;
  /** The next matching events are delivered twice (same event id and body). */
  duplicateWebhooks(match?: EventMatch): void;
  /** The next matching events are delivered once with a wrong signature and not retried; resend delivers them properly. */
  badlySignWebhooks(match?: EventMatch): void;
  /** The next matching events' bodies are JSON with indentation (signed over exactly those bytes). */
  prettyPrintWebhooks(match?: EventMatch): void;
  /** On: each delivery runs on its own after a random delay up to `maxDelayMs` (default 50): any order. Off: one after another. */
  deliverWebhooksConcurrently(on: boolean, maxDelayMs?: number): void;
  /** Events are kept until releaseWebhooks. */
  holdWebhooks(): void;
  releaseWebhooks(order?: 'in-order' | 'reverse'): Promise<void>;
  resendWebhook(eventId: string): Promise<void>;
  /** Every event raised (delivered, dropped or held), oldest first. */
  webhookEvents(): { id: string; event: string; body: string; createdAt: number }[];
  webhookDeliveries(): Delivery[];
  droppedWebhooks(): { id: string; event: string; body: string }[];
  /** Resolves when no webhook delivery is running or waiting to retry. */
  webhooksIdle(): Promise<void>;

  // Payment gateway
  orders(): Order[];
  order(id: string): Order;
  /** Newest first. */
  payments(): Payment[];
  payment(id: string): Payment;
  /** The customer approves (UPI) or the bank answers (netbanking): payment.authorized, then payment.captured and order.paid with auto-capture. */
  authorizePayment(id: string, opts?: { vpa?: string }): Payment;
  /** The customer declines or the request expires: payment.failed with these error fields (default: issuer, payment_failed). */
  failPayment(id: string, error?: Partial<PaymentError>): Payment;
  /** The bank answers after the payment's window: a created payment is failed as timed out first, then authorized (and captured with auto-capture). */
  lateAuthorizePayment(id: string, opts?: { vpa?: string }): Payment;
  /** Captures an authorized payment (when autoCapture is off), as POST /v1/payments/:id/capture would. */
  capturePayment(id: string): Payment;
  refunds(): Refund[];
  refund(id: string): Refund;
  processRefund(id: string, opts?: { arn?: string; rrn?: string }): Refund;
  /** The refund's amount goes back to the payment and the unsettled balance. */
  failRefund(id: string): Refund;
  /** Captured payments net of fees minus refunds, not yet settled. */
  gatewayBalance(): number;
  /** Settles every captured payment and refund not settled yet: settlement.processed. Refused when there is nothing to settle. */
  settle(opts?: { utr?: string }): Settlement;
  settlements(): Settlement[];
  qrCodes(): QrCode[];
  qrCode(id: string): QrCode;
  /** A customer pays the QR code (its payment_amount unless `amount`): a captured payment, qr_code.credited. Refused when it is closed. */
  payQr(id: string, opts?: { vpa?: string; amount?: number }): Payment;
  /**
   * A payment made outside the service's orders (another integration of the same merchant account), with `notes`
   * and order `receipt` as its payer set them (they may name our ids): captured (payment.authorized, payment.captured, order.paid) or
   * `failed` (payment.failed); with `qr`, to a QR code made elsewhere (qr_code.credited).
   */
  payElsewhere(opts: { amount: number; notes?: Record<string, string>; receipt?: string; outcome?: 'captured' | 'failed'; qr?: boolean; email?: string; contact?: string; vpa?: string }): Payment;
  /**
   * A refund made outside the service (the dashboard, another integration): of `paymentId` (any captured payment,
   * ours or one made elsewhere), with the `receipt` and `notes` its maker chose (they may name our refund's id); full
   * unless `amount`. refund.created; process or fail it with processRefund and failRefund.
   */
  refundElsewhere(paymentId: string, opts?: { amount?: number; receipt?: string; notes?: Record<string, string> }): Refund;

  // UPI AutoPay
  customers(): Customer[];
  customer(id: string): Customer;
  /** The customer approves the mandate in their UPI app (payment or order id): payment.authorized (+ captured, order.paid with auto-capture), token.confirmed. */
  approveMandate(paymentOrOrderId: string, opts?: { vpa?: string }): { payment: Payment; token: Token };
  /**
   * A UPI AutoPay mandate registered outside the service (another integration of the same merchant account): its own
   * customer, authorisation order (with `receipt` and `notes` as its maker set them, which may name our mandate) and
   * authorisation payment (with the same notes), approved (payment.authorized, token.confirmed) or declined
   * (payment.failed, token.rejected) by its customer.
   */
  registerMandateElsewhere(opts: { notes?: Record<string, string>; receipt?: string; outcome: 'approved' | 'declined' }): { payment: Payment; token: Token };
  /** The customer declines (or the bank refuses): payment.failed with these error fields, then token.rejected (failure_reason default "Rejected by bank"). */
  declineMandate(paymentOrOrderId: string, opts?: Partial<PaymentError> & { failureReason?: string }): { payment: Payment; token: Token };
  /** The customer pauses the mandate in their UPI app: token.paused. */
  pauseMandate(tokenId: string): Token;
  /** The customer resumes it: token.resumed (recurring_details.status "resumed"). */
  resumeMandate(tokenId: string): Token;
  /** The customer revokes it in their UPI app: token.cancelled. */
  revokeMandate(tokenId: string): Token;
  /** Every token with what the stand-in keeps about it (customer, order, payment, frequency, deleted), oldest first. */
  tokens(): TokenRecord[];
  token(id: string): TokenRecord;
  /** Every subsequent debit requested: notice time, payment_after, request time, when the debit was made, status; oldest first. */
  recurringDebits(): DebitRecord[];
  /** The bank takes its time (true): debits stay `created` until runDueDebits() makes them; false: as soon as due. */
  holdRecurringDebits(hold: boolean): void;
  /** The `upi://mandate` link an authorisation payment was answered with, or null. */
  mandateLink(paymentId: string): string | null;
  /** Makes the held debits whose payment_after has passed (also done every debitCheckIntervalMs); answers those made. */
  runDueDebits(): DebitRecord[];
  /** The next debit made fails with these error fields (payment.failed); default issuer / payment_failed. */
  failNextRecurringDebit(error?: Partial<PaymentError>): void;

  // Fund Account Validation
  /** Every validation, oldest first. */
  validations(): FundAccountValidation[];
  validation(id: string): FundAccountValidation;
  /** Every validation with its charge (fees, tax, charged, refunded) and failure reason, oldest first. */
  validationRecords(): ValidationRecord[];
  /**
   * The bank answers a created validation: completed, account_status `active` (default; registered_name default the
   * holder's name in capitals) or `invalid` (registered_name default null); fund_account.validation.completed.
   */
  completeValidation(id: string, opts?: { accountStatus?: AccountStatus; registeredName?: string | null }): FundAccountValidation;
  /** A created validation fails (results "" and ""): its charge is credited back; fund_account.validation.failed. */
  failValidation(id: string, opts?: { reason?: string }): FundAccountValidation;
  /** The next `times` (default 1) validations created stay created for `ms`, then complete as planned (in any mode). */
  slowValidationNext(spec: { ms: number; times?: number }): void;
  /** The next `times` (default 1) validations created end failed when they settle (at once in instant mode, later in auto). */
  failNextValidation(spec?: { reason?: string; times?: number }): void;
  /** Scripts the bank's answer for one bank account number or VPA address (null: back to active). */
  setValidationOutcome(accountNumberOrVpa: string, outcome: ValidationOutcome | null): void;
  setValidationMode(mode: ValidationMode): void;
}

export type StandinFeature = 's2s' | 'qr_codes' | 'upi_tokens' | 'fund_account_validation';

/** The calls each feature of the account carries. */
const FEATURE_PATHS: Record<StandinFeature, string[]> = {
  s2s: ['/v1/payments/create/upi', '/v1/payments/create/json'],
  qr_codes: ['/v1/payments/qr_codes'],
  upi_tokens: ['/v1/payments/create/recurring'],
  fund_account_validation: ['/v1/fund_accounts/validations'],
};

/** The payout APIs the IP allow-list guards (x/dashboard/allowlist-ip.md). */
const ALLOWLISTED_PATHS = ['/v1/contacts', '/v1/fund_accounts', '/v1/payouts'];

const under = (path: string, prefixes: readonly string[]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));

export interface RazorpayStandin {
  /** http://127.0.0.1:<port> — the connector appends /v1/... as it would to https://api.razorpay.com. */
  baseUrl: string;
  control: StandinControl;
  stop(): Promise<void>;
}

interface Instance {
  opts: RazorpayStandinOptions;
  store: Store;
  gw: GatewayStore;
  ap: AutopayStore;
  fav: ValidationStore;
  webhooks: WebhookSender;
  faults: Faults;
  limiter: RateLimiter;
  log: RecordedRequest[];
  held: Set<http.ServerResponse>;
  now: () => number;
  /** Idempotency keys whose first request the stand-in is still working on (inProgressNext). */
  inProgress: Set<string>;
  /** inProgressNext rules not taken yet. */
  inProgressRules: { path: string; method: string | null; holdMs: number }[];
  disabledFeatures: Set<StandinFeature>;
  ipAllowlist: string[] | null;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function parseBody(raw: string): Json | undefined {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as Json;
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

function authorized(inst: Instance, header: string | undefined): boolean {
  if (!header?.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  return decoded === `${inst.opts.keyId}:${inst.opts.keySecret}`;
}

/** One /v1 request: faults before, rate limit, auth, the route, faults after; recorded in the log. */
function handleApi(inst: Instance, req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
  const url = new URL(req.url ?? '/', 'http://standin');
  const method = req.method ?? 'GET';
  const header = (name: string) => {
    const v = req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  let parsed: unknown = raw;
  try {
    parsed = raw.trim() === '' ? undefined : JSON.parse(raw);
  } catch { /* recorded as text */ }
  const entry: RecordedRequest = {
    seq: inst.log.length + 1, method, path: url.pathname, query: Object.fromEntries(url.searchParams), idempotencyKey: header('x-payout-idempotency') ?? header('x-refund-idempotency') ?? null,
    body: parsed, status: 0, fault: null, at: inst.now(), resourceId: null,
  };
  inst.log.push(entry);
  const fault = inst.faults.take(method, url.pathname);
  const answer = (status: number, body: unknown) => {
    entry.status = status;
    send(res, status, body);
  };
  const fire = () => {
    entry.fault = `${fault!.kind} ${fault!.when}`;
    if (fault!.kind === 'timeout') {
      entry.status = 'held';
      inst.held.add(res);
      return;
    }
    const err = fault!.kind === 'throttle' ? throttled() : serverError(fault!.status);
    answer(err.status, err.body);
  };
  if (fault && fault.when === 'before') return fire();
  const request = { method, path: url.pathname, query: url.searchParams, header, body: undefined as Json | undefined };
  const key = entry.idempotencyKey;
  const slow = inst.inProgressRules.findIndex((r) => (r.method === null || r.method === method) && r.path === url.pathname);
  let result: ApiAnswer;
  try {
    if (!inst.limiter.admit(inst.now())) throw throttled();
    if (!authorized(inst, header('authorization'))) throw authenticationFailed();
    const caller = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
    if (inst.ipAllowlist && under(url.pathname, ALLOWLISTED_PATHS) && !inst.ipAllowlist.includes(caller)) throw accessDenied();
    for (const feature of inst.disabledFeatures) if (under(url.pathname, FEATURE_PATHS[feature])) throw featureNotEnabled();
    if (key && inst.inProgress.has(key)) throw requestInProgress(header('x-refund-idempotency') ? 'X-Refund-Idempotency' : 'X-Payout-Idempotency');
    request.body = parseBody(raw);
    if (slow >= 0 && key) {
      // Taken, then worked on for holdMs while its answer is lost: the caller sees a reset connection.
      const [rule] = inst.inProgressRules.splice(slow, 1);
      inst.inProgress.add(key);
      entry.fault = 'in progress';
      entry.status = 'held';
      res.socket?.destroy();
      setTimeout(() => {
        inst.inProgress.delete(key);
        try {
          entry.resourceId = routeOf(inst, request).resourceId;
        } catch (err) {
          console.error('razorpay stand-in: a request worked on later failed', err);
        }
      }, rule.holdMs).unref();
      return;
    }
    result = routeOf(inst, request);
  } catch (err) {
    const e = err instanceof ProviderError ? err : serverError();
    if (!(err instanceof ProviderError)) console.error('razorpay stand-in: unexpected error', err);
    if (fault) return fire();
    return answer(e.status, e.body);
  }
  entry.resourceId = result.resourceId;
  if (fault) return fire();
  answer(result.status, result.body);
}

type ApiRequest = { method: string; path: string; query: URLSearchParams; header: (name: string) => string | undefined; body: Json | undefined };

function routeOf(inst: Instance, request: ApiRequest): ApiAnswer {
  const cfg = {
    accountNumber: inst.opts.accountNumber,
    purposes: [...DEFAULT_PURPOSES, ...(inst.opts.extraPurposes ?? [])],
    contactTypes: [...DEFAULT_CONTACT_TYPES, ...(inst.opts.extraContactTypes ?? [])],
  };
  const autopayOpts = { upiCollect: inst.opts.upiCollect ?? false, mandateMaxAmount: inst.opts.mandateMaxAmount };
  return validationRoute(inst.fav, request, cfg.accountNumber) ?? autopayRoute(inst.ap, request, autopayOpts) ?? gatewayRoute(inst.gw, request)
    ?? route(inst.store, cfg, request);
}

function makeControl(inst: Instance): StandinControl {
  const { store, webhooks, faults } = inst;
  const filterLog = (f: { method?: string; path?: string } = {}) => inst.log.filter((r) =>
    (f.method === undefined || r.method === f.method.toUpperCase())
    && (f.path === undefined || (f.path.endsWith('*') ? r.path.startsWith(f.path.slice(0, -1)) : r.path === f.path)));
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    deposit: (amount, from) => store.deposit(amount, from),
    depositToOtherAccount: (amount, accountNumber) => store.depositToOtherAccount(amount, accountNumber),
    balance: () => store.balance,
    adjustBalance: (amount, description) => store.adjust(amount, description ?? 'planted by the test'),
    processPayout: (id, opts) => clone(store.process(id, opts?.utr)),
    reversePayout: (id, details) => clone(store.reverse(id, details)),
    failPayout: (id, details) => clone(store.fail(id, details)),
    approvePayout: (id) => clone(store.approve(id)),
    rejectPayout: (id, details) => clone(store.reject(id, details)),
    cancelPayout: (id) => clone(store.cancel(id)),
    setPayoutUtr: (id, utr) => clone(store.setUtr(id, utr)),
    payouts: () => clone([...store.payouts.values()]),
    payout: (id) => clone(store.payout(id)),
    contacts: () => clone([...store.contacts.values()]),
    fundAccounts: () => clone([...store.fundAccounts.values()]),
    transactions: () => store.listTransactions({ from: null, to: null }).reverse(),
    requests: (filter) => clone(filterLog(filter)),
    peakRequestsPerSecond: (filter) => peakPerSecond(filterLog(filter)),
    failNext: (spec) => faults.add('error', spec),
    timeoutNext: (spec) => faults.add('timeout', spec),
    throttleNext: (spec) => faults.add('throttle', spec),
    setRateLimit: (n) => void (inst.limiter.limit = n),
    inProgressNext: (spec) => void inst.inProgressRules.push({ path: spec.path, method: spec.method?.toUpperCase() ?? null, holdMs: spec.holdMs }),
    setFeature: (feature, enabled) => {
      if (!(feature in FEATURE_PATHS)) throw new Error(`no such feature ${feature}`);
      if (enabled) inst.disabledFeatures.delete(feature);
      else inst.disabledFeatures.add(feature);
    },
    setIpAllowlist: (ips) => void (inst.ipAllowlist = ips),
    clearFaults: () => {
      inst.inProgressRules.length = 0;
      faults.clear();
      webhooks.clearFaults();
      inst.fav.clearFaults();
    },
    setWebhook: (config) => webhooks.configure(config),
    rotateWebhookSecret: (secret) => webhooks.rotateSecret(secret),
    regenerateKeys: (keyId, keySecret) => {
      inst.opts.keyId = keyId;
      inst.opts.keySecret = keySecret;
    },
    dropWebhooks: (match) => webhooks.drop(match),
    duplicateWebhooks: (match) => webhooks.duplicate(match),
    badlySignWebhooks: (match) => webhooks.badlySign(match),
    prettyPrintWebhooks: (match) => webhooks.prettyPrint(match),
    deliverWebhooksConcurrently: (on, maxDelayMs) => webhooks.deliverConcurrently(on, maxDelayMs),
    holdWebhooks: () => webhooks.hold(),
    releaseWebhooks: (order) => webhooks.release(order),
    resendWebhook: (eventId) => webhooks.resend(eventId),
    webhookEvents: () => webhooks.events.map(({ id, event, body, createdAt }) => ({ id, event, body, createdAt })),
    webhookDeliveries: () => clone(webhooks.deliveries),
    droppedWebhooks: () => webhooks.dropped.map(({ id, event, body }) => ({ id, event, body })),
    webhooksIdle: () => webhooks.idle(),
    ...gatewayControl(inst.gw),
    ...autopayControl(inst.ap),
    ...validationControl(inst.fav),
  };
}

type ValidationControl = Pick<StandinControl, 'validations' | 'validation' | 'validationRecords' | 'completeValidation' | 'failValidation'
  | 'slowValidationNext' | 'failNextValidation' | 'setValidationOutcome' | 'setValidationMode'>;

function validationControl(fav: ValidationStore): ValidationControl {
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    validations: () => clone(fav.records().map((r) => r.validation)),
    validation: (id) => clone(fav.get(id)),
    validationRecords: () => clone(fav.records()),
    completeValidation: (id, opts) => clone(fav.complete(id, opts)),
    failValidation: (id, opts) => clone(fav.fail(id, opts)),
    slowValidationNext: (spec) => fav.slowNext(spec.ms, spec.times ?? 1),
    failNextValidation: (spec = {}) => fav.failNext(spec.reason, spec.times ?? 1),
    setValidationOutcome: (key, outcome) => fav.setOutcome(key, outcome),
    setValidationMode: (mode) => {
      if (!['auto', 'instant', 'manual'].includes(mode)) throw new Error(`no such validation mode ${mode}`);
      fav.opts.mode = mode;
    },
  };
}

type AutopayControl = Pick<StandinControl, 'customers' | 'customer' | 'approveMandate' | 'declineMandate' | 'registerMandateElsewhere' | 'pauseMandate' | 'resumeMandate'
  | 'revokeMandate' | 'tokens' | 'token' | 'recurringDebits' | 'mandateLink' | 'holdRecurringDebits' | 'runDueDebits' | 'failNextRecurringDebit'>;

function autopayControl(ap: AutopayStore): AutopayControl {
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    customers: () => clone([...ap.customers.values()]),
    customer: (id) => clone(ap.customer(id)),
    approveMandate: (ref, opts) => clone(ap.approveMandate(ref, opts)),
    declineMandate: (ref, opts) => clone(ap.declineMandate(ref, opts)),
    registerMandateElsewhere: (opts) => clone(ap.registerElsewhere(opts)),
    pauseMandate: (id) => clone(ap.customerAction(id, 'pause')),
    resumeMandate: (id) => clone(ap.customerAction(id, 'resume')),
    revokeMandate: (id) => clone(ap.customerAction(id, 'cancel')),
    tokens: () => clone([...ap.tokens.values()]),
    token: (id) => clone(ap.tokenRecord(id)),
    recurringDebits: () => [...ap.debits.values()].map((d) => ap.debitView(d)),
    mandateLink: (paymentId) => ap.links.get(paymentId) ?? null,
    holdRecurringDebits: (hold) => {
      ap.holding = hold;
    },
    runDueDebits: () => ap.runDueDebits(),
    failNextRecurringDebit: (error) => ap.failNextDebit(error),
  };
}

type GatewayControl = Pick<StandinControl, 'orders' | 'order' | 'payments' | 'payment' | 'authorizePayment' | 'failPayment' | 'lateAuthorizePayment'
  | 'capturePayment' | 'refunds' | 'refund' | 'processRefund' | 'failRefund' | 'gatewayBalance' | 'settle' | 'settlements' | 'qrCodes' | 'qrCode' | 'payQr'
  | 'payElsewhere' | 'refundElsewhere'>;

function gatewayControl(gw: GatewayStore): GatewayControl {
  const clone = <T>(v: T): T => structuredClone(v);
  return {
    orders: () => clone(gw.newestFirst(gw.orders.values())),
    order: (id) => clone(gw.order(id)),
    payments: () => clone(gw.newestFirst(gw.payments.values())),
    payment: (id) => clone(gw.payment(id)),
    authorizePayment: (id, opts) => clone(gw.authorize(id, opts)),
    failPayment: (id, error) => clone(gw.fail(id, error)),
    lateAuthorizePayment: (id, opts) => clone(gw.lateAuthorize(id, opts)),
    capturePayment: (id) => clone(gw.capture(id)),
    refunds: () => clone(gw.newestFirst(gw.refunds.values())),
    refund: (id) => clone(gw.refund(id)),
    processRefund: (id, opts) => clone(gw.processRefund(id, opts)),
    failRefund: (id) => clone(gw.failRefund(id)),
    gatewayBalance: () => gw.unsettledBalance(),
    settle: (opts) => clone(gw.settle(opts)),
    settlements: () => clone(gw.newestFirst(gw.settlements.values())),
    qrCodes: () => clone(gw.newestFirst(gw.qrCodes.values()).map((q) => gw.qr(q.id))),
    qrCode: (id) => clone(gw.qr(id)),
    payQr: (id, opts) => clone(gw.payQr(id, opts)),
    payElsewhere: (opts) => clone(gw.payElsewhere(opts)),
    refundElsewhere: (paymentId, opts = {}) =>
      clone(gw.createRefund(paymentId, { amount: opts.amount ?? null, speed: 'normal', notes: opts.notes ?? {}, receipt: opts.receipt ?? null }, null, null)),
  };
}

async function handleControl(control: StandinControl, name: string, raw: string, res: http.ServerResponse): Promise<void> {
  const fn = (control as unknown as Record<string, ((...args: unknown[]) => unknown) | undefined>)[name];
  if (typeof fn !== 'function' || !Object.hasOwn(control, name)) return send(res, 404, { error: `no control function ${name}` });
  try {
    const args = raw.trim() === '' ? [] : (JSON.parse(raw) as unknown[]);
    const result = await fn(...args);
    send(res, 200, { result: result ?? null });
  } catch (err) {
    send(res, 400, { error: err instanceof ProviderError ? err.body.error.description : String(err instanceof Error ? err.message : err) });
  }
}

/** A QR code's image_url: the stand-in shows the content the code encodes (the provider serves the picture). */
function qrImagePage(gw: GatewayStore, suffix: string, res: http.ServerResponse): void {
  const qr = gw.qrCodes.get(`qr_${suffix}`);
  const text = qr ? qr.image_content : 'no such QR code';
  res.writeHead(qr ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startRazorpayStandin(opts: RazorpayStandinOptions): Promise<RazorpayStandin> {
  const now = opts.now ?? Date.now;
  const webhooks = new WebhookSender({
    config: opts.webhook ?? null, accountId: opts.accountId ?? newId('acc'), retryDelaysMs: opts.webhookRetryDelaysMs ?? [200, 1000, 3000],
    timeoutMs: opts.webhookTimeoutMs ?? 5000, now,
  });
  const store = new Store({ accountNumber: opts.accountNumber, fees: opts.fees, approvalWorkflow: opts.approvalWorkflow, processOnCreate: opts.processOnCreate, now, emit: (e, c, entity) => webhooks.emit(e, c, entity) });
  let baseUrl = '';
  const gw = new GatewayStore({
    now, emit: (event, entities) => webhooks.emitPayload(event, entities), autoCapture: opts.autoCapture ?? true, upiCollect: opts.upiCollect ?? false,
    feePercent: opts.paymentFeePercent ?? 2, merchantVpa: opts.merchantVpa ?? 'acme.rzp@icici', merchantName: opts.merchantName ?? 'Acme', baseUrl: () => baseUrl,
  });
  const ap = new AutopayStore(gw, opts.keySecret);
  const fav = new ValidationStore(store, {
    now, emit: (event, entities) => webhooks.emitPayload(event, entities), fee: opts.validationFee ?? 300, mode: opts.validationMode ?? 'auto',
    delayMs: opts.validationDelayMs ?? 100, outcomes: { ...opts.validationOutcomes },
  });
  const debitTimer = (opts.debitCheckIntervalMs ?? 200) > 0 ? setInterval(() => {
    try {
      if (!ap.holding) ap.runDueDebits();
    } catch (err) {
      console.error('razorpay stand-in: a due debit failed', err);
    }
  }, opts.debitCheckIntervalMs ?? 200) : null;
  debitTimer?.unref();
  const inst: Instance = { opts, store, gw, ap, fav, webhooks, faults: new Faults(), limiter: new RateLimiter(opts.maxRequestsPerSecond ?? null), log: [], held: new Set(), now,
    inProgress: new Set(), inProgressRules: [], disabledFeatures: new Set(opts.validationEnabled === false ? ['fund_account_validation'] : []), ipAllowlist: null };
  const control = makeControl(inst);
  if (opts.openingBalance) store.deposit(opts.openingBalance);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '/').split('?')[0];
      if (path.startsWith('/_control/') && req.method === 'POST') return void handleControl(control, path.slice('/_control/'.length), raw, res);
      if (isCheckoutPath(path)) return handleCheckout(gw, opts.keySecret, req.method ?? 'GET', path, raw, res);
      if (path.startsWith('/i/') && req.method === 'GET') return qrImagePage(gw, path.slice(3), res);
      handleApi(inst, req, res, raw);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    control,
    stop: async () => {
      if (debitTimer) clearInterval(debitTimer);
      fav.stop();
      webhooks.stop();
      for (const res of inst.held) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RemoteControl = {
  [K in keyof StandinControl]: (...args: Parameters<StandinControl[K]>) => Promise<Awaited<ReturnType<StandinControl[K]>>>;
};

/** The control functions of a stand-in running in another process, over its /_control endpoints. */
export function connectRazorpayStandin(baseUrl: string): RemoteControl {
  return new Proxy({} as RemoteControl, {
    get: (_target, name) => {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (...args: unknown[]) => {
        const res = await fetch(`${baseUrl}/_control/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(args) });
        const body = (await res.json()) as { result?: unknown; error?: string };
        if (!res.ok) throw new Error(`razorpay stand-in control ${name}: ${body.error}`);
        return body.result;
      };
    },
  });
}
