// What is a live payment's own (docs/api.md, Live payments; docs/live-money.md): its rail step as an ordinary activity
// (a provider call, docs/decisions.md), its fee in the ledger at capture, its expiry (looked up at the provider before it
// fails: docs/decisions.md, Late authorizations), the provider's reports (webhooks) through the one transition writer, and a
// capture that arrives after the payment failed, refunded in full at once.
import { Context } from '@temporalio/activity';
import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import type { RailStep, RailStepRequest } from '../../src/domain/lifecycle.ts';
import { paymentFeePosting } from '../../src/domain/ledger.ts';
import { type PaymentRailState, paymentRailDecision } from '../../src/domain/payments.ts';
import { PaymentEntity } from '../../src/db/entities.ts';
import { post } from '../../src/ledger/ledger.ts';
import type { PaymentRail } from '../../src/rails/payments.ts';
import type { PaymentResponse } from '../../src/contract/payments.ts';
import { outcomeOf } from '../rail-step.ts';

/** A live payment's rail step, with when its customer's time runs out (epoch ms). */
export interface LivePaymentStep extends RailStep<PaymentResponse> {
  expiresAt: number;
}

/** What a provider's webhook said of a live payment, for the transition writer. */
export interface PaymentRailReport {
  id: string;
  outcome: PaymentRailState;
  /** The provider's fee of a capture (GST included), and its id of the payment. */
  fee: number | null;
  providerReference: string | null;
}

export const PAYMENT_EXPIRED = { code: 'payment_declined' as const, message: 'The customer did not complete the payment in time.' };

/** The reason a refund of a late authorization carries (docs/decisions.md, Late authorizations). */
export const LATE_AUTHORIZATION = 'late_authorization';

/**
 * Writes a captured live payment's fee once, when the provider told it only after the capture (the capture writes a
 * fee it already knew with itself: paymentStore.follows): a `fee` balance transaction drawn on `pending` (the `fee`
 * field of balance transactions stays 0: docs/decisions.md, Fees, once). The payment's row lock orders two writers;
 * the fee's own transaction, found by source, keeps a second from writing it again.
 */
export async function recordPaymentFee(orm: MikroORM, paymentId: string, fee?: number | null): Promise<void> {
  await orm.em.fork().transactional(async (tx) => {
    const payment = await tx.findOne(PaymentEntity, { id: paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE, disableIdentityMap: true });
    if (!payment || payment.mode !== 'live') return;
    const amount = fee && fee > 0 ? fee : Number(payment.fee);
    if (fee && fee > 0 && Number(payment.fee) !== fee) await tx.execute('update payments set fee = ? where id = ?', [fee, paymentId]);
    if (payment.status !== 'captured' || amount <= 0) return;
    const [written] = await tx.execute<{ n: number }[]>(
      `select count(*)::int as n from balance_transactions where account_id = ? and mode = 'live' and source_id = ? and type = 'fee'`,
      [payment.accountId, paymentId],
    );
    if (written.n > 0) return;
    await post(tx, { accountId: payment.accountId, mode: 'live', posting: paymentFeePosting(amount), sourceId: paymentId, description: 'Provider fee' });
  });
}

/**
 * How long a live collection's debit may stay pending at the provider before it is looked up and, if still not
 * captured, failed (a capture after that is a late authorization, refunded). Not the customer's approval window
 * (UPI_COLLECT_EXPIRY_SECONDS): the customer does nothing for a recurring debit, and the bank may take hours.
 */
export const RECURRING_DEBIT_EXPIRY_MS = 24 * 3_600_000;

export function createLivePaymentActivities(deps: {
  orm: MikroORM;
  rail: PaymentRail;
  /** UPI_COLLECT_EXPIRY_SECONDS, in ms. */
  expiryMs: number;
  step: (request: RailStepRequest) => Promise<RailStep<PaymentResponse>>;
  /** The transition writer reading a rail's state against the payment as written (paymentRailDecision). */
  writeReport: (report: { id: string; outcome: PaymentRailState }) => Promise<PaymentResponse>;
}) {
  const expiresAt = async (id: string) => {
    const row = await deps.orm.em.fork().findOneOrFail(PaymentEntity, { id }, { fields: ['createdAt', 'collectionId'] });
    // A collection's debit waits for no customer: the provider debits the mandate's token, in its own time.
    return row.createdAt.getTime() + (row.collectionId ? RECURRING_DEBIT_EXPIRY_MS : deps.expiryMs);
  };
  return {
    /**
     * The rail step of a live payment, an ordinary activity on the provider's retry profile: its submit finds the
     * provider's order under our id before making one, so a retry after a lost answer never pays twice. A captured
     * payment's fee is written with it.
     */
    async stepLivePayment(request: RailStepRequest): Promise<LivePaymentStep> {
      const context = Context.current();
      const beat = setInterval(() => context.heartbeat(), 5_000);
      try {
        const step = await deps.step({ ...request, wait: false });
        if (step.view.status === 'captured') await recordPaymentFee(deps.orm, step.view.id);
        return { ...step, expiresAt: await expiresAt(request.id) };
      } finally {
        clearInterval(beat);
      }
    },

    /**
     * The customer's time is up: the payment is looked up at the provider first (a capture it holds is ours), and
     * only a payment it has not captured is failed. A capture the provider makes after this arrives as a late
     * authorization (applyPaymentRailReport).
     */
    async expireLivePayment(id: string): Promise<PaymentResponse> {
      const said = outcomeOf(await deps.rail.lookup(id));
      const outcome: PaymentRailState = said.state === 'captured' || said.state === 'failed' ? said : { state: 'failed', failure: PAYMENT_EXPIRED };
      const view = await deps.writeReport({ id, outcome });
      if (view.status === 'captured') await recordPaymentFee(deps.orm, id);
      return view;
    },

    /**
     * A provider's report on a live payment (a webhook), through the one transition writer: a pending payment moves;
     * a captured or failed one does not (a late or repeated event). A capture of a payment that is `failed` here
     * is a late authorization: answered `lateCapture` for the caller to refund it.
     */
    async applyPaymentRailReport(report: PaymentRailReport): Promise<{ view: PaymentResponse; lateCapture: boolean }> {
      // What the report says beyond the state is kept first: a capture's fee is then written with the capture.
      if (report.providerReference || (report.fee ?? 0) > 0) {
        await deps.orm.em
          .fork()
          .execute('update payments set provider_reference = coalesce(provider_reference, ?), fee = case when ? > 0 then ? else fee end where id = ?', [
            report.providerReference,
            report.fee ?? 0,
            report.fee ?? 0,
            report.id,
          ]);
      }
      const view = await deps.writeReport(report);
      if (report.outcome.state === 'captured') await recordPaymentFee(deps.orm, report.id, report.fee);
      return { view, lateCapture: report.outcome.state === 'captured' && view.status === 'failed' };
    },

  };
}
