// The live payment and refund rails of the worker's composition root: each payment or refund goes to the rails of
// its own connection (src/db/object-connections.ts: a refund goes where its payment went), built from the connection's row with its key secret unsealed
// here, paced with the connection's payouts (one provider rate per connection). What the provider says of a payment
// is kept on its row (its id, its fee, what the customer must do next); the fee reaches the ledger at capture
// (activities/payments/live-payment.ts).
import type { MikroORM } from '@mikro-orm/postgresql';
import { connectorOf } from '../../../connectors/index.ts';
import { connectionCredentials } from '../../../db/connections.ts';
import { boundConnection } from '../../../db/object-connections.ts';
import type { SecretBox } from '../../../db/sealed.ts';
import type { PaymentRail, PaymentSubmitAnswer, RefundRail } from '../../../rails/payments.ts';
import type { RailAnswer } from '../../../rails/rail.ts';
import type { RefundRailState } from '../../../domain/refunds.ts';
import { unconnectedPaymentRail, unconnectedRefundRail } from './unconnected-rail.ts';
import { type PaymentSideOptions, connectedPaymentSettings } from './connected.ts';
import { isProviderSetupError } from '../../../connectors/errors.ts';
import { type ConnectionCapability, noteSetupAnswer } from '../../../db/connection-attention.ts';
import type { Logger } from '../../../logger.ts';

export interface LivePaymentRailOptions extends PaymentSideOptions {
  orm: MikroORM;
  secrets: SecretBox;
  /** Where a connection's change of attention is told (one warning line each). */
  logger?: Logger;
}

type Rails = { payments: PaymentRail; refunds: RefundRail };
const unconnected: Rails = { payments: unconnectedPaymentRail, refunds: unconnectedRefundRail };

export function createLivePaymentRails(options: LivePaymentRailOptions): Rails {
  const { orm } = options;
  const cache = new Map<string, Rails>();

  /** The rails of the payment's or refund's own connection (a submit binds an unbound one first); built once per settings. */
  async function railsOf(table: 'payments' | 'refunds', id: string, bind: boolean): Promise<Rails> {
    return (await connectedRailsOf(table, id, bind)).rails;
  }

  async function connectedRailsOf(table: 'payments' | 'refunds', id: string, bind: boolean): Promise<{ rails: Rails; connectionId: string | null }> {
    const bound = await boundConnection(orm.em.fork(), table, id, bind);
    if (!bound) return { rails: unconnected, connectionId: null };
    return { rails: await railsOfBound(bound), connectionId: bound.connectionId };
  }

  async function railsOfBound(bound: { connectionId: string; credentialsVersion: number }): Promise<Rails> {
    const key = `${bound.connectionId}/${bound.credentialsVersion}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const credentials = await connectionCredentials(orm.em.fork(), options.secrets, bound.connectionId);
    const connector = credentials && connectorOf(credentials.provider);
    if (!credentials || !connector) return unconnected;
    const rails = connector.createPaymentRails(connectedPaymentSettings(credentials, options));
    cache.set(key, rails);
    return rails;
  }

  /**
   * Keeps what the provider said of a payment on its row: its id, its fee, what the customer must do next, and the
   * order made for it (the one reference its webhooks are matched through; the first one kept stays).
   */
  async function rememberPayment(paymentId: string, answer: PaymentSubmitAnswer): Promise<void> {
    if (!answer.providerReference) return;
    await orm.em.fork().execute(
      `update payments set provider_reference = ?, fee = case when ? > 0 then ? else fee end, next_action = coalesce(?::jsonb, next_action),
              provider_order_reference = coalesce(provider_order_reference, ?) where id = ?`,
      [answer.providerReference, answer.fees, answer.fees, answer.nextAction ? JSON.stringify(answer.nextAction) : null, answer.orderReference ?? null, paymentId],
    );
  }

  async function rememberRefund(refundId: string, answer: RailAnswer<RefundRailState>): Promise<void> {
    if (answer.providerReference) await orm.em.fork().execute('update refunds set provider_reference = coalesce(provider_reference, ?) where id = ?', [answer.providerReference, refundId]);
  }

  /**
   * What a payment's or refund's call says of the connection's set-up (docs/live-money.md): a `provider_unavailable`
   * answer or a set-up refusal marks the capability, any other answer clears it.
   */
  async function noteSetup(connectionId: string | null, capability: ConnectionCapability, refusal: { reason: string; description: string | null } | null): Promise<void> {
    if (connectionId) await noteSetupAnswer(orm.em.fork(), options.logger, connectionId, capability, refusal);
  }

  const payments: PaymentRail = {
    async submit(submission) {
      const { rails, connectionId } = await connectedRailsOf('payments', submission.paymentId, true);
      const answer = await rails.payments.submit(submission);
      const capability = submission.recurring ? 'recurring' : 'payments';
      const failure = answer.outcome.state === 'failed' ? answer.outcome.failure : null;
      const unavailable = failure?.code === 'provider_unavailable' ? { reason: failure.provider?.reason ?? 'provider_unavailable', description: failure.provider?.description ?? null } : null;
      await noteSetup(connectionId, capability, unavailable);
      await rememberPayment(submission.paymentId, answer);
      return answer;
    },
    async lookup(paymentId) {
      const [payment] = await orm.em.fork().execute<{ account_id: string; provider_order_reference: string | null }[]>(
        'select account_id, provider_order_reference from payments where id = ?',
        [paymentId],
      );
      if (!payment) return { found: false };
      const context = { accountId: payment.account_id, orderReference: payment.provider_order_reference };
      const looked = await (await railsOf('payments', paymentId, false)).payments.lookup(paymentId, context);
      if (looked.found) await rememberPayment(paymentId, looked.answer as PaymentSubmitAnswer);
      return looked;
    },
  };

  const refunds: RefundRail = {
    async submit(submission) {
      const [payment] = await orm.em.fork().execute<{ provider_reference: string | null }[]>('select provider_reference from payments where id = ?', [submission.paymentId]);
      const { rails, connectionId } = await connectedRailsOf('refunds', submission.refundId, true);
      let answer: RailAnswer<RefundRailState>;
      try {
        answer = await rails.refunds.submit({ ...submission, paymentProviderReference: submission.paymentProviderReference ?? payment?.provider_reference ?? null });
      } catch (err) {
        // A refund the provider account is not set up for is not refused: it waits, sent again with its key.
        if (isProviderSetupError(err)) await noteSetup(connectionId, 'payments', { reason: err.reason, description: err.description });
        throw err;
      }
      await noteSetup(connectionId, 'payments', null);
      await rememberRefund(submission.refundId, answer);
      return answer;
    },
    async lookup(refundId) {
      const [row] = await orm.em.fork().execute<{ account_id: string; payment_id: string; provider_reference: string | null }[]>(
        'select r.account_id, r.payment_id, p.provider_reference from refunds r join payments p on p.id = r.payment_id where r.id = ?',
        [refundId],
      );
      if (!row) return { found: false };
      const context = { accountId: row.account_id, paymentId: row.payment_id, paymentProviderReference: row.provider_reference };
      const looked = await (await railsOf('refunds', refundId, false)).refunds.lookup(refundId, context);
      if (looked.found) await rememberRefund(refundId, looked.answer);
      return looked;
    },
  };
  return { payments, refunds };
}
