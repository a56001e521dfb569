// Refund writes: creation (checks under the payment's row lock, money reserved from `available`), every
// status transition with its posting, history row and event, and the conversation with the refund rail.
// Each write is one database transaction.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../src/domain/modes.ts';
import {
  type RefundFailureCode,
  type RefundStatus,
  canTransition,
  countsAgainstPayment,
  eventTypeForStatus,
  postingForStatus,
  refundAmount,
  refundStatuses,
} from '../src/domain/refunds.ts';
import { PaymentEntity, RefundEntity, type Refund } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { recordStatusChange } from '../src/db/status-history.ts';
import { refundView, type RefundView } from '../src/db/views.ts';
import { InsufficientFundsError, post } from '../src/ledger/ledger.ts';
import type { RailRefundStatus, RefundRail } from '../src/rails/payments.ts';

export interface RefundRequest {
  refundId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  paymentId: string;
  /** null: all that is still refundable, decided under the payment's lock. */
  amount: number | null;
  reason: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the request (stored on the refund, inherited by its events). */
  simulate?: readonly string[];
}

export interface RefundTransitionInput {
  refundId: string;
  to: RefundStatus;
  failure?: { code: RefundFailureCode; message: string };
  utr?: string;
}

/** Our view of the refund and, while it is still pending, what the rail says. */
export type ObservedRefund = { refund: RefundView; rail: RailRefundStatus | null };

const heldStatuses = refundStatuses.filter(countsAgainstPayment);

