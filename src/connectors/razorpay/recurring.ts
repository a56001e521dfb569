// UPI AutoPay of one connection to Razorpay's payment gateway (src/rails/provider.ts, ProviderRecurring), over
// recurring-api.ts and payments-api.ts, every request at the connection's shared pace (a 429 waits and sends again).
// A mandate is registered as the provider's customer, an authorization order under our mandate id as its receipt
// (looked up by it before any create, so a retried registration never makes a second), and an authorization payment
// by UPI intent whose `upi://mandate` link the customer approves; the approval makes a token, whose status is the
// mandate's. Each debit is announced by an order under our payment id with the pre-debit notification; the debit
// itself is the payment rail's (payment-rail.ts, a submission with `recurring`).
import type {
  ConnectedPaymentSettings,
  DebitNoticeInput,
  MandateRegistrationInput,
  ProviderMandateRef,
  ProviderMandateRegistration,
  ProviderMandateReport,
  ProviderRecurring,
} from '../../rails/provider.ts';
import { ProviderAnswerUnknownError, ProviderRejectedError } from '../errors.ts';
import { createRazorpayHttp } from './http.ts';
import { createPaymentsApi, type RazorpayPaymentsApi } from './payments-api.ts';
import { bestAttempt } from './payment-rail.ts';
import { pacedHttp } from './payment-rails.ts';
import { AUTHORIZATION_AMOUNT, createRecurringApi, type RazorpayRecurringApi } from './recurring-api.ts';
import type { RazorpayOrder, RazorpayPayment } from './translate-payments.ts';
import { authorizationReportOf, authorizationTokenOf, tokenReportOf, tokenStatusOf } from './translate-recurring.ts';

export interface RazorpayRecurringDeps {
  payments: RazorpayPaymentsApi;
  recurring: RazorpayRecurringApi;
  /** Epoch ms: when a token's expired_at has passed. */
  now?: () => number;
}

export function createRazorpayRecurring(s: Pick<ConnectedPaymentSettings, 'baseUrl' | 'keyId' | 'keySecret' | 'pace'>): ProviderRecurring {
  const http = pacedHttp(createRazorpayHttp({ baseUrl: s.baseUrl, keyId: s.keyId, keySecret: s.keySecret }), s.pace);
  return razorpayRecurringOver({ payments: createPaymentsApi(http), recurring: createRecurringApi(http) });
}

export function razorpayRecurringOver(deps: RazorpayRecurringDeps): ProviderRecurring {
  return {
    register: (input) => register(deps, input),
    mandate: (ref) => mandate(deps, ref),
    noticeDebit: (input) => noticeDebit(deps, input),
    cancel: (ref) => cancel(deps, ref),
  };
}

/** The order of `amount` under `receipt`: found, or created once; a lost answer to the create is looked up, never sent again blind. */
async function orderUnder(api: RazorpayPaymentsApi, receipt: string, amount: number, create: () => Promise<RazorpayOrder>): Promise<RazorpayOrder> {
  const found = await api.findOrderByReceipt(receipt, amount);
  if (found) return found;
  try {
    return await create();
  } catch (err) {
    if (!(err instanceof ProviderAnswerUnknownError)) throw err;
    const created = await api.findOrderByReceipt(receipt, amount);
    if (created) return created;
    throw err;
  }
}

