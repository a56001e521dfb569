// Saving the state a payment link's workflow reached, with the event a status change causes.
import type { MikroORM } from '@mikro-orm/postgresql';
import { linkEventType } from '../../src/domain/payment-links.ts';
import { recordEvent, storedSimulations } from '../../src/db/events.ts';
import { paymentLinkView } from '../../src/db/views.ts';
import { type SavePaymentLinkStateInput, loadLink } from './payment-link-store.ts';
import type { PaymentLinkResponse } from '../../src/contract/payment-links.ts';

const dateOrNull = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

/**
 * Writes the state the workflow reached, with the event a status change causes
 * (`payment_link.partially_paid`, `.paid`, `.expired`, `.cancelled`). A write older than the stored one
 * changes nothing.
 */
export async function savePaymentLinkState(orm: MikroORM, input: SavePaymentLinkStateInput): Promise<PaymentLinkResponse> {
  return orm.em.fork().transactional(async (tx) => {
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
}
