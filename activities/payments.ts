// What is a payment's own in the one lifecycle (activities/lifecycle.ts): its creation (`pending`), what it
// stores on entering a status and its hand-over to its rail. What the rail's answer means: paymentRailDecision.
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../src/domain/modes.ts';
import { webhookSimulationsOf } from '../src/domain/webhooks.ts';
import { paymentFeePosting } from '../src/domain/ledger.ts';
import { type PaymentFailureCode, type PaymentMethod, type PaymentRailState, type PaymentStatus, paymentLifecycle, paymentRailDecision } from '../src/domain/payments.ts';
import { CollectionEntity, CustomerEntity, MandateEntity, PaymentEntity, PaymentLinkEntity, type Payment } from '../src/db/entities.ts';
import { paymentView } from '../src/db/views.ts';
import type { PaymentInstrument, PaymentRail, PaymentSubmitAnswer } from '../src/rails/payments.ts';
import { type LifecycleStore, type RailsByMode, loadRow, railFor, railReportWriter, writeStatusEntry } from './lifecycle.ts';
import { createLivePaymentActivities } from './payments/live-payment.ts';
import { type HandOver, railStepper } from './rail-step.ts';
import type { PaymentResponse } from '../src/contract/payments.ts';

export interface PaymentRequest {
  paymentId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  method: PaymentMethod;
  vpa: string | null;
  bank: string | null;
  /** Netbanking: where the customer's bank sends them back (live). */
  returnUrl?: string | null;
  /** Live: the paying customer's IP address and user agent, as the caller gave them (absent in runs started before). */
  customerIp?: string | null;
  userAgent?: string | null;
  receipt: string | null;
  customerId: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the request (stored on the payment, inherited by its events). */
  simulate?: readonly string[];
  /** Set when the payment is a charge of a collection: which one, and its cycle and attempt. */
  collection?: { id: string; cycle: number; attempt: number };
  /** Set when the payment is made on a payment link's hosted page. */
  paymentLinkId?: string;
}

/** What a payment stores of its own on entering a status. */
export const paymentStore: LifecycleStore<PaymentStatus, PaymentFailureCode, Payment, PaymentResponse> = {
  lifecycle: paymentLifecycle,
  entity: PaymentEntity,
  view: paymentView,
  defaultFailure: { code: 'payment_declined', message: 'The payment was declined.' },
  enter(payment, move, now) {
    if (move.to === 'captured') payment.capturedAt = now;
  },
  // A live capture's provider fee, as the provider told it (kept on the row before the move), in the capture's own
  // transaction: no read sees the payment in pending without its fee drawn.
  follows(payment, to) {
    const fee = Number(payment.fee);
    return to === 'captured' && payment.mode === 'live' && fee > 0 ? { posting: paymentFeePosting(fee), description: 'Provider fee' } : undefined;
  },
};

/** Where the customer paid from: where a charge is collected, and where a refund goes back to. */
export function instrumentOf(payment: Payment): PaymentInstrument {
  return { method: payment.method, vpa: payment.vpa ?? null, bank: payment.bank ?? null };
}

/** The customer a live payment names to the provider: its customer's, else its payment link's (the link's `customer`). */
async function liveCustomerOf(em: EntityManager, payment: Payment): Promise<{ email: string | null; phone: string | null } | null> {
  if (payment.customerId) {
    const customer = await em.findOne(CustomerEntity, { id: payment.customerId }, { fields: ['email', 'phone'] });
    return customer ? { email: customer.email ?? null, phone: customer.phone ?? null } : null;
  }
  if (!payment.paymentLinkId) return null;
  const link = await em.findOne(PaymentLinkEntity, { id: payment.paymentLinkId }, { fields: ['customerEmail', 'customerPhone'] });
  return link ? { email: link.customerEmail ?? null, phone: link.customerPhone ?? null } : null;
}

/**
 * A live collection's debit: made with its mandate's token at the provider (PaymentSubmission.recurring); null for
 * every other payment, and for a mandate without a token (the provider then refuses the debit).
 */
async function recurringDebitOf(em: EntityManager, payment: Payment): Promise<{ customerReference: string; tokenReference: string } | null> {
  if (payment.mode !== 'live' || !payment.collectionId) return null;
  const collection = await em.findOne(CollectionEntity, { id: payment.collectionId }, { fields: ['mandateId'] });
  const mandate = collection?.mandateId ? await em.findOne(MandateEntity, { id: collection.mandateId }, { fields: ['providerCustomerReference', 'providerReference'] }) : null;
  if (!mandate?.providerCustomerReference || !mandate.providerReference) return null;
  return { customerReference: mandate.providerCustomerReference, tokenReference: mandate.providerReference };
}