async function register(deps: RazorpayRecurringDeps, input: MandateRegistrationInput): Promise<ProviderMandateRegistration> {
  const customer = await deps.recurring.createCustomer(input.customer);
  // The order's token takes no start time (authorization-transaction.md documents max_amount, expire_at, frequency,
  // recurring_value and recurring_type only): a mandate whose start_at is later is registered now, and its first
  // debit simply cannot come before start_at, which the service keeps.
  const order = await orderUnder(deps.payments, input.mandateId, AUTHORIZATION_AMOUNT, () =>
    deps.recurring.createAuthorizationOrder({
      mandateId: input.mandateId,
      customerReference: customer.id,
      maxAmount: input.maxAmount,
      frequency: input.frequency,
      expireAt: input.expireAt,
    }),
  );
  const base = { customerReference: customer.id, registrationReference: order.id };
  const approved = (await deps.payments.paymentsOfOrder(order.id)).map(authorizationTokenOf).find((t) => t !== null);
  if (approved) return { ...base, tokenReference: approved, intentUrl: null };
  // The intent link comes only with the attempt's create: an attempt still open (its link lost with an earlier
  // answer) or failed needs a new attempt on the same order, which the order's single payment keeps harmless.
  const attempt = await deps.recurring.createAuthorizationPayment({
    mandateId: input.mandateId,
    orderId: order.id,
    customerReference: customer.id,
    amount: order.amount,
    email: input.customer.email ?? '',
    contact: input.customer.phone ?? '',
    client: input.client ? { ip: input.client.ip, userAgent: input.client.userAgent, referer: null } : null,
  });
  return { ...base, tokenReference: null, intentUrl: attempt.url };
}

/** The registration's payment that made a token, else its best attempt, else null. */
function authorizationOf(payments: RazorpayPayment[]): RazorpayPayment | null {
  return payments.find((p) => authorizationTokenOf(p) !== null) ?? bestAttempt(payments);
}

async function mandate(deps: RazorpayRecurringDeps, ref: ProviderMandateRef): Promise<ProviderMandateReport> {
  const now = (deps.now ?? Date.now)();
  const known = { registrationReference: ref.registrationReference, customerReference: ref.customerReference };
  let tokenReference = ref.tokenReference;
  let mandateId: string | null = null;
  if (!tokenReference) {
    const payment = authorizationOf(await deps.payments.paymentsOfOrder(ref.registrationReference));
    if (!payment) {
      const order = await deps.payments.fetchOrder(ref.registrationReference);
      const status = `order_${order.status}`;
      return { ...known, mandateId: order.receipt ?? null, tokenReference: null, providerStatus: status, outcome: { state: 'pending' }, vpa: null };
    }
    const report = { ...authorizationReportOf(payment), ...known };
    tokenReference = authorizationTokenOf(payment);
    if (!tokenReference) return report;
    mandateId = report.mandateId;
  }
  const token = await deps.recurring.fetchToken(ref.customerReference, tokenReference);
  // The customer's token list leaves out expired and unused tokens: one it does not list tells nothing yet.
  if (!token) return { ...known, mandateId, tokenReference, providerStatus: 'token_not_listed', outcome: { state: 'pending' }, vpa: null };
  return tokenReportOf(token, now, { ...known, mandateId });
}

async function noticeDebit(deps: RazorpayRecurringDeps, input: DebitNoticeInput): Promise<{ orderReference: string }> {
  const order = await orderUnder(deps.payments, input.paymentId, input.amount, () => deps.recurring.createNoticeOrder(input));
  return { orderReference: order.id };
}

/** Token statuses after which there is nothing to cancel. */
const ENDED = new Set(['cancelled', 'rejected']);

async function cancel(deps: RazorpayRecurringDeps, ref: ProviderMandateRef): Promise<void> {
  // Without a known token the customer may still have approved since: the registration's payment names its token.
  const tokenReference =
    ref.tokenReference ?? (await deps.payments.paymentsOfOrder(ref.registrationReference)).map(authorizationTokenOf).find((t) => t !== null) ?? null;
  if (!tokenReference) return;
  try {
    await deps.recurring.cancelToken(ref.customerReference, tokenReference);
  } catch (err) {
    if (!(err instanceof ProviderRejectedError)) throw err;
    // Refused: fine when the token is already cancelled (or rejected, or gone), else the refusal stands.
    const token = await deps.recurring.fetchToken(ref.customerReference, tokenReference);
    if (token && !ENDED.has(tokenStatusOf(token))) throw err;
  }
}
