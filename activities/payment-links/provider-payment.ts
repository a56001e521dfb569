// A live payment link's money that the provider took on its own (docs/api.md, Live payments ... and payment links): a
// payment to the link's single-use QR code becomes the link's payment, captured, with the provider's fee (drawn on
// `pending`, recorded at capture; docs/decisions.md, Fees, once), once per provider payment id however often its webhook
// or a lookup reports it. Whether the link keeps it or gives it back (`duplicate`) is the link workflow's decision.
// Also the QR code itself: opened with the link and after each partial payment, for the amount then due, and closed
// when the link takes no more money.
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/activity';
import type { ProviderGateways } from '../../src/rails/provider.ts';
import { newId } from '../../src/domain/ids.ts';
import { paymentFeePosting } from '../../src/domain/ledger.ts';
import { isPayable } from '../../src/domain/payment-links.ts';
import { INTERNAL_KEY_PREFIX, paymentLinkWorkflowId, refundWorkflowId } from '../../src/domain/workflow-ids.ts';
import { PaymentEntity } from '../../src/db/entities.ts';
import { post } from '../../src/ledger/ledger.ts';
import { writeStatusEntry } from '../lifecycle.ts';
import { paymentStore } from '../payments.ts';
import type { RefundRequest } from '../refunds.ts';
import { linkPaymentFields, loadLink } from './payment-link-store.ts';

export interface ProviderLinkPaymentInput {
  connectionId: string;
  linkId: string;
  providerReference: string;
  amount: number;
  /** Paise, GST included; 0 when the provider has not said. */
  fee: number;
  vpa: string | null;
}

/** The key of a provider's payment recorded as ours: one payment per provider payment id and connection. */
const providerPaymentKey = (connectionId: string, providerReference: string) => `${INTERNAL_KEY_PREFIX}provider:${connectionId}:${providerReference}`;

/** Writes the link's payment `captured` (capture and fee postings, payment.captured), once; answers its id. */
export async function recordProviderLinkPayment(orm: MikroORM, input: ProviderLinkPaymentInput): Promise<{ paymentId: string; amount: number; linkId: string; linkWorkflowId: string }> {
  return orm.em.fork().transactional(async (tx) => {
    const link = await loadLink(tx, input.linkId);
    const idempotencyKey = providerPaymentKey(input.connectionId, input.providerReference);
    // Once per provider payment, whichever connection of the provider account reported it (an older duplicate's
    // webhook URL still verifies): the provider's payment id is the one key they share.
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`provider-payment:${input.providerReference}`]);
    const existing = await tx.findOne(PaymentEntity, { accountId: link.accountId, mode: link.mode, providerReference: input.providerReference });
    if (existing) return { paymentId: existing.id, amount: Number(existing.amount), linkId: link.id, linkWorkflowId: paymentLinkWorkflowId(link.id) };
    // Its refunds (a duplicate's) go to the provider account that took it, through the connection that holds it now.
    const [holder] = await tx.execute<{ id: string }[]>('select coalesce(superseded_by, id) as id from connections where id = ?', [input.connectionId]);
    const payment = tx.create(PaymentEntity, {
      id: newId('payment'),
      accountId: link.accountId,
      mode: link.mode,
      amount: input.amount,
      currency: 'INR',
      // Written captured at once (the provider already captured it): a link's one pending payment, a collect request
      // the customer has not approved, may exist meanwhile.
      status: 'captured',
      ...linkPaymentFields(link, input.vpa),
      amountRefunded: 0,
      failureCode: null,
      failureMessage: null,
      settlementId: null,
      collectionId: null,
      collectionCycle: null,
      collectionAttempt: null,
      providerReference: input.providerReference,
      fee: input.fee,
      nextAction: null,
      returnUrl: null,
      connectionId: holder?.id ?? input.connectionId,
      idempotencyKey,
      sandboxSimulate: [],
      createdAt: new Date(),
      capturedAt: new Date(),
      failedAt: null,
    });
    await tx.flush();
    // Entering `captured` from nothing: the capture posting, the history row and payment.captured.
    await writeStatusEntry(tx, paymentStore, payment, null);
    if (input.fee > 0) {
      await post(tx, { accountId: link.accountId, mode: link.mode, posting: paymentFeePosting(input.fee), sourceId: payment.id, description: 'Provider fees' });
    }
    return { paymentId: payment.id, amount: input.amount, linkId: link.id, linkWorkflowId: paymentLinkWorkflowId(link.id) };
  });
}

