// Inbound provider webhooks after the route verified and recorded them: the event's facts (translated by its
// connector; activities never import one) are matched to the object of ours they are about, through what we sent
// (provider-events/matching.ts), and turned into work for the transition writers, so a webhook, a lookup and
// reconciliation land in one state whatever their order or number.
import { Context } from '@temporalio/activity';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConnectorWebhookOutcome, PaymentOutcome, PayoutOutcome, ProviderPayoutReport, RefundOutcome } from '../src/rails/provider.ts';
import { ConnectionEntity } from '../src/db/entities.ts';
import type { PaymentRailState } from '../src/domain/payments.ts';
import type { RefundRailState } from '../src/domain/refunds.ts';
import { INTERNAL_KEY_PREFIX, beneficiaryVerificationWorkflowId, mandateWorkflowId, paymentWorkflowId, payoutWorkflowId, refundFollowWorkflowId, refundWorkflowId } from '../src/domain/workflow-ids.ts';
import type { LiveMandateReport } from './mandates/live-mandates.ts';
import type { PaymentRailReport } from './payments/live-payment.ts';
import type { ProviderLinkPaymentInput } from './payment-links/provider-payment.ts';
import type { SettlementFacts } from './settlements/provider-settlements.ts';
import {
  type EventPaymentFacts,
  type IgnoredReason,
  type ProviderEventFacts,
  eventFactsOf,
  matchLinkQr,
  matchMandate,
  matchPayment,
  matchPayout,
  matchRefund,
  recordIgnored,
} from './provider-events/matching.ts';
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
  /** A live verification's validation may have ended: its workflow is woken to look it up. */
  | { kind: 'verification'; workflowId: string }
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
  return refund.idempotencyKey.startsWith(INTERNAL_KEY_PREFIX) ? refundFollowWorkflowId(refund.id) : refundWorkflowId(refund.accountId, refund.mode, refund.idempotencyKey);
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

type Em = ReturnType<MikroORM['em']['fork']>;
type Resolved = { work: ProviderEventWork } | { ignored: IgnoredReason };

/** A payout's report once matched; a utr the provider tells after the completion is kept (the report itself moves nothing then). */
async function payoutWork(orm: MikroORM, em: Em, accountId: string, report: ProviderPayoutReport): Promise<Resolved> {
  const matched = await matchPayout(em, accountId, report);
  if ('ignored' in matched) return matched;
  const payout = matched.found;
  // The fees the event shows (a payout the provider debited), recorded once whichever report brings them first.
  if (report.fees) await recordProviderPayoutFacts(orm, { payoutId: payout.id, providerReference: report.providerReference, fees: report.fees, returned: false });
  if (report.outcome.state === 'completed' && report.utr && !payout.utr && (payout.status === 'completed' || payout.status === 'reversed')) {
    await em.execute(`update payouts set utr = ? where id = ? and status in ('completed', 'reversed') and coalesce(utr, '') = ''`, [report.utr, payout.id]);
  }
  const state = railStateOf(report.outcome);
  // The payout's own workflow, woken by the event's workflow so that it (and a batch waiting on it) sees the report now.
  const workflowId = payoutWorkflowId(accountId, 'live', payout.idempotencyKey);
  return { work: state ? { kind: 'payout', report: { id: payout.id, outcome: state }, workflowId } : null };
}

async function paymentWork(em: Em, accountId: string, report: EventPaymentFacts): Promise<Resolved> {
  const matched = await matchPayment(em, accountId, report);
  if ('ignored' in matched) return matched;
  const payment = matched.found;
  const state = paymentRailStateOf(report.outcome);
  const rail = state ? { id: payment.id, outcome: state, fee: report.fee, providerReference: report.providerReference } : null;
  return { work: { kind: 'payment', report: rail, workflowId: paymentWorkflowId(accountId, 'live', payment.idempotencyKey) } };
}

async function refundWork(em: Em, accountId: string, report: Extract<ProviderEventFacts, { kind: 'refund' }>['report']): Promise<Resolved> {
  const matched = await matchRefund(em, accountId, report);
  if ('ignored' in matched) return matched;
  const state = refundRailStateOf(report.outcome);
  return { work: { kind: 'refund', report: state ? { id: matched.found.id, outcome: state } : null, workflowId: refundFollowerId(matched.found) } };
}

async function mandateWork(em: Em, accountId: string, report: Extract<ProviderEventFacts, { kind: 'mandate' }>['report']): Promise<Resolved> {
  const matched = await matchMandate(em, accountId, report);
  if ('ignored' in matched) return matched;
  const live: LiveMandateReport = { state: report.outcome.state, tokenReference: report.tokenReference, vpa: report.vpa, providerStatus: report.providerStatus };
  return { work: { kind: 'mandate', workflowId: mandateWorkflowId(matched.found.id), report: live } };
}