const NO_TOKEN_MESSAGE = "The collection's mandate has no token at the provider to debit.";
const NO_TOKEN: PaymentSubmitAnswer = {
  outcome: { state: 'failed', failure: { code: 'payment_declined', message: NO_TOKEN_MESSAGE, provider: { source: 'business', reason: 'mandate_without_token', description: NO_TOKEN_MESSAGE } } },
  providerReference: null,
  fees: 0,
  nextAction: null,
};

export function createPaymentActivities(deps: { orm: MikroORM; rails: RailsByMode<PaymentRail>; railInlineWaitMs?: number; paymentExpiryMs?: number }) {
  const activities = {
    /** Writes the payment `pending`. Idempotent by key: a retry finds the row the first attempt wrote. */
    async createPayment(request: PaymentRequest): Promise<PaymentResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const existing = await tx.findOne(PaymentEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) return paymentView(existing);
        const payment = tx.create(PaymentEntity, {
          id: request.paymentId,
          accountId: request.accountId,
          mode: request.mode,
          amount: request.amount,
          currency: request.currency,
          status: 'pending',
          method: request.method,
          vpa: request.vpa,
          bank: request.bank,
          receipt: request.receipt,
          customerId: request.customerId,
          description: request.description,
          metadata: request.metadata,
          amountRefunded: 0,
          failureCode: null,
          failureMessage: null,
          settlementId: null,
          collectionId: request.collection?.id ?? null,
          collectionCycle: request.collection?.cycle ?? null,
          collectionAttempt: request.collection?.attempt ?? null,
          paymentLinkId: request.paymentLinkId ?? null,
          providerReference: null,
          fee: 0,
          nextAction: null,
          returnUrl: request.returnUrl ?? null,
          customerIp: request.mode === 'live' ? (request.customerIp ?? null) : null,
          userAgent: request.mode === 'live' ? (request.userAgent ?? null) : null,
          idempotencyKey: request.idempotencyKey,
          sandboxSimulate: webhookSimulationsOf(request.simulate ?? []),
          createdAt: new Date(),
          capturedAt: null,
          failedAt: null,
        });
        await tx.flush();
        return writeStatusEntry(tx, paymentStore, payment, null);
      });
    },

  };
  /** Hands the payment to its rail under its id (the rail's idempotency key); the rail's answer comes back with it. */
  async function handOverPayment(paymentId: string): Promise<HandOver<PaymentStatus, PaymentFailureCode, PaymentRailState>> {
    const em = deps.orm.em.fork();
    const payment = await loadRow(em, paymentStore, paymentId);
    if (!paymentLifecycle.watched[payment.status]) return null;
    // A live rail names the customer to the provider (its email and phone) and where netbanking returns them.
    const customer = payment.mode === 'live' ? await liveCustomerOf(em, payment) : null;
    const recurring = await recurringDebitOf(em, payment);
    // A live collection's debit is made with its mandate's token or not at all: never as a payment the customer must approve.
    if (payment.mode === 'live' && payment.collectionId && !recurring) return { handedOver: { status: payment.status, mode: payment.mode, answer: NO_TOKEN } };
    const answer = await railFor(deps.rails, payment.mode).submit({
      paymentId: payment.id,
      accountId: payment.accountId,
      mode: payment.mode,
      amount: Number(payment.amount),
      instrument: instrumentOf(payment),
      customer,
      returnUrl: payment.returnUrl ?? null,
      client: payment.customerIp || payment.userAgent ? { ip: payment.customerIp ?? null, userAgent: payment.userAgent ?? null } : null,
      description: payment.description ?? null,
      notes: payment.receipt ? { receipt: payment.receipt } : {},
      recurring,
      orderReference: payment.providerOrderReference ?? null,
    });
    return { handedOver: { status: payment.status, mode: payment.mode, answer } };
  }
  const stepPayment = railStepper(deps.orm, paymentStore, { rails: deps.rails, decide: paymentRailDecision, submit: handOverPayment, inlineWaitMs: deps.railInlineWaitMs ?? 0 });
  return {
    ...activities,
    /** Hands the payment over (when asked), reads the rail's answer and writes what it calls for; see railStepper. */
    stepPayment,
    ...createLivePaymentActivities({
      orm: deps.orm,
      rail: deps.rails.live,
      expiryMs: deps.paymentExpiryMs ?? 600_000,
      step: stepPayment,
      writeReport: railReportWriter(deps.orm, paymentStore, paymentRailDecision),
    }),
  };
}

export type PaymentActivities = ReturnType<typeof createPaymentActivities>;
