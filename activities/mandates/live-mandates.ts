// Live mandates at the provider (docs/api.md, Mandates, Live): the UPI AutoPay registration the customer approves in
// their UPI app, a look at where the provider says the mandate is (the backstop to its webhooks), the business's
// revocation, and each debit's pre-debit notice (docs/decisions.md, Mandates and collections: the recurring order is created at notice time with
// the provider's notification, `payment_after` = the debit's time). Each runs as an ordinary activity with the
// provider retry profile (docs/decisions.md, Provider calls); a refusal no retry can change ends the step instead.
import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { ProviderMandateRef, ProviderRecurring, ProviderRecurrings } from '../../src/rails/provider.ts';
import type { ProviderMandateState } from '../../src/domain/mandates.ts';
import { CollectionEntity, CustomerEntity, MandateEntity, type Mandate } from '../../src/db/entities.ts';
import { activeConnection } from '../../src/db/connections.ts';
import { CONNECTION_DISABLED } from '../../src/domain/failures.ts';

/** Where the provider says a live mandate is, as the mandate workflow acts on it. */
export interface LiveMandateReport {
  state: ProviderMandateState;
  /** The provider's token, when the report names it. */
  tokenReference: string | null;
  vpa: string | null;
  providerStatus: string;
}

export interface DebitNoticeRequest {
  collectionId: string;
  /** The payment id the debit will have (made by the collection workflow before the notice). */
  paymentId: string;
  cycle: number;
  attempt: number;
  /** Epoch ms. */
  debitAt: number;
}

/** A connector's refusal that no retry can change (a 4xx, refused credentials) ends the activity; the rest is retried. */
async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Error && (err as { retryable?: unknown }).retryable === false) throw ApplicationFailure.nonRetryable(err.message, err.name);
    throw err;
  }
}

async function loadMandate(em: EntityManager, mandateId: string): Promise<Mandate> {
  const mandate = await em.findOne(MandateEntity, { id: mandateId });
  if (!mandate) throw ApplicationFailure.nonRetryable(`mandate ${mandateId} not found`, 'NotFound');
  return mandate;
}

/** Where the mandate lives at the provider; null until it is registered. */
export function mandateRefOf(mandate: Mandate): ProviderMandateRef | null {
  if (!mandate.providerCustomerReference || !mandate.providerRegistrationReference) return null;
  return { customerReference: mandate.providerCustomerReference, registrationReference: mandate.providerRegistrationReference, tokenReference: mandate.providerReference ?? null };
}

export function createLiveMandateActivities(deps: { orm: MikroORM; recurrings?: ProviderRecurrings }) {
  // Through the mandate's own connection (bound at its registration): its token lives at that provider account.
  const recurringOf = async (mandate: Mandate): Promise<ProviderRecurring> => {
    const recurring = await deps.recurrings?.ofMandate(mandate.id);
    if (!recurring) throw ApplicationFailure.nonRetryable(`mandate ${mandate.id} has no provider connection for recurring debits`, 'NoConnection');
    return recurring;
  };
  return {
    /**
     * Registers the live mandate at its account's provider (once: the provider finds a registration it already has by
     * our mandate id) and keeps where it lives and the intent link the hosted page shows. Answers whether it was made.
     */
    async registerLiveMandate(mandateId: string): Promise<void> {
      const em = deps.orm.em.fork();
      const mandate = await loadMandate(em, mandateId);
      if (mandate.providerRegistrationReference && mandate.authorizationIntentUrl) return;
      const customer = await em.findOne(CustomerEntity, { id: mandate.customerId, accountId: mandate.accountId, mode: mandate.mode });
      if (!customer) throw ApplicationFailure.nonRetryable(`customer ${mandate.customerId} not found`, 'NotFound');
      const recurring = await recurringOf(mandate);
      const registration = await atProvider(() =>
        recurring.register({
          mandateId,
          customer: { name: customer.name, email: customer.email ?? null, phone: customer.phone ?? null },
          maxAmount: Number(mandate.maxAmount),
          frequency: mandate.frequency,
          startAt: mandate.startAt.getTime(),
          expireAt: mandate.expireAt.getTime(),
          description: mandate.description ?? null,
          client: mandate.customerIp || mandate.userAgent ? { ip: mandate.customerIp ?? null, userAgent: mandate.userAgent ?? null } : null,
        }),
      );
      await em.execute(
        'update mandates set provider_customer_reference = ?, provider_registration_reference = ?, authorization_intent_url = ?, provider_reference = coalesce(provider_reference, ?) where id = ?',
        [registration.customerReference, registration.registrationReference, registration.intentUrl, registration.tokenReference, mandateId],
      );
    },

    /** Where the provider says the mandate is now; null while it is not registered. */
    async lookLiveMandate(mandateId: string): Promise<LiveMandateReport | null> {
      const mandate = await loadMandate(deps.orm.em.fork(), mandateId);
      const ref = mandateRefOf(mandate);
      if (!ref) return null;
      const recurring = await recurringOf(mandate);
      const report = await atProvider(() => recurring.mandate(ref));
      return { state: report.outcome.state, tokenReference: report.tokenReference, vpa: report.vpa, providerStatus: report.providerStatus };
    },

    /** The business's revocation at the provider: its token cancelled (none made yet, or one already cancelled, is fine). */
    async cancelLiveMandate(mandateId: string): Promise<void> {
      const mandate = await loadMandate(deps.orm.em.fork(), mandateId);
      const ref = mandateRefOf(mandate);
      if (!ref) return;
      const recurring = await recurringOf(mandate);
      await atProvider(() => recurring.cancel(ref));
    },

    /**
     * The debit's pre-debit notice at the provider: the order the debit will pay, under its payment id, debited no
     * sooner than `debitAt`. Refused (non-retryable) when the mandate has no token to debit.
     */
    async noticeLiveDebit(input: DebitNoticeRequest): Promise<{ orderReference: string }> {
      const em = deps.orm.em.fork();
      const collection = await em.findOne(CollectionEntity, { id: input.collectionId });
      if (!collection?.mandateId) throw ApplicationFailure.nonRetryable(`collection ${input.collectionId} has no mandate`, 'MandateRequired');
      if (!(await activeConnection(em, collection.accountId))) {
        throw ApplicationFailure.nonRetryable(`account ${collection.accountId} has no active provider connection: its connection is disabled`, CONNECTION_DISABLED);
      }
      const mandate = await loadMandate(em, collection.mandateId);
      const ref = mandateRefOf(mandate);
      if (!ref?.tokenReference) throw ApplicationFailure.nonRetryable(`mandate ${mandate.id} has no token at the provider to debit`, 'MandateWithoutToken');
      const recurring = await recurringOf(mandate);
      return atProvider(() =>
        recurring.noticeDebit({
          paymentId: input.paymentId,
          mandate: { ...ref, tokenReference: ref.tokenReference! },
          amount: Number(collection.amount),
          debitAt: input.debitAt,
          description: collection.description ?? `Collection ${collection.id}, cycle ${input.cycle}`,
          notes: { collection_id: collection.id, cycle: String(input.cycle), attempt: String(input.attempt) },
        }),
      );
    },
  };
}

export type LiveMandateActivities = ReturnType<typeof createLiveMandateActivities>;