/** A payment to the QR code we made for one of our links, once captured: the link's payment. */
async function linkPaymentWork(em: Em, connectionId: string, accountId: string, facts: Extract<ProviderEventFacts, { kind: 'qr_payment' }>): Promise<Resolved> {
  const matched = await matchLinkQr(em, accountId, facts.qrReference);
  if ('ignored' in matched) return matched;
  const { report } = facts;
  if (report.outcome.state !== 'captured') return { work: null };
  return {
    work: {
      kind: 'link_payment',
      payment: { connectionId, linkId: matched.found.id, providerReference: report.providerReference, amount: report.amount, fee: report.fee ?? 0, vpa: report.vpa ?? null },
    },
  };
}

/**
 * The pending live verification a validation event is about: the one whose validation has the event's id, else (its
 * create answer lost, the id not kept yet) the one the event's notes name, if pending on this connection. Either way
 * only a wake-up: the verification's workflow looks the validation up by its own match, so a forged or wrong event
 * costs one lookup and changes nothing.
 */
async function verificationWork(em: Em, connectionId: string, accountId: string, facts: Extract<ProviderEventFacts, { kind: 'verification' }>): Promise<Resolved> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from beneficiary_verifications
      where account_id = ? and mode = 'live' and connection_id = ? and status = 'pending'
        and (provider_validation_id = ? or (provider_validation_id is null and id = ?))
      limit 1`,
    [accountId, connectionId, facts.providerReference, facts.verificationId ?? ''],
  );
  if (!row) return { ignored: 'unknown_object' };
  return { work: { kind: 'verification', workflowId: beneficiaryVerificationWorkflowId(accountId, 'live', row.id) } };
}

/** What an event's facts ask of the transition writers, once matched to one of the connection's account's objects. */
async function resolveFacts(orm: MikroORM, connectionId: string, facts: ProviderEventFacts): Promise<Resolved> {
  if (facts.kind === 'ignored') return { ignored: 'not_acted_on' };
  const em = orm.em.fork();
  const connection = await em.findOne(ConnectionEntity, { id: connectionId }, { fields: ['accountId', 'payoutAccountNumber'] });
  if (!connection) return { ignored: 'unknown_object' };
  const { accountId } = connection;
  switch (facts.kind) {
    case 'deposit':
      // Only a credit to this connection's own payout account is its money (another account of the provider account is not).
      if (!facts.accountNumber || facts.accountNumber !== connection.payoutAccountNumber) return { ignored: 'other_account' };
      return { work: { kind: 'top_up', topUp: providerTopUp(accountId, connectionId, facts) } };
    case 'settlement':
      return { work: facts.providerStatus === 'processed' ? { kind: 'settlement', connectionId, settlement: facts.settlement } : null };
    case 'qr_payment':
      return linkPaymentWork(em, connectionId, accountId, facts);
    case 'mandate':
      return mandateWork(em, accountId, facts.report);
    case 'payment':
      return paymentWork(em, accountId, facts.report);
    case 'refund':
      return refundWork(em, accountId, facts.report);
    case 'payout':
      return payoutWork(orm, em, accountId, facts.report);
    case 'verification':
      return verificationWork(em, connectionId, accountId, facts);
  }
}

/** One event as the per-object workflow receives it: the route's facts, never the body. */
export interface ProviderEventFactsInput {
  connectionId: string;
  eventId: string;
  facts: ProviderEventFacts;
}

export function createProviderEventActivities(deps: { orm: MikroORM; translate: ProviderEventTranslator }) {
  async function resolve(connectionId: string, eventId: string, facts: ProviderEventFacts): Promise<ProviderEventWork> {
    const resolved = await resolveFacts(deps.orm, connectionId, facts);
    if ('work' in resolved) return resolved.work;
    await recordIgnored(deps.orm.em.fork(), connectionId, eventId, facts.eventType, resolved.ignored);
    Context.current().log.info('provider event changes nothing', { connectionId, eventId, type: facts.eventType, reason: resolved.ignored });
    return null;
  }
  return {
    /**
     * The work an event of a run started before events carried facts (its input is the verified body): translated
     * here, then matched as any other. Kept for those runs' replay.
     */
    async resolveProviderEvent(input: ProviderEventInput): Promise<ProviderEventWork> {
      return resolve(input.connectionId, input.eventId, eventFactsOf(deps.translate(input.provider, input.body)));
    },
    /**
     * The work an event asks for, once matched through what the service sent (see provider-events/matching.ts), or
     * null: an event about nothing of ours, another amount, another account, a state still on its way. What changes
     * nothing is logged and counted with its reason; the webhook was answered 200 either way.
     */
    async resolveProviderEventFacts(input: ProviderEventFactsInput): Promise<ProviderEventWork> {
      return resolve(input.connectionId, input.eventId, input.facts);
    },
  };
}

export type ProviderEventActivities = ReturnType<typeof createProviderEventActivities>;
