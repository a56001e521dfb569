// Creating a payment link: `created`, its reference_id its own within the account and mode.
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/postgresql';
import { PaymentLinkEntity } from '../../src/db/entities.ts';
import { storeSimulations } from '../../src/db/events.ts';
import { paymentLinkView } from '../../src/db/views.ts';
import { refuse } from '../lifecycle.ts';
import type { PaymentLinkRequest } from './payment-link-store.ts';
import type { PaymentLinkResponse } from '../../src/contract/payment-links.ts';

const REFERENCE_TAKEN = 'A payment link with this reference_id already exists.';

/**
 * Writes the link `created`. Idempotent by key: when the key already made a link (this one or, after a
 * lost response, another id), that one is returned. A `reference_id` another link of the account and
 * mode holds is refused (400, param reference_id), also when two requests race for it.
 */
export async function createPaymentLink(orm: MikroORM, request: PaymentLinkRequest): Promise<PaymentLinkResponse> {
  try {
    return await orm.em.fork().transactional(async (tx) => {
      const existing = await tx.findOne(PaymentLinkEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
      if (existing) return paymentLinkView(existing);
      if (request.referenceId !== null) {
        const taken = await tx.findOne(PaymentLinkEntity, { accountId: request.accountId, mode: request.mode, referenceId: request.referenceId }, { fields: ['id'] });
        if (taken) throw refuse('InvalidRequest', REFERENCE_TAKEN, { param: 'reference_id' });
      }
      const row = tx.create(PaymentLinkEntity, {
        id: request.linkId,
        accountId: request.accountId,
        mode: request.mode,
        amount: request.amount,
        amountPaid: 0,
        currency: request.currency,
        description: request.description,
        customerName: request.customer.name,
        customerEmail: request.customer.email,
        customerPhone: request.customer.phone,
        referenceId: request.referenceId,
        acceptPartial: request.acceptPartial,
        firstMinPartialAmount: request.firstMinPartialAmount,
        status: 'created',
        expireBy: new Date(request.expireBy),
        shortUrl: request.shortUrl,
        callbackUrl: request.callbackUrl,
        metadata: request.metadata,
        paymentIds: [],
        stateVersion: 0,
        idempotencyKey: request.idempotencyKey,
        createdAt: new Date(),
        paidAt: null,
        expiredAt: null,
        cancelledAt: null,
      });
      await tx.flush();
      await storeSimulations(tx, 'payment_links', row.id, request.simulate ?? []);
      return paymentLinkView(row);
    });
  } catch (err) {
    // Another request took the reference_id between the check and the insert.
    if (err instanceof UniqueConstraintViolationException && /payment_links_reference_idx/.test(err.message)) {
      throw refuse('InvalidRequest', REFERENCE_TAKEN, { param: 'reference_id' });
    }
    throw err;
  }
}
