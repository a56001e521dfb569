// The sandbox payment rail, both sides: a simulated UPI/netbanking acquirer that collects payments and
// sends refunds back, with the magic values (docs/api.md, Sandbox). Like the payout rail, its state is the
// rail_submissions table (every call recorded, repeats marked duplicate), and outcomes follow from the
// time of the first submission.
//
//   payments  upi: failure@upi is declined (payment_declined); nofunds@upi is declined too, its bank having no
//             funds (a mandate approved from it is active, and every debit of it fails); slow@upi stays pending
//             for slowMs, then is captured; any other UPI ID (reversal@upi too) is captured at once.
//             netbanking: bank FAIL is declined, bank SLOW is slow; any other 4-letter code is captured.
//   refunds   processed after processingMs, except refunds of payments made from reversal@upi (or
//             netbanking bank RVSL), which fail with refund_declined: the customer's account no
//             longer takes money back.
import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { PaymentRailState } from '../../domain/payments.ts';
import type { RefundRailState } from '../../domain/refunds.ts';
import type { PaymentInstrument, PaymentRail, RefundRail } from '../payments.ts';
import type { RailAnswer, RailLookup } from '../rail.ts';
import type { SandboxTimings } from './payout-rail.ts';

export const PAYMENT_RAIL_NAME = 'sandbox-payments';
export const REFUND_RAIL_NAME = 'sandbox-refunds';

export type PaymentScenario = 'success' | 'failure' | 'nofunds' | 'slow';
export type RefundScenario = 'success' | 'failure';

export function paymentScenario(instrument: PaymentInstrument): PaymentScenario {
  switch (instrument.method) {
    case 'upi':
      switch ((instrument.vpa ?? '').toLowerCase()) {
        case 'failure@upi':
          return 'failure';
        case 'nofunds@upi':
          return 'nofunds';
        case 'slow@upi':
          return 'slow';
        default:
          return 'success';
      }
    case 'netbanking':
      switch ((instrument.bank ?? '').toUpperCase()) {
        case 'FAIL':
          return 'failure';
        case 'SLOW':
          return 'slow';
        default:
          return 'success';
      }
    default:
      return instrument.method satisfies never;
  }
}

export function refundScenario(instrument: PaymentInstrument): RefundScenario {
  if (instrument.method === 'upi' && (instrument.vpa ?? '').toLowerCase() === 'reversal@upi') return 'failure';
  if (instrument.method === 'netbanking' && (instrument.bank ?? '').toUpperCase() === 'RVSL') return 'failure';
  return 'success';
}

function reference(prefix: string, id: string): string {
  return `${prefix}${createHash('sha256').update(id).digest('hex').slice(0, 13).toUpperCase()}`;
}

interface Deps {
  orm: MikroORM;
  timings: SandboxTimings;
  now?: () => number;
}

/** Records a submission (a repeat of the key is marked duplicate and changes nothing) and reads the first one back. */
function submissions<S extends string>(deps: Deps, rail: string) {
  const now = deps.now ?? Date.now;
  return {
    now,
    async record(key: string, payload: { scenario: S } & Record<string, unknown>): Promise<void> {
      await deps.orm.em.fork().execute(
        `insert into rail_submissions (rail, idempotency_key, duplicate, payload, created_at)
         values (?, ?, exists (select 1 from rail_submissions where rail = ? and idempotency_key = ?), ?::jsonb, ?)`,
        [rail, key, rail, key, JSON.stringify(payload), new Date(now())],
      );
    },
    async first(key: string): Promise<{ scenario: S; elapsed: number } | undefined> {
      const rows = await deps.orm.em.fork().execute<{ payload: { scenario: S }; created_at: Date }[]>(
        `select payload, created_at from rail_submissions where rail = ? and idempotency_key = ? order by id limit 1`,
        [rail, key],
      );
      const row = rows[0];
      return row ? { scenario: row.payload.scenario, elapsed: now() - new Date(row.created_at).getTime() } : undefined;
    },
  };
}

const found = <S>(outcome: S): RailLookup<S> => ({ found: true, answer: { outcome, providerReference: null, fees: 0 } });

/** A submission's answer: the lookup right after recording it (a repeated one is answered as the first stands). */
async function answerAfterRecording<S>(lookup: (id: string) => Promise<RailLookup<S>>, id: string): Promise<RailAnswer<S>> {
  const looked = await lookup(id);
  if (!looked.found) throw new Error(`sandbox rail: submission ${id} was recorded but cannot be read back`);
  return looked.answer;
}

export function createSandboxPaymentRail(deps: Deps): PaymentRail {
  const store = submissions<PaymentScenario>(deps, PAYMENT_RAIL_NAME);
  async function lookup(paymentId: string): Promise<RailLookup<PaymentRailState>> {
    const first = await store.first(paymentId);
    if (!first) return { found: false };
    switch (first.scenario) {
      case 'success':
        return found({ state: 'captured', reference: reference('SBXP', paymentId) });
      case 'failure':
        return found({ state: 'failed', failure: { code: 'payment_declined', message: 'The customer declined the payment or their bank refused it.' } });
      case 'nofunds':
        return found({ state: 'failed', failure: { code: 'payment_declined', message: "The customer's bank declined the debit: the account has no funds." } });
      case 'slow': {
        const left = deps.timings.slowMs - first.elapsed;
        return found(left > 0 ? { state: 'processing', checkAgainInMs: Math.max(left, 50) } : { state: 'captured', reference: reference('SBXP', paymentId) });
      }
      default:
        return first.scenario satisfies never;
    }
  }
  return {
    async submit(submission) {
      const scenario = paymentScenario(submission.instrument);
      await store.record(submission.paymentId, { scenario, amount: submission.amount, method: submission.instrument.method });
      return answerAfterRecording(lookup, submission.paymentId);
    },
    lookup,
  };
}

export function createSandboxRefundRail(deps: Deps): RefundRail {
  const store = submissions<RefundScenario>(deps, REFUND_RAIL_NAME);
  async function lookup(refundId: string): Promise<RailLookup<RefundRailState>> {
    const first = await store.first(refundId);
    if (!first) return { found: false };
    const left = deps.timings.processingMs - first.elapsed;
    if (left > 0) return found({ state: 'processing', checkAgainInMs: Math.max(left, 50) });
    switch (first.scenario) {
      case 'success':
        return found({ state: 'processed', utr: reference('SBXR', refundId) });
      case 'failure':
        return found({ state: 'failed', failure: { code: 'refund_declined', message: "The customer's account no longer accepts money back." } });
      default:
        return first.scenario satisfies never;
    }
  }
  return {
    async submit(submission) {
      const scenario = refundScenario(submission.instrument);
      await store.record(submission.refundId, { scenario, amount: submission.amount, paymentId: submission.paymentId });
      return answerAfterRecording(lookup, submission.refundId);
    },
    lookup,
  };
}
