// What is a refund's own in the one lifecycle (activities/lifecycle.ts): its creation checks under the
// payment's row lock (captured, not over what is refundable, `available` covers it), what it stores on
// entering a status (a processed refund adds to the payment's amount_refunded) and its hand-over to its rail.
// What the rail's answer means: refundRailDecision (src/domain/refunds.ts).
import { Context } from '@temporalio/activity';
import { type EntityManager, LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { RailStep, RailStepRequest } from '../src/domain/lifecycle.ts';
import type { Mode } from '../src/domain/modes.ts';
import { webhookSimulationsOf } from '../src/domain/webhooks.ts';
import { type RefundFailureCode, type RefundRailState, type RefundStatus, refundAmount, refundLifecycle, refundRailDecision } from '../src/domain/refunds.ts';
import { PaymentEntity, RefundEntity } from '../src/db/entities.ts';
import { heldByRefunds } from '../src/db/refunds.ts';
import { lockKeyDay } from '../src/db/accounts.ts';
import { refundView } from '../src/db/views.ts';
import type { RefundRail } from '../src/rails/payments.ts';
import { instrumentOf } from './payments.ts';
import { refundStore } from './refunds/refund-store.ts';
import { createLateAuthorizationRefund } from './refunds/late-authorization.ts';
import { type RailsByMode, loadRow, railFor, railReportWriter, refuse, refusingOverdraft, writeStatusEntry } from './lifecycle.ts';
import { type HandOver, railStepper } from './rail-step.ts';
import type { RefundResponse } from '../src/contract/refunds.ts';

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
  /**
   * A maker key's refund (docs/api.md, "Spending limits of a maker key"): counted toward that key's daily amount
   * under the key's row lock, in the transaction that writes it. Absent in runs recorded before it existed.
   */
  makerKeyId?: string;
}

/**
 * A maker's refund counts toward its key's daily amount: beyond it, 403 with nothing made. Read under the key's row
 * lock (the one a payout's creation takes first too), which the refund's transaction holds until it is written, so
 * two requests of one key that together cross the limit cannot both pass it.
 */
async function countTowardKeyDay(tx: EntityManager, keyId: string, amount: number): Promise<void> {
  const day = await lockKeyDay(tx, keyId);
  if (day.state !== 'locked') throw refuse('PermissionDenied', 'This API key was revoked while the refund was being created.');
  const dailyAmount = day.key.limits.dailyAmount;
  if (dailyAmount !== null && day.total + BigInt(amount) > BigInt(dailyAmount)) {
    throw refuse(
      'PermissionDenied',
      `This refund of ${amount} paise would take this API key's payouts and refunds of the last 24 hours past its daily amount of ${dailyAmount} paise (${day.total} so far).`,
      { param: 'amount' },
    );
  }
}

export function createRefundActivities(deps: { orm: MikroORM; rails: RailsByMode<RefundRail>; railInlineWaitMs?: number }) {
  const activities = {
    /**
     * Creates the refund `pending` with its amount reserved, or refuses it having created nothing:
     * NotFound (payment_id), InvalidState (payment not captured), InvalidRequest (amount over what is
     * refundable), InsufficientFunds (`available` cannot cover it). The payment's row lock serialises
     * concurrent refunds of one payment, so their sum never exceeds it. Idempotent by key.
     */
    async createRefund(request: RefundRequest): Promise<RefundResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const existing = await tx.findOne(RefundEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) return refundView(existing);
        const payment = await tx.findOne(
          PaymentEntity,
          { id: request.paymentId, accountId: request.accountId, mode: request.mode },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (!payment) throw refuse('NotFound', `No such payment: '${request.paymentId}'.`, { param: 'payment_id' });
        if (payment.status !== 'captured') {
          throw refuse('InvalidState', `Only a captured payment can be refunded; this one is ${payment.status}.`, { param: 'payment_id' });
        }
        const decided = refundAmount(Number(payment.amount), await heldByRefunds(tx, payment.id), request.amount);
        if (!decided.ok) throw refuse('InvalidRequest', decided.message, { param: 'amount' });
        if (request.makerKeyId) await countTowardKeyDay(tx, request.makerKeyId, decided.amount);
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
          sandboxSimulate: webhookSimulationsOf(request.simulate ?? []),
          createdAt: new Date(),
          processedAt: null,
          failedAt: null,
          providerReference: null,
          createdByKeyId: request.makerKeyId ?? null,
        });
        await tx.flush();
        // A posting the balance cannot cover rolls the whole transaction back: no refund, the key stays free. A live
        // refund draws on `pending`, what the provider holds unsettled (docs/live-money.md).
        const drawnOn = request.mode === 'live' ? 'pending' : 'available';
        return refusingOverdraft(`The ${drawnOn} balance cannot cover this refund.`, () => writeStatusEntry(tx, refundStore, refund, null));
      });
    },


  };
  /** Hands the refund to its rail under its id (the rail's idempotency key); the rail's answer comes back with it. */
  async function handOverRefund(refundId: string): Promise<HandOver<RefundStatus, RefundFailureCode, RefundRailState>> {
    const em = deps.orm.em.fork();
    const refund = await loadRow(em, refundStore, refundId);
    if (!refundLifecycle.watched[refund.status]) return null;
    const payment = await em.findOneOrFail(PaymentEntity, { id: refund.paymentId });
    const answer = await railFor(deps.rails, refund.mode).submit({
      refundId: refund.id,
      paymentId: payment.id,
      accountId: refund.accountId,
      mode: refund.mode,
      amount: Number(refund.amount),
      instrument: instrumentOf(payment),
      paymentProviderReference: payment.providerReference ?? null,
    });
    return { handedOver: { status: refund.status, mode: refund.mode, answer } };
  }
  const stepRefund = railStepper(deps.orm, refundStore, { rails: deps.rails, decide: refundRailDecision, submit: handOverRefund, inlineWaitMs: deps.railInlineWaitMs ?? 0 });
  return {
    ...activities,
    /** The refund in full of a late authorization; see createLateAuthorizationRefund. */
    createLateAuthorizationRefund: (input: { paymentId: string; fee: number | null }) => createLateAuthorizationRefund(deps.orm, input),
    /** Hands the refund over (when asked), reads the rail's answer and writes what it calls for; see railStepper. */
    stepRefund,
    /**
     * The same step for a live refund, run as an ordinary activity on the provider's retry profile: a lost answer is
     * retried, and the rail looks the refund up by our id (its receipt) before it sends it again.
     */
    async stepLiveRefund(request: RailStepRequest): Promise<RailStep<RefundResponse>> {
      const context = Context.current();
      const beat = setInterval(() => context.heartbeat(), 5_000);
      try {
        return await stepRefund({ ...request, wait: false });
      } finally {
        clearInterval(beat);
      }
    },
    /** A provider's report on a refund (a webhook), read by refundRailDecision against the refund as written. */
    applyRefundRailReport: railReportWriter(deps.orm, refundStore, refundRailDecision),
  };
}

export type RefundActivities = ReturnType<typeof createRefundActivities>;
