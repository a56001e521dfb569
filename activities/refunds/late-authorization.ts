// The refund of a late authorization (docs/decisions.md, Late authorizations; docs/live-money.md): a capture the provider
// made after the payment failed here is given back in full at once, and the payment stays `failed`.
import { LockMode, type MikroORM } from '@mikro-orm/postgresql';
import { lateCapturePosting, paymentFeePosting } from '../../src/domain/ledger.ts';
import { INTERNAL_KEY_PREFIX } from '../../src/domain/workflow-ids.ts';
import { newId } from '../../src/domain/ids.ts';
import { PaymentEntity, RefundEntity } from '../../src/db/entities.ts';
import { refundView } from '../../src/db/views.ts';
import { post } from '../../src/ledger/ledger.ts';
import type { RefundResponse } from '../../src/contract/refunds.ts';
import { LATE_AUTHORIZATION } from '../payments/live-payment.ts';
import { writeStatusEntry } from '../lifecycle.ts';
import { refundStore } from './refund-store.ts';

/**
 * The refund in full of a late authorization: the money the provider captured after the payment failed here is
 * posted into `pending` (with its fee), and a refund of all of it is created `pending` (drawn on `pending`),
 * once: its key is the payment's. The payment stays `failed`. Answers the refund; its workflow follows it.
 */
export async function createLateAuthorizationRefund(orm: MikroORM, input: { paymentId: string; fee: number | null }): Promise<RefundResponse> {
  return orm.em.fork().transactional(async (tx) => {
    const payment = await tx.findOneOrFail(PaymentEntity, { id: input.paymentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    const idempotencyKey = `${INTERNAL_KEY_PREFIX}late-authorization/${payment.id}`;
    const existing = await tx.findOne(RefundEntity, { accountId: payment.accountId, mode: payment.mode, idempotencyKey });
    if (existing) return refundView(existing);
    const amount = Number(payment.amount);
    const base = { accountId: payment.accountId, mode: payment.mode, sourceId: payment.id };
    await post(tx, { ...base, posting: lateCapturePosting(amount), description: 'Payment captured by the provider after it failed (late authorization)' });
    const fee = input.fee ?? 0;
    if (fee > 0) {
      await tx.execute('update payments set fee = ? where id = ?', [fee, payment.id]);
      await post(tx, { ...base, posting: paymentFeePosting(fee), description: 'Provider fee' });
    }
    const refund = tx.create(RefundEntity, {
      id: newId('refund'), accountId: payment.accountId, mode: payment.mode, paymentId: payment.id, amount, currency: payment.currency,
      status: 'pending', reason: LATE_AUTHORIZATION, metadata: {}, failureCode: null, failureMessage: null, utr: null, idempotencyKey,
      sandboxSimulate: [], createdAt: new Date(), processedAt: null, failedAt: null, providerReference: null,
    });
    await tx.flush();
    return writeStatusEntry(tx, refundStore, refund, null);
  });
}
