// Inbound provider webhooks after the route verified and recorded them (API.md, Inbound provider webhooks): the
// event is translated by its connector (injected: activities never import a connector) and resolved to the payout it
// is about. The state change itself is applyPayoutRailReport's, the one transition writer, so a webhook, a lookup and
// reconciliation land in one state whatever their order or number.
import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectorWebhookOutcome, PaymentOutcome, PayoutOutcome, RefundOutcome } from '../src/connectors/types.ts';
import { ConnectionEntity, MandateEntity, PaymentEntity, PaymentLinkEntity, PayoutEntity, RefundEntity } from '../src/db/entities.ts';
import type { PaymentRailState } from '../src/domain/payments.ts';
import type { RefundRailState } from '../src/domain/refunds.ts';
import { INTERNAL_KEY_PREFIX, mandateWorkflowId, paymentWorkflowId, payoutWorkflowId, refundWorkflowId } from '../src/domain/workflow-ids.ts';
import type { LiveMandateReport } from './live-mandates.ts';
import type { PaymentRailReport } from './payments/live-payment.ts';
import type { ProviderLinkPaymentInput } from './payment-links/provider-payment.ts';
import { type SettlementFacts, settlementFactsOf } from './settlements/provider-settlements.ts';
import type { PayoutRailState } from '../src/domain/payouts.ts';
import { newId } from '../src/domain/ids.ts';
import type { PayoutRailReport } from './payouts/payout-store.ts';
import type { TopUpRecordInput } from './top-ups.ts';
import { recordProviderPayoutFacts } from './payouts/provider-fees.ts';

/**
 * What an event asks of the transition writers: a payout's report or a live top-up to record (each once); a live
 * payment's or refund's report (null when it moves nothing yet, as an authorization the step will capture), with the
 * workflow to wake (`workflowId`: the one that follows it, if it still runs).
 */
export type ProviderEventWork =
  | { kind: 'payout'; report: PayoutRailReport; workflowId?: string }
  | { kind: 'top_up'; topUp: TopUpRecordInput }
  | { kind: 'payment'; report: PaymentRailReport | null; workflowId: string }
  | { kind: 'refund'; report: { id: string; outcome: RefundRailState } | null; workflowId: string }
  /** A settlement the provider made: ours once, its payments read from the provider. */
  | { kind: 'settlement'; connectionId: string; settlement: SettlementFacts }
  /** A payment to a live link's QR code: the link's payment, then the link's to keep or give back. */
  | { kind: 'link_payment'; payment: ProviderLinkPaymentInput }
  /** A live mandate's registration or token moved: its workflow applies the report. */
  | { kind: 'mandate'; workflowId: string; report: LiveMandateReport }
  | null;

/** A payment's outcome at the provider as its rail state; null while it waits (or is authorized, to be captured). */
export function paymentRailStateOf(outcome: PaymentOutcome): PaymentRailState | null {
  switch (outcome.state) {
    case 'captured':
      return { state: 'captured', reference: '' };
    case 'failed': {
      const d = outcome.details;
      return { state: 'failed', failure: { code: outcome.code, message: outcome.message, provider: { source: d.source ?? '', reason: d.reason ?? '', description: d.description ?? '' } } };
    }
    default:
      return null;
  }
}

export function refundRailStateOf(outcome: RefundOutcome): RefundRailState | null {
  switch (outcome.state) {
    case 'processed':
      return { state: 'processed', utr: outcome.reference };
    case 'failed': {
      const d = outcome.details;
      return { state: 'failed', failure: { code: outcome.code, message: outcome.message, provider: { source: d.source ?? '', reason: d.reason ?? '', description: d.description ?? '' } } };
    }
    default:
      return null;
  }
}

/** The workflow that follows a refund: a caller's (by its key), or the follow-up of one the service made itself. */
export function refundFollowerId(refund: { id: string; accountId: string; mode: 'sandbox' | 'live'; idempotencyKey: string }): string {
  return refund.idempotencyKey.startsWith(INTERNAL_KEY_PREFIX) ? `refund-follow/${refund.id}` : refundWorkflowId(refund.accountId, refund.mode, refund.idempotencyKey);
}

type Outcome = Exclude<ConnectorWebhookOutcome, { kind: 'ignored' | 'deposit' | 'payout' }>;

