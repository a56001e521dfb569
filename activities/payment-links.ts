// Payment link writes: creation, the payment request of each pay attempt, and every state the link
// workflow reaches, with its events. Each write is one database transaction.
import { LockMode, UniqueConstraintViolationException, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../src/domain/modes.ts';
import { type PaymentLinkState, linkEventType } from '../src/domain/payment-links.ts';
import { PaymentLinkEntity, type PaymentLink } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { paymentLinkView } from '../src/db/views.ts';
import { INTERNAL_KEY_PREFIX, paymentWorkflowId } from '../src/domain/workflow-ids.ts';
import { refuse } from './lifecycle.ts';
import type { PaymentRequest } from './payments.ts';
import { newId } from '../src/domain/ids.ts';
import type { PaymentLinkResponse } from '../src/contract/payment-links.ts';

export interface PaymentLinkRequest {
  linkId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  description: string | null;
  customer: { name: string | null; email: string | null; phone: string | null };
  referenceId: string | null;
  acceptPartial: boolean;
  firstMinPartialAmount: number | null;
  /** Unix ms. */
  expireBy: number;
  shortUrl: string;
  callbackUrl: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the creating request, inherited by the link's and its payments' events. */
  simulate?: readonly string[];
}

export interface PayRequestInput {
  linkId: string;
  /** The page form's token: one payment per token, however often the form is sent. */
  token: string;
  amount: number;
  vpa: string;
}

/** A state the link workflow reached; `version` orders its writes, so a retried older one is a no-op. */
export interface SavePaymentLinkStateInput {
  linkId: string;
  version: number;
  state: PaymentLinkState;
}

/** The key of a pay attempt's payment, in the service's own namespace (no caller key can be it). */
function attemptIdempotencyKey(input: PayRequestInput): string {
  return `${INTERNAL_KEY_PREFIX}${input.linkId}:pay:${input.token}`;
}

const REFERENCE_TAKEN = 'A payment link with this reference_id already exists.';

const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

export function createPaymentLinkActivities(deps: { orm: MikroORM }) {
  async function loadLink(em: EntityManager, linkId: string, lock = false): Promise<PaymentLink> {
    const row = await em.findOne(PaymentLinkEntity, { id: linkId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!row) throw refuse('NotFound', `payment link ${linkId} not found`);
    return row;
  }

  return {
    /**
     * Writes the link `created`. Idempotent by key: when the key already made a link (this one or, after a
     * lost response, another id), that one is returned. A `reference_id` another link of the account and
     * mode holds is refused (400, param reference_id), also when two requests race for it.
     */
    async createPaymentLink(request: PaymentLinkRequest): Promise<PaymentLinkResponse> {
      try {
        return await deps.orm.em.fork().transactional(async (tx) => {
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
    },

    /**
     * The payment a pay attempt makes. The payment id is made up here; the payment workflow keyed by the
     * attempt's idempotency key creates the payment at most once, whatever id a retried call makes up.
     */
    async payRequest(input: PayRequestInput): Promise<{ request: PaymentRequest; workflowId: string }> {
      const em = deps.orm.em.fork();
      const link = await loadLink(em, input.linkId);
      const idempotencyKey = attemptIdempotencyKey(input);
      const request: PaymentRequest = {
        paymentId: newId('payment'),
        accountId: link.accountId,
        mode: link.mode,
        idempotencyKey,
        amount: input.amount,
        currency: 'INR',
        method: 'upi',
        vpa: input.vpa,
        bank: null,
        // The link's reference_id is the business's own reference of each of its payments.
        receipt: link.referenceId ?? null,
        customerId: null,
        description: link.description ?? `Payment link ${link.id}`,
        metadata: link.metadata ?? {},
        simulate: await storedSimulations(em, 'payment_links', link.id),
        paymentLinkId: link.id,
      };
      return { request, workflowId: paymentWorkflowId(link.accountId, link.mode, idempotencyKey) };
    },

    /**
     * Writes the state the workflow reached, with the event a status change causes
     * (`payment_link.partially_paid`, `.paid`, `.expired`, `.cancelled`). A write older than the stored one
     * changes nothing.
     */
    async savePaymentLinkState(input: SavePaymentLinkStateInput): Promise<PaymentLinkResponse> {
      return deps.orm.em.fork().transactional(async (tx) => {
        const row = await loadLink(tx, input.linkId, true);
        if (row.stateVersion >= input.version) return paymentLinkView(row);
        const { state } = input;
        const from = row.status;
        row.stateVersion = input.version;
        row.status = state.status;
        row.amountPaid = state.amountPaid;
        row.paymentIds = [...state.paymentIds];
        row.paidAt = dateOrNull(state.paidAt);
        row.expiredAt = dateOrNull(state.expiredAt);
        row.cancelledAt = dateOrNull(state.cancelledAt);
        await tx.flush();
        const view = paymentLinkView(row);
        const type = from !== state.status ? linkEventType(state.status) : undefined;
        // A partial link paid again stays partially_paid: each part is an event of its own.
        const partPaid = from === 'partially_paid' && state.status === 'partially_paid';
        const eventType = type ?? (partPaid ? 'payment_link.partially_paid' : undefined);
        if (eventType) {
          const simulate = await storedSimulations(tx, 'payment_links', row.id);
          await recordEvent(tx, { accountId: row.accountId, mode: row.mode, type: eventType, object: view, simulate });
        }
        return view;
      });
    },
  };
}

export type PaymentLinkActivities = ReturnType<typeof createPaymentLinkActivities>;