export function createRefundActivities(deps: { orm: MikroORM; rails: { sandbox: RefundRail; live: RefundRail } }) {
  const railFor = (mode: Mode) => (mode === 'live' ? deps.rails.live : deps.rails.sandbox);

  async function loadRefund(em: EntityManager, refundId: string, lock = false): Promise<Refund> {
    const refund = await em.findOne(RefundEntity, { id: refundId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!refund) throw ApplicationFailure.nonRetryable(`refund ${refundId} not found`, 'NotFound');
    return refund;
  }

  return {
    /**
     * Creates the refund `pending` with its amount reserved, or refuses it having created nothing:
     * NotFound (payment_id), InvalidState (payment not captured), InvalidRequest (amount over what is
     * refundable), InsufficientFunds (`available` cannot cover it). The payment's row lock serialises
     * concurrent refunds of one payment, so their sum never exceeds it. Idempotent by key.
     */
    async createRefund(request: RefundRequest): Promise<RefundView> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const existing = await tx.findOne(RefundEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) return refundView(existing);
        const payment = await tx.findOne(
          PaymentEntity,
          { id: request.paymentId, accountId: request.accountId, mode: request.mode },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!payment) throw ApplicationFailure.nonRetryable(`No such payment: '${request.paymentId}'.`, 'NotFound', { param: 'payment_id' });
        if (payment.status !== 'captured') {
          throw ApplicationFailure.nonRetryable(`Only a captured payment can be refunded; this one is ${payment.status}.`, 'InvalidState', { param: 'payment_id' });
        }
        const [{ held }] = await tx.execute<{ held: string }[]>(
          `select coalesce(sum(amount), 0)::text as held from refunds where payment_id = ? and status in (select jsonb_array_elements_text(?::jsonb))`,
          [payment.id, JSON.stringify(heldStatuses)],
        );
        const decided = refundAmount(Number(payment.amount), Number(held), request.amount);
        if (!decided.ok) throw ApplicationFailure.nonRetryable(decided.message, 'InvalidRequest', { param: 'amount' });
        const refund = tx.create(RefundEntity, {
          id: request.refundId,
          accountId: request.accountId,
          mode: request.mode,
          paymentId: payment.id,
          amount: decided.amount,
          currency: payment.currency,
          status: 'pending',
          reason: request.reason,
          metadata: request.metadata,
          failureCode: null,
          failureMessage: null,
          utr: null,
          idempotencyKey: request.idempotencyKey,
          createdAt: new Date(),
          processedAt: null,
          failedAt: null,
        });
        await tx.flush();
        try {
          await post(tx, { accountId: request.accountId, mode: request.mode, posting: postingForStatus('pending', decided.amount), sourceId: refund.id, description: 'Refund' });
        } catch (err) {
          // The whole transaction rolls back: no refund, no posting, the key stays free.
          if (err instanceof InsufficientFundsError) throw ApplicationFailure.nonRetryable(err.message, 'InsufficientFunds');
          throw err;
        }
        await recordStatusChange(tx, 'refund', refund.id, null, 'pending', null);
        await storeSimulations(tx, 'refunds', refund.id, request.simulate ?? []);
        return refundView(refund);
      });
    },

    /** Hands the refund to its rail; the refund id is the rail's idempotency key. */
    async submitRefund(refundId: string): Promise<void> {
      const em = deps.orm.em.fork();
      const refund = await loadRefund(em, refundId);
      const payment = await em.findOneOrFail(PaymentEntity, { id: refund.paymentId });
      await railFor(refund.mode).submit({
        refundId: refund.id,
        paymentId: payment.id,
        accountId: refund.accountId,
        mode: refund.mode,
        amount: Number(refund.amount),
        instrument: { method: payment.method, vpa: payment.vpa ?? null, bank: payment.bank ?? null },
      });
    },

    async observeRefund(refundId: string): Promise<ObservedRefund> {
      const refund = await loadRefund(deps.orm.em.fork(), refundId);
      const view = refundView(refund);
      if (refund.status !== 'pending') return { refund: view, rail: null };
      return { refund: view, rail: await railFor(refund.mode).status(refundId) };
    },

    /**
     * Moves a refund to `to` with its posting, history and event, in one transaction; a processed
     * refund adds to the payment's `amount_refunded`. Already there: nothing happens.
     */
    async transitionRefund(input: RefundTransitionInput): Promise<RefundView> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const refund = await loadRefund(tx, input.refundId, true);
        const from = refund.status;
        if (from === input.to) return refundView(refund);
        if (!canTransition(from, input.to)) {
          throw ApplicationFailure.nonRetryable(`A ${from} refund cannot become ${input.to}.`, 'InvalidState', { from, to: input.to });
        }
        const amount = Number(refund.amount);
        // Payment row before ledger rows, the order createRefund locks them in (no deadlock between them).
        // The CHECK on payments keeps amount_refunded <= amount whatever happens here.
        if (input.to === 'processed') await tx.execute(`update payments set amount_refunded = amount_refunded + ? where id = ?`, [amount, refund.paymentId]);
        await post(tx, { accountId: refund.accountId, mode: refund.mode, posting: postingForStatus(input.to, amount), sourceId: refund.id, description: `Refund ${input.to}` });
        const now = new Date();
        refund.status = input.to;
        switch (input.to) {
          case 'processed':
            refund.processedAt = now;
            refund.utr = input.utr ?? refund.utr ?? null;
            break;
          case 'failed': {
            const reason = input.failure ?? { code: 'refund_declined', message: 'The refund was declined.' };
            refund.failedAt = now;
            refund.failureCode = reason.code;
            refund.failureMessage = reason.message;
            break;
          }
          case 'pending':
            break;
          default:
            input.to satisfies never;
        }
        await tx.flush();
        await recordStatusChange(tx, 'refund', refund.id, from, input.to, refund.failureCode ?? null);
        const view = refundView(refund);
        const type = eventTypeForStatus(input.to);
        if (type) {
          const simulate = await storedSimulations(tx, 'refunds', refund.id);
          await recordEvent(tx, { accountId: refund.accountId, mode: refund.mode, type, object: view, simulate });
        }
        return view;
      });
    },
  };
}

export type RefundActivities = ReturnType<typeof createRefundActivities>;