/** A payment or refund event about one of the account's live payments or refunds; null for one this service does not know. */
async function resolveGatewayEvent(em: ReturnType<MikroORM['em']['fork']>, accountId: string, outcome: Outcome): Promise<ProviderEventWork> {
  if (outcome.kind === 'payment') {
    const { report } = outcome;
    const payment =
      (report.paymentId ? await em.findOne(PaymentEntity, { id: report.paymentId, accountId, mode: 'live' }) : null) ??
      (await em.findOne(PaymentEntity, { providerReference: report.providerReference, accountId, mode: 'live' }));
    if (!payment) return null;
    const state = paymentRailStateOf(report.outcome);
    const rail = state ? { id: payment.id, outcome: state, fee: report.fee, providerReference: report.providerReference } : null;
    return { kind: 'payment', report: rail, workflowId: paymentWorkflowId(accountId, 'live', payment.idempotencyKey) };
  }
  if (outcome.kind === 'refund') {
    const { report } = outcome;
    const refund =
      (report.refundId ? await em.findOne(RefundEntity, { id: report.refundId, accountId, mode: 'live' }) : null) ??
      (await em.findOne(RefundEntity, { providerReference: report.providerReference, accountId, mode: 'live' }));
    if (!refund) return null;
    const state = refundRailStateOf(report.outcome);
    return { kind: 'refund', report: state ? { id: refund.id, outcome: state } : null, workflowId: refundFollowerId(refund) };
  }
  return null;
}

/** A report about one of the account's live mandates (by our id in its notes, its token, or its registration); null for one this service does not know. */
async function resolveMandateEvent(
  em: ReturnType<MikroORM['em']['fork']>,
  accountId: string,
  outcome: Extract<ConnectorWebhookOutcome, { kind: 'mandate' }>,
): Promise<ProviderEventWork> {
  const { report } = outcome;
  const where = { accountId, mode: 'live' as const };
  const mandate =
    (report.mandateId ? await em.findOne(MandateEntity, { ...where, id: report.mandateId }, { fields: ['id'] }) : null) ??
    (report.tokenReference ? await em.findOne(MandateEntity, { ...where, providerReference: report.tokenReference }, { fields: ['id'] }) : null) ??
    (report.registrationReference ? await em.findOne(MandateEntity, { ...where, providerRegistrationReference: report.registrationReference }, { fields: ['id'] }) : null);
  if (!mandate) return null;
  return {
    kind: 'mandate',
    workflowId: mandateWorkflowId(mandate.id),
    report: { state: report.outcome.state, tokenReference: report.tokenReference, vpa: report.vpa, providerStatus: report.providerStatus },
  };
}

/**
 * A deposit's top-up, keyed by the connection and the provider's transaction id: the webhook and reconciliation
 * record the same key, so whichever sees it first records it and the other finds it.
 */
export function providerTopUp(accountId: string, connectionId: string, deposit: { providerReference: string; amount: number }): TopUpRecordInput {
  return {
    topUpId: newId('topUp'),
    accountId,
    mode: 'live',
    idempotencyKey: `provider/${connectionId}/${deposit.providerReference}`,
    amount: deposit.amount,
    currency: 'INR',
    description: 'Deposit into the payout account at the provider',
    metadata: { provider_reference: deposit.providerReference },
    providerReference: deposit.providerReference,
  };
}

/** Translates a verified body of a provider's webhook; throws when the body is not an event. */
export type ProviderEventTranslator = (provider: string, body: string) => ConnectorWebhookOutcome;

export interface ProviderEventInput {
  connectionId: string;
  provider: string;
  eventId: string;
  body: string;
}

/** A provider's outcome as a rail report's state; null when it moves nothing (still on its way). */
export function railStateOf(outcome: PayoutOutcome): PayoutRailState | null {
  const failureOf = (o: Extract<PayoutOutcome, { code: unknown }>) => ({
    code: o.code,
    message: o.details.description ?? `The provider reported ${o.details.reason ?? 'a failure'}.`,
    // The contract shows the provider's three words as strings; one it did not say is empty.
    provider: { source: o.details.source ?? '', reason: o.details.reason ?? '', description: o.details.description ?? '' },
  });
  switch (outcome.state) {
    case 'initiated':
      return null;
    case 'completed':
      return { state: 'completed', utr: outcome.utr ?? '' };
    case 'returned':
      return { state: 'reversed', utr: null, failure: failureOf(outcome) };
    case 'failed':
      return { state: 'failed', failure: failureOf(outcome) };
  }
}

