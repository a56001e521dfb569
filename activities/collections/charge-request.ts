// The payment a collection's charge attempt makes, read at the moment of the attempt.
import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { awaiting } from '../../src/domain/failures.ts';
import { newId } from '../../src/domain/ids.ts';
import { INTERNAL_KEY_PREFIX, paymentWorkflowId } from '../../src/domain/workflow-ids.ts';
import { CustomerEntity } from '../../src/db/entities.ts';
import { storedSimulations } from '../../src/db/events.ts';
import type { PaymentRequest } from '../payments.ts';
import { type ChargeRequestInput, loadCollection } from './collection-store.ts';

/**
 * The idempotency key of a charge: one payment per (collection, cycle, attempt), whoever asks twice. In the
 * service's own namespace, so a caller's payment can never be taken for a charge.
 */
function chargeIdempotencyKey(input: ChargeRequestInput): string {
  return `${INTERNAL_KEY_PREFIX}${input.collectionId}:cycle:${input.cycle}:attempt:${input.attempt}`;
}

/**
 * The payment a charge attempt makes, read at the moment of the attempt: the customer's vpa as it is
 * now. The payment id is made up here; the payment workflow keyed by the charge's idempotency key
 * creates the payment at most once, whatever id a retried call makes up.
 */
export async function chargeRequest(orm: MikroORM, input: ChargeRequestInput): Promise<{ request: PaymentRequest; workflowId: string }> {
  const em = orm.em.fork();
  const collection = await loadCollection(em, input.collectionId);
  const customer = await em.findOne(CustomerEntity, { id: collection.customerId, accountId: collection.accountId, mode: collection.mode });
  // Retryable on purpose: the charge waits (visible in the Temporal UI) until the customer has a vpa again.
  if (!customer?.vpa) throw ApplicationFailure.retryable(`customer ${collection.customerId} has no vpa to charge`, awaiting.CustomerWithoutVpa);
  const idempotencyKey = chargeIdempotencyKey(input);
  const request: PaymentRequest = {
    paymentId: newId('payment'),
    accountId: collection.accountId,
    mode: collection.mode,
    idempotencyKey,
    amount: Number(collection.amount),
    currency: 'INR',
    method: 'upi',
    vpa: customer.vpa,
    bank: null,
    receipt: null,
    customerId: customer.id,
    description: collection.description ?? `Collection ${collection.id}, cycle ${input.cycle}`,
    metadata: collection.metadata ?? {},
    simulate: await storedSimulations(em, 'collections', collection.id),
    collection: { id: collection.id, cycle: input.cycle, attempt: input.attempt },
  };
  return { request, workflowId: paymentWorkflowId(collection.accountId, collection.mode, idempotencyKey) };
}
