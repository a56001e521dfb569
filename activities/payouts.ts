// Payout writes: creation (reserve), every status transition with its posting, history row and event,
// and the conversation with the rail. Each write is one database transaction.
import { ApplicationFailure } from '@temporalio/activity';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Mode } from '../src/domain/modes.ts';
import {
  type FailureReason,
  type PayoutStatus,
  type TransferMode,
  canTransition,
  failure,
  modeProblem,
  payoutEventTypes,
  postingForStatus,
} from '../src/domain/payouts.ts';
import { BeneficiaryEntity, PayoutEntity, type Payout } from '../src/db/entities.ts';
import { recordEvent, storeSimulations, storedSimulations } from '../src/db/events.ts';
import { recordStatusChange } from '../src/db/status-history.ts';
import { payoutView, type PayoutView } from '../src/db/views.ts';
import { post } from '../src/ledger/ledger.ts';
import { type PayoutRail, type RailPayoutStatus, RailRejectedError } from '../src/rails/payouts.ts';

/** What a payout is made of, whether it came alone (POST /v1/payouts) or as a batch item. */
export interface PayoutRequest {
  payoutId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  beneficiaryId: string;
  amount: number;
  transferMode: string;
  reference: string | null;
  narration: string | null;
  metadata: Record<string, string>;
  batchId: string | null;
  /** Sandbox-Simulate webhook values of the request (stored on the payout, inherited by its events). */
  simulate?: readonly string[];
}

export interface CreatePayoutInput {
  /** A single payout is refused (nothing created, key freed) where a batch item is created as failed. */
  origin: 'single' | 'batch';
  request?: PayoutRequest;
  /** For batch items: the stored item to read the request from (items never travel through history). */
  item?: { batchId: string; seq: number; payoutId: string };
}

export interface CreatePayoutResult {
  payout: PayoutView;
}

export interface TransitionInput {
  payoutId: string;
  to: PayoutStatus;
  failure?: FailureReason;
  utr?: string;
}

export type ObservedPayout = { status: PayoutStatus; rail: RailPayoutStatus | null };

async function requestFromItem(em: EntityManager, item: NonNullable<CreatePayoutInput['item']>): Promise<PayoutRequest> {
  const rows = await em.execute<
    {
      account_id: string;
      mode: Mode;
      idempotency_key: string;
      beneficiary_id: string;
      amount: string;
      transfer_mode: string;
      reference: string | null;
      narration: string | null;
      metadata: Record<string, string>;
      sandbox_simulate: string[];
    }[]
  >(
    `select b.account_id, b.mode, b.sandbox_simulate, i.idempotency_key, i.beneficiary_id, i.amount, i.transfer_mode, i.reference, i.narration, i.metadata
     from payout_batch_items i join payout_batches b on b.id = i.batch_id where i.batch_id = ? and i.seq = ?`,
    [item.batchId, item.seq],
  );
  const row = rows[0];
  if (!row) throw ApplicationFailure.nonRetryable(`batch item ${item.batchId}#${item.seq} not found`, 'NotFound');
  return {
    payoutId: item.payoutId,
    accountId: row.account_id,
    mode: row.mode,
    idempotencyKey: row.idempotency_key,
    beneficiaryId: row.beneficiary_id,
    amount: Number(row.amount),
    transferMode: row.transfer_mode,
    reference: row.reference,
    narration: row.narration,
    metadata: row.metadata ?? {},
    batchId: item.batchId,
    simulate: row.sandbox_simulate ?? [],
  };
}

/** Locks the merchant's `available` row and says whether it covers the amount (no posting yet). */
async function availableCovers(em: EntityManager, accountId: string, mode: Mode, amount: number): Promise<boolean> {
  const rows = await em.execute<{ balance: string }[]>(
    `select balance from ledger_accounts where account_id = ? and mode = ? and kind = 'available' and currency = 'INR' for update`,
    [accountId, mode],
  );
  return rows.length > 0 && Number(rows[0].balance) >= amount;
}