/** A payment to one of our links' QR codes, when the link is this connection's account's and the payment captured. */
async function linkPaymentWork(
  em: ReturnType<MikroORM['em']['fork']>,
  input: ProviderEventInput,
  accountId: string | null,
  outcome: Extract<ConnectorWebhookOutcome, { kind: 'qr_payment' }>,
): Promise<ProviderEventWork> {
  const log = Context.current().log;
  const linkId = outcome.qrCode.notes.payment_link_id ?? outcome.qrCode.notes.reference ?? null;
  const link = accountId && linkId ? await em.findOne(PaymentLinkEntity, { id: linkId, accountId, mode: 'live' }, { fields: ['id'] }) : null;
  const { report } = outcome;
  if (!link || report.outcome.state !== 'captured') {
    log.info('QR payment not taken', { connectionId: input.connectionId, eventId: input.eventId, linkId, state: report.outcome.state });
    return null;
  }
  return {
    kind: 'link_payment',
    payment: { connectionId: input.connectionId, linkId: link.id, providerReference: report.providerReference, amount: report.amount, fee: report.fee ?? 0, vpa: report.vpa },
  };
}

export function createProviderEventActivities(deps: { orm: MikroORM; translate: ProviderEventTranslator }) {
  return {
    /**
     * The report an event makes about one of the connection's live payouts, or null (an event this service does not
     * act on, a state still on its way, or a payout it does not know: logged, and the webhook was answered 200).
     */
    async resolveProviderEvent(input: ProviderEventInput): Promise<ProviderEventWork> {
      const log = Context.current().log;
      const outcome = deps.translate(input.provider, input.body);
      if (outcome.kind === 'ignored') {
        log.info('provider event not acted on', { connectionId: input.connectionId, eventId: input.eventId, type: outcome.eventType });
        return null;
      }
      const em = deps.orm.em.fork();
      const connection = await em.findOne(ConnectionEntity, { id: input.connectionId }, { fields: ['accountId'] });
      if (outcome.kind === 'deposit') {
        return connection ? { kind: 'top_up', topUp: providerTopUp(connection.accountId, input.connectionId, outcome) } : null;
      }
      if (outcome.kind === 'settlement') {
        return connection && outcome.report.providerStatus === 'processed'
          ? { kind: 'settlement', connectionId: input.connectionId, settlement: settlementFactsOf(outcome.report) }
          : null;
      }
      if (outcome.kind === 'qr_payment') return linkPaymentWork(em, input, connection?.accountId ?? null, outcome);
      if (outcome.kind === 'mandate') {
        const work = connection ? await resolveMandateEvent(em, connection.accountId, outcome) : null;
        if (!work) log.info('provider event about a mandate this service does not know', { connectionId: input.connectionId, eventId: input.eventId, type: outcome.eventType });
        return work;
      }
      if (outcome.kind === 'payment' || outcome.kind === 'refund') {
        const work = connection ? await resolveGatewayEvent(em, connection.accountId, outcome) : null;
        if (!work) log.info('provider event about a payment or refund this service does not know', { connectionId: input.connectionId, eventId: input.eventId, type: outcome.eventType });
        return work;
      }
      if (outcome.kind !== 'payout') return null;
      const payoutId = outcome.report.payoutId;
      const payout = connection && payoutId
        ? await em.findOne(PayoutEntity, { id: payoutId, accountId: connection.accountId, mode: 'live' }, { fields: ['id', 'idempotencyKey'] })
        : null;
      if (!payout) {
        log.info('provider event about a payout this service does not know', {
          connectionId: input.connectionId, eventId: input.eventId, type: outcome.eventType, providerReference: outcome.report.providerReference,
        });
        return null;
      }
      // The fees the event shows (a payout the provider debited), recorded once whichever report brings them first.
      const { fees, providerReference } = outcome.report;
      if (fees) await recordProviderPayoutFacts(deps.orm, { payoutId: payout.id, providerReference, fees, returned: false });
      const state = railStateOf(outcome.report.outcome);
      // The payout's own workflow, woken by the event's workflow so that it (and a batch waiting on it) sees the report now.
      const workflowId = payoutWorkflowId(connection!.accountId, 'live', payout.idempotencyKey);
      return state ? { kind: 'payout', report: { id: payout.id, outcome: state }, workflowId } : null;
    },
  };
}

export type ProviderEventActivities = ReturnType<typeof createProviderEventActivities>;
