// Payment writes: creation (`pending`), every status transition with its posting, history row and
// event, and the conversation with the payment rail. Each write is one database transaction.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../src/domain/modes.ts';
import { type PaymentFailureCode, type PaymentMethod, type PaymentStatus, canTransition, eventTypeForStatus, postingForStatus } from '../src/domain/payments.ts';
import { PaymentEntity, type Payment } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { recordStatusChange } from '../src/db/status-history.ts';
import { paymentView, type PaymentView } from '../src/db/views.ts';
import { post } from '../src/ledger/ledger.ts';
import type { PaymentRail, RailPaymentStatus } from '../src/rails/payments.ts';

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
  receipt: string | null;
  customerId: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the request (stored on the payment, inherited by its events). */
  simulate?: readonly string[];
  /** Set when the payment is a charge of a collection: which one, and its cycle and attempt. */
  collection?: { id: string; cycle: number; attempt: number };
}

export interface PaymentTransitionInput {
  paymentId: string;
  to: PaymentStatus;
  failure?: { code: PaymentFailureCode; message: string };
}

/** Our view of the payment and, while it is still pending, what the rail says. */
export type ObservedPayment = { payment: PaymentView; rail: RailPaymentStatus | null };

export function createPaymentActivities(deps: { orm: MikroORM; rails: { sandbox: PaymentRail; live: PaymentRail } }) {
  const railFor = (mode: Mode) => (mode === 'live' ? deps.rails.live : deps.rails.sandbox);

  async function loadPayment(em: EntityManager, paymentId: string, lock = false): Promise<Payment> {
    const payment = await em.findOne(PaymentEntity, { id: paymentId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!payment) throw ApplicationFailure.nonRetryable(`payment ${paymentId} not found`, 'NotFound');
    return payment;
  }

  return {
    /** Writes the payment `pending`. Idempotent by key: a retry finds the row the first attempt wrote. */
    async createPayment(request: PaymentRequest): Promise<PaymentView> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
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
          idempotencyKey: request.idempotencyKey,
          createdAt: new Date(),
          capturedAt: null,
          failedAt: null,
        });
        await tx.flush();
        await recordStatusChange(tx, 'payment', payment.id, null, 'pending', null);
        await storeSimulations(tx, 'payments', payment.id, request.simulate ?? []);
        return paymentView(payment);
      });
    },

    /** Hands the payment to its rail; the payment id is the rail's idempotency key. */
    async submitPayment(paymentId: string): Promise<void> {
      const payment = await loadPayment(deps.orm.em.fork(), paymentId);
      await railFor(payment.mode).submit({
        paymentId: payment.id,
        accountId: payment.accountId,
        mode: payment.mode,
        amount: Number(payment.amount),
        instrument: { method: payment.method, vpa: payment.vpa ?? null, bank: payment.bank ?? null },
      });
    },

    async observePayment(paymentId: string): Promise<ObservedPayment> {
      const payment = await loadPayment(deps.orm.em.fork(), paymentId);
      const view = paymentView(payment);
      if (payment.status !== 'pending') return { payment: view, rail: null };
      return { payment: view, rail: await railFor(payment.mode).status(paymentId) };
    },

    /**
     * Moves a payment to `to` with its posting (a capture credits `pending`), history and event, in one
     * transaction. Already there: nothing happens. Not allowed by the state machine: InvalidState.
     */
    async transitionPayment(input: PaymentTransitionInput): Promise<PaymentView> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const payment = await loadPayment(tx, input.paymentId, true);
        const from = payment.status;
        if (from === input.to) return paymentView(payment);
        if (!canTransition(from, input.to)) {
          throw ApplicationFailure.nonRetryable(`A ${from} payment cannot become ${input.to}.`, 'InvalidState', { from, to: input.to });
        }
        const posting = postingForStatus(input.to, Number(payment.amount));
        if (posting) await post(tx, { accountId: payment.accountId, mode: payment.mode, posting, sourceId: payment.id, description: `Payment ${input.to}` });
        const now = new Date();
        payment.status = input.to;
        switch (input.to) {
          case 'captured':
            payment.capturedAt = now;
            break;
          case 'failed': {
            const reason = input.failure ?? { code: 'payment_declined', message: 'The payment was declined.' };
            payment.failedAt = now;
            payment.failureCode = reason.code;
            payment.failureMessage = reason.message;
            break;
          }
          case 'pending':
            break;
          default:
            input.to satisfies never;
        }
        await tx.flush();
        await recordStatusChange(tx, 'payment', payment.id, from, input.to, payment.failureCode ?? null);
        const view = paymentView(payment);
        const type = eventTypeForStatus(input.to);
        if (type) {
          const simulate = await storedSimulations(tx, 'payments', payment.id);
          await recordEvent(tx, { accountId: payment.accountId, mode: payment.mode, type, object: view, simulate });
        }
        return view;
      });
    },
  };
}

export type PaymentActivities = ReturnType<typeof createPaymentActivities>;