export function createPayoutActivities(deps: { orm: MikroORM; rails: { sandbox: PayoutRail; live: PayoutRail } }) {
  const railFor = (mode: Mode) => (mode === 'live' ? deps.rails.live : deps.rails.sandbox);

  async function loadPayout(em: EntityManager, payoutId: string, lock = false): Promise<Payout> {
    const payout = await em.findOne(PayoutEntity, { id: payoutId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!payout) throw ApplicationFailure.nonRetryable(`payout ${payoutId} not found`, 'NotFound');
    return payout;
  }

  return {
    /**
     * Creates the payout: reserves its amount and writes it `initiated`, or (batch items) writes it
     * `failed` with the reason. A single payout that cannot be created is refused instead. Idempotent by key.
     */
    async createPayout(input: CreatePayoutInput): Promise<CreatePayoutResult> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const request = input.request ?? (await requestFromItem(tx, input.item!));
        const existing = await tx.findOne(PayoutEntity, { accountId: request.accountId, mode: request.mode, idempotencyKey: request.idempotencyKey });
        if (existing) {
          if (input.item) await tx.execute(`update payout_batch_items set payout_id = ? where batch_id = ? and seq = ?`, [existing.id, input.item.batchId, input.item.seq]);
          return { payout: payoutView(existing) };
        }
        const beneficiary = await tx.findOne(BeneficiaryEntity, { id: request.beneficiaryId, accountId: request.accountId, mode: request.mode, active: true });
        let problem: FailureReason | undefined;
        if (!beneficiary) problem = failure('beneficiary_not_found', `No active beneficiary '${request.beneficiaryId}'.`);
        else {
          const wrongMode = modeProblem(request.transferMode, beneficiary.type, request.amount);
          if (wrongMode) problem = failure('invalid_method', wrongMode);
          else if (!(await availableCovers(tx, request.accountId, request.mode, request.amount))) problem = failure('insufficient_funds');
        }
        if (problem && input.origin === 'single') {
          const type = problem.code === 'insufficient_funds' ? 'InsufficientFunds' : problem.code === 'beneficiary_not_found' ? 'NotFound' : 'InvalidMethod';
          throw ApplicationFailure.nonRetryable(problem.message, type);
        }
        const status: PayoutStatus = problem ? 'failed' : 'initiated';
        const now = new Date();
        const payout = tx.create(PayoutEntity, {
          id: request.payoutId,
          accountId: request.accountId,
          mode: request.mode,
          beneficiaryId: request.beneficiaryId,
          amount: request.amount,
          currency: 'INR',
          transferMode: request.transferMode,
          status,
          failureCode: problem?.code ?? null,
          failureMessage: problem?.message ?? null,
          utr: null,
          batchId: request.batchId,
          reference: request.reference,
          narration: request.narration,
          metadata: request.metadata,
          idempotencyKey: request.idempotencyKey,
          createdAt: now,
          completedAt: null,
          failedAt: problem ? now : null,
          reversedAt: null,
        });
        await tx.flush();
        if (!problem) {
          await post(tx, { accountId: request.accountId, mode: request.mode, posting: postingForStatus('initiated', request.amount), sourceId: payout.id, description: 'Payout' });
        }
        await recordStatusChange(tx, 'payout', payout.id, null, status, problem?.code ?? null);
        if (input.item) await tx.execute(`update payout_batch_items set payout_id = ? where batch_id = ? and seq = ?`, [payout.id, input.item.batchId, input.item.seq]);
        await storeSimulations(tx, 'payouts', payout.id, request.simulate ?? []);
        const view = payoutView(payout);
        await recordEvent(tx, { accountId: request.accountId, mode: request.mode, type: payoutEventTypes[status], object: view, simulate: request.simulate });
        return { payout: view };
      });
    },

    /** Hands the payout to its rail; the payout id is the rail's idempotency key. */
    async submitPayout(payoutId: string): Promise<{ rejected?: FailureReason }> {
      const em = deps.orm.em.fork();
      const payout = await loadPayout(em, payoutId);
      const beneficiary = await em.findOne(BeneficiaryEntity, { id: payout.beneficiaryId });
      if (!beneficiary) return { rejected: failure('beneficiary_not_found') };
      try {
        await railFor(payout.mode).submit({
          payoutId: payout.id,
          accountId: payout.accountId,
          mode: payout.mode,
          amount: Number(payout.amount),
          transferMode: payout.transferMode as TransferMode,
          beneficiary: { type: beneficiary.type, name: beneficiary.name, vpa: beneficiary.vpa ?? null, accountNumber: beneficiary.accountNumber ?? null, ifsc: beneficiary.ifsc ?? null },
        });
        return {};
      } catch (err) {
        if (err instanceof RailRejectedError) return { rejected: failure(err.code, err.message) };
        throw err;
      }
    },

    /** Our status of the payout and, while it can still change, what the rail says. */
    async observePayout(payoutId: string): Promise<ObservedPayout> {
      const payout = await loadPayout(deps.orm.em.fork(), payoutId);
      if (payout.status === 'failed' || payout.status === 'reversed') return { status: payout.status, rail: null };
      return { status: payout.status, rail: await railFor(payout.mode).status(payoutId) };
    },

    /**
     * Moves a payout to `to` with its posting, history and event, in one transaction. Already there:
     * nothing happens. Not allowed by the state machine: InvalidState (not retryable).
     */
    async transitionPayout(input: TransitionInput): Promise<PayoutView> {
      const em = deps.orm.em.fork();
      return em.transactional(async (tx) => {
        const payout = await loadPayout(tx, input.payoutId, true);
        const from = payout.status;
        if (from === input.to) return payoutView(payout);
        if (!canTransition(from, input.to)) {
          throw ApplicationFailure.nonRetryable(`A ${from} payout cannot become ${input.to}.`, 'InvalidState', { from, to: input.to });
        }
        await post(tx, { accountId: payout.accountId, mode: payout.mode, posting: postingForStatus(input.to, Number(payout.amount)), sourceId: payout.id, description: `Payout ${input.to}` });
        const now = new Date();
        payout.status = input.to;
        switch (input.to) {
          case 'completed':
            payout.completedAt = now;
            payout.utr = input.utr ?? payout.utr ?? null;
            break;
          case 'failed': {
            const reason = input.failure ?? failure('rejected_by_bank');
            payout.failedAt = now;
            payout.failureCode = reason.code;
            payout.failureMessage = reason.message;
            break;
          }
          case 'reversed':
            payout.reversedAt = now;
            break;
          case 'initiated':
            break;
          default:
            input.to satisfies never;
        }
        await tx.flush();
        await recordStatusChange(tx, 'payout', payout.id, from, input.to, payout.failureCode ?? null);
        const view = payoutView(payout);
        const simulate = await storedSimulations(tx, 'payouts', payout.id);
        await recordEvent(tx, { accountId: payout.accountId, mode: payout.mode, type: payoutEventTypes[input.to], object: view, simulate });
        return view;
      });
    },
  };
}

export type PayoutActivities = ReturnType<typeof createPayoutActivities>;
