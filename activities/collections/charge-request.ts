// The payment a collection's charge attempt makes, read at the moment of the attempt.
import { ApplicationFailure } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import { COLLECTION_ENDED, CONNECTION_DISABLED, awaiting } from '../../src/domain/failures.ts';
import { activeConnection } from '../../src/db/connections.ts';
import { newId } from '../../src/domain/ids.ts';
import { INTERNAL_KEY_PREFIX, paymentWorkflowId } from '../../src/domain/workflow-ids.ts';
import { CustomerEntity, MandateEntity } from '../../src/db/entities.ts';
import { storedSimulations } from '../../src/db/events.ts';
import type { PaymentRequest } from '../payments.ts';
import { type ChargeRequestInput, loadCollection } from './collection-store.ts';

/**
 * The idempotency key of a charge: one payment per (collection, cycle, attempt, and the debits of the attempt a
 * set-up error refused), whoever asks twice. In the service's own namespace, so a caller's payment can never be taken for a charge.
 */
function chargeIdempotencyKey(input: ChargeRequestInput): string {
  const retaken = input.setupRefusals ? `:retaken:${input.setupRefusals}` : '';
  return `${INTERNAL_KEY_PREFIX}${input.collectionId}:cycle:${input.cycle}:attempt:${input.attempt}${retaken}`;
}

/**
 * The payment a charge attempt makes, read at the moment of the attempt: the customer's vpa as it is
 * now. The payment id is made up here; the payment workflow keyed by the charge's idempotency key
 * creates the payment at most once, whatever id a retried call makes up.
 */
export async function chargeRequest(orm: MikroORM, input: ChargeRequestInput): Promise<{ request: PaymentRequest; workflowId: string }> {
  const em = orm.em.fork();
  const collection = await loadCollection(em, input.collectionId);
  if (collection.status === 'cancelled') throw ApplicationFailure.nonRetryable(collection.cancelReason ?? 'cancelled', COLLECTION_ENDED);
  const mandate = collection.mandateId === null ? null : await em.findOne(MandateEntity, { id: collection.mandateId });
  if (!mandate) throw ApplicationFailure.nonRetryable('mandate_required', COLLECTION_ENDED);
  if (mandate.status === 'revoked') throw ApplicationFailure.nonRetryable('mandate_revoked', COLLECTION_ENDED);
  // Never outside the mandate's validity (its workflow expires it at expire_at; this holds meanwhile too).
  if (mandate.status === 'expired' || Date.now() >= mandate.expireAt.getTime()) throw ApplicationFailure.nonRetryable('mandate_expired', COLLECTION_ENDED);
  // A live debit goes through the account's active connection; with it disabled the debit is not made (no attempt).
  if (collection.mode === 'live' && !(await activeConnection(em, collection.accountId))) {
    throw ApplicationFailure.nonRetryable(`account ${collection.accountId} has no active provider connection`, CONNECTION_DISABLED);
  }
  const customer = await em.findOne(CustomerEntity, { id: collection.customerId, accountId: collection.accountId, mode: collection.mode });
  // The mandate's UPI ID; a mandate given by the migration to a customer who had none reads the customer's.
  const vpa = mandate.vpa || customer?.vpa;
  // Retryable on purpose: the charge waits (visible in the Temporal UI) until there is a vpa, or the mandate is active again.
  if (!vpa || mandate.status !== 'active') throw ApplicationFailure.retryable(`collection ${collection.id} has no active mandate or vpa to charge`, awaiting.CustomerWithoutVpa);
  const idempotencyKey = chargeIdempotencyKey(input);
  const request: PaymentRequest = {
    paymentId: input.paymentId ?? newId('payment'),
    accountId: collection.accountId,
    mode: collection.mode,
    idempotencyKey,
    amount: Number(collection.amount),
    currency: 'INR',
    method: 'upi',
    vpa,
    bank: null,
    receipt: null,
    customerId: collection.customerId,
    description: collection.description ?? `Collection ${collection.id}, cycle ${input.cycle}`,
    metadata: collection.metadata ?? {},
    simulate: await storedSimulations(em, 'collections', collection.id),
    collection: { id: collection.id, cycle: input.cycle, attempt: input.attempt },
  };
  return { request, workflowId: paymentWorkflowId(collection.accountId, collection.mode, idempotencyKey) };
}