/** The full refund of a payment the link cannot keep (beyond what was due, or after it closed), once per payment. */
export async function duplicateRefundRequest(orm: MikroORM, input: { paymentId: string }): Promise<{ request: RefundRequest; workflowId: string }> {
  const payment = await orm.em.fork().findOneOrFail(PaymentEntity, { id: input.paymentId });
  const idempotencyKey = `${INTERNAL_KEY_PREFIX}duplicate:${payment.id}`;
  const request: RefundRequest = {
    refundId: newId('refund'),
    accountId: payment.accountId,
    mode: payment.mode,
    idempotencyKey,
    paymentId: payment.id,
    amount: null,
    reason: 'duplicate',
    metadata: {},
  };
  return { request, workflowId: refundWorkflowId(payment.accountId, payment.mode, idempotencyKey) };
}

/**
 * The link's QR code for what is due now: kept when the one it has is for that amount and still open, else a new
 * one (the provider's single-use code, closing by min(expire_by, its 45 days)); none when fewer than 15 minutes
 * remain (the page then offers the UPI-intent button only). Answers its close time (epoch ms) or null.
 */
export async function openLinkQr(orm: MikroORM, gateways: ProviderGateways | undefined, input: { linkId: string; due: number }): Promise<{ closeBy: number | null }> {
  const em = orm.em.fork();
  const link = await loadLink(em, input.linkId);
  if (link.mode !== 'live' || !isPayable(link.status) || input.due <= 0) return { closeBy: null };
  const found = await gateways?.ofLink(link.id, true);
  if (!found) throw ApplicationFailure.nonRetryable(`account ${link.accountId} has no payment gateway`, 'NoGateway');
  const now = Date.now();
  if (link.qrProviderReference && link.qrContent && link.qrCloseBy && link.qrCloseBy.getTime() > now) {
    if (Number(link.qrAmount) === input.due) return { closeBy: link.qrCloseBy.getTime() };
    // Made for an amount no longer due (a partial payment came another way): it must take nothing more.
    await found.gateway.closeQr(link.qrProviderReference);
  }
  // A disabled connection makes no new QR code (it moves no new money); the page then shows none.
  if (found.status !== 'active') {
    await em.execute('update payment_links set qr_provider_reference = null, qr_content = null, qr_close_by = null, qr_amount = null where id = ?', [link.id]);
    return { closeBy: null };
  }
  const account = await em.execute<{ name: string }[]>('select name from accounts where id = ?', [link.accountId]);
  const qr = await found.gateway.createLinkQr({
    linkId: link.id,
    amount: input.due,
    expireBy: link.expireBy.getTime(),
    now,
    name: account[0]?.name ?? null,
    description: link.description ?? null,
  });
  // Every code the link had is kept: a payment to it that arrives after it was closed or replaced is still the link's.
  if (qr) await em.execute('insert into payment_link_qr_codes (provider_reference, link_id) values (?, ?) on conflict do nothing', [qr.providerReference, link.id]);
  await em.execute('update payment_links set qr_provider_reference = ?, qr_content = ?, qr_close_by = ?, qr_amount = ? where id = ?', [
    qr?.providerReference ?? null,
    qr?.content ?? null,
    qr ? qr.closeBy : null,
    qr ? input.due : null,
    link.id,
  ]);
  return { closeBy: qr ? qr.closeBy.getTime() : null };
}

/** Closes the link's open QR code (the link takes no more money, or a new amount is due) and forgets it. */
export async function closeLinkQr(orm: MikroORM, gateways: ProviderGateways | undefined, input: { linkId: string }): Promise<void> {
  const em = orm.em.fork();
  const link = await loadLink(em, input.linkId);
  if (!link.qrProviderReference) return;
  // Closed where it was made, whatever that connection's status now.
  const found = await gateways?.ofLink(link.id, false);
  if (found) await found.gateway.closeQr(link.qrProviderReference);
  await em.execute('update payment_links set qr_provider_reference = null, qr_content = null, qr_close_by = null, qr_amount = null where id = ? and qr_provider_reference = ?', [
    link.id,
    link.qrProviderReference,
  ]);
}
