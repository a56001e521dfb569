// The payment a payment link's pay attempt makes.
import type { MikroORM } from '@mikro-orm/postgresql';
import { newId } from '../../src/domain/ids.ts';
import { INTERNAL_KEY_PREFIX, paymentWorkflowId } from '../../src/domain/workflow-ids.ts';
import { storedSimulations } from '../../src/db/events.ts';
import type { PaymentRequest } from '../payments.ts';
import { type PayRequestInput, linkPaymentFields, loadLink } from './payment-link-store.ts';

/** The key of a pay attempt's payment, in the service's own namespace (no caller key can be it). */
function attemptIdempotencyKey(input: PayRequestInput): string {
  return `${INTERNAL_KEY_PREFIX}${input.linkId}:pay:${input.token}`;
}

/**
 * The payment a pay attempt makes. The payment id is made up here; the payment workflow keyed by the
 * attempt's idempotency key creates the payment at most once, whatever id a retried call makes up.
 */
export async function payRequest(orm: MikroORM, input: PayRequestInput): Promise<{ request: PaymentRequest; workflowId: string }> {
  const em = orm.em.fork();
  const link = await loadLink(em, input.linkId);
  const idempotencyKey = attemptIdempotencyKey(input);
  const request: PaymentRequest = {
    paymentId: newId('payment'),
    accountId: link.accountId,
    mode: link.mode,
    idempotencyKey,
    amount: input.amount,
    currency: 'INR',
    ...linkPaymentFields(link, input.vpa),
    simulate: await storedSimulations(em, 'payment_links', link.id),
  };
  return { request, workflowId: paymentWorkflowId(link.accountId, link.mode, idempotencyKey) };
}
