// Payout batches in the database: storing a batch with all its items at once, the live counts the batch
// view shows, and the batch workflow's steps over its items (paging, joining items to the payout their key
// already made, an item as its payout reads it, completing). Shared by the API (store, read) and the batch and
// payout activities.
import type { Requester } from '../domain/approvals.ts';
import { insertWaitingItemPayouts, judgeNewBatch } from './payout-batch-waits.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';
import { payoutStatuses, type PayoutOrder, type PayoutStatus } from '../domain/payouts.ts';
import { PayoutBatchEntity, type PayoutBatch } from './entities.ts';
import { recordEvent, storeSimulations } from './events.ts';
import type { PayoutBatchCounts, PayoutBatchResponse } from '../contract/payout-batches.ts';
import { payoutBatchView } from './views.ts';
import type { SqlStatement } from './events.ts';

/** One item as the request gave it (a payout's own order). */
export type NewPayoutBatchItem = PayoutOrder;

export interface NewPayoutBatch {
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  reference: string | null;
  /** In request order; item i gets seq i, so `payouts[i]` in an error and seq i name the same item. */
  items: NewPayoutBatchItem[];
  /** Sandbox-Simulate webhook values of the request, inherited by the payouts it creates and their events. */
  simulate?: readonly string[];
}

const emptyCounts = (): PayoutBatchCounts => Object.fromEntries(payoutStatuses.map((status) => [status, 0])) as PayoutBatchCounts;

/**
 * The places among the batches processing at once (MAX_PROCESSING_BATCHES) that are taken for a batch of `of`'s
 * account and mode: the batches processing, and those that left their waits and wait for a place (all of them for a
 * new batch; for a waiting one, those that began waiting before it), so a new batch never takes a place one that waits
 * is owed. Read under a transaction-level advisory lock per (account, mode), so concurrent requests and waiting
 * batches, in any number of processes, take the last free place one at a time.
 */
export async function placesTaken(tx: EntityManager, of: { accountId: string; mode: Mode; id?: string; placeWantedAt?: Date | null }): Promise<number> {
  await tx.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`payout_batches/${of.accountId}/${of.mode}`]);
  // A statement of its own, after the lock: it sees every batch committed by whoever held the lock before.
  const since = of.placeWantedAt ?? null;
  const [row] = await tx.execute<{ taken: string }[]>(
    `select count(*) as taken from payout_batches
     where account_id = ? and mode = ? and id is distinct from ?
       and (status = 'processing'
            or (place_wanted_at is not null and (?::timestamptz is null or (place_wanted_at, id) < (?::timestamptz, ?))))`,
    [of.accountId, of.mode, of.id ?? null, since, since, of.id ?? ''],
  );
  return Number(row?.taken ?? 0);
}

/**
 * Stores the batch row and every item in one transaction: one INSERT for the batch, one INSERT ... SELECT
 * over a single JSON parameter for all items (10,000 items are one statement, not 10,000 round trips).
 * When (account, mode, key) already has a batch (a request that raced past the HTTP idempotency layer, or
 * a retry after the workflow could not be started), nothing is written and that batch is returned.
 * With `maxProcessing`, a new batch is stored only while fewer of the account's batches in this mode are
 * `processing`; otherwise nothing is written and the answer is `{ batch: undefined }`. The count and the insert
 * run under a transaction-level advisory lock per (account, mode), so concurrent requests, in any number of
 * processes, take the last free place one at a time.
 */
export async function insertPayoutBatch(
  em: EntityManager,
  batch: NewPayoutBatch,
  limits: { maxProcessing?: number; requester?: Requester; scheduledAt?: number | null; queueIfLowBalance?: boolean } = {},
): Promise<{ batch: PayoutBatch; created: boolean } | { batch: undefined; processing: number }> {
  const id = newId('payoutBatch');
  // Each item is at most 10^12 paise, but 10,000 of them may pass 2^53: summed as a bigint, stored from its digits.
  const totalAmount = batch.items.reduce((sum, item) => sum + BigInt(item.amount), 0n).toString();
  const outcome = await em.transactional(async (tx): Promise<{ created: boolean } | { processing: number }> => {
    // A batch that waits (for approvals, or its time) is judged first, its key's day under the key's lock; it does
    // not count toward the batches processing, nor is it refused for them.
    const judged = limits.requester ? await judgeNewBatch(tx, batch, limits.requester, limits.scheduledAt ?? null) : undefined;
    if (limits.maxProcessing !== undefined && (judged?.status ?? 'processing') === 'processing') {
      const processing = await placesTaken(tx, batch);
      const [seen] = await tx.execute<{ existing: boolean }[]>(
        `select exists(select 1 from payout_batches where account_id = ? and mode = ? and idempotency_key = ?) as existing`,
        [batch.accountId, batch.mode, batch.idempotencyKey],
      );
      if (!seen.existing && processing >= limits.maxProcessing) return { processing };
    }
    const rows = await tx.execute<{ id: string }[]>(
      `insert into payout_batches (id, account_id, mode, reference, idempotency_key, status, total_count, total_amount,
                                   approval, created_by_key_id, scheduled_at, key_amount, queue_if_low_balance)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
       on conflict (account_id, mode, idempotency_key) do nothing
       returning id`,
      [
        id,
        batch.accountId,
        batch.mode,
        batch.reference,
        batch.idempotencyKey,
        judged?.status ?? 'processing',
        batch.items.length,
        totalAmount,
        judged?.approval ? JSON.stringify(judged.approval) : null,
        limits.requester?.keyId ?? null,
        limits.scheduledAt ? new Date(limits.scheduledAt * 1000) : null,
        judged?.keyAmount ?? null,
        limits.queueIfLowBalance ?? false,
      ],
    );
    if (rows.length === 0) return { created: false };
    await storeSimulations(tx, 'payout_batches', id, batch.simulate ?? []);
    await tx.execute(
      `insert into payout_batch_items (batch_id, seq, idempotency_key, beneficiary_id, amount, transfer_mode, reference, narration, metadata)
       select ?, i.seq, i.idempotency_key, i.beneficiary_id, i.amount, i.transfer_mode, i.reference, i.narration, coalesce(i.metadata, '{}'::jsonb)
       from jsonb_to_recordset(?::jsonb) as i(seq integer, idempotency_key text, beneficiary_id text, amount bigint,
                                               transfer_mode text, reference text, narration text, metadata jsonb)`,
      [
        id,
        JSON.stringify(
          batch.items.map((item, seq) => ({
            seq,
            idempotency_key: item.idempotencyKey,
            beneficiary_id: item.beneficiaryId,
            amount: item.amount,
            transfer_mode: item.transferMode,
            reference: item.reference,
            narration: item.narration,
            metadata: item.metadata,
          })),
        ),
      ],
    );
    if (judged && limits.requester && judged.status !== 'processing') {
      await insertWaitingItemPayouts(tx, { ...batch, id, createdByKeyId: limits.requester.keyId, simulate: batch.simulate ?? [] }, judged);
      const row = await tx.findOneOrFail(PayoutBatchEntity, { id }, { refresh: true });
      const counts = (await payoutBatchCounts(tx, [id])).get(id)!;
      const type = judged.status === 'pending_approval' ? 'payout_batch.pending_approval' : undefined;
      if (type) await recordEvent(tx, { accountId: batch.accountId, mode: batch.mode, type, object: payoutBatchView(row, counts), simulate: batch.simulate ?? [] });
    }
    return { created: true };
  });
  if ('processing' in outcome) return { batch: undefined, processing: outcome.processing };
  const { created } = outcome;
  const row = created
    ? await em.findOneOrFail(PayoutBatchEntity, { id }, { refresh: true })
    : await em.findOneOrFail(PayoutBatchEntity, { accountId: batch.accountId, mode: batch.mode, idempotencyKey: batch.idempotencyKey }, { refresh: true });
  return { batch: row, created };
}

/**
 * Live counts per batch, from the database: each item's payout (created by the batch or joined by key)
 * counted by its status. Items not processed yet (no payout linked) are in no count.
 */
export async function payoutBatchCounts(em: EntityManager, batchIds: readonly string[]): Promise<Map<string, PayoutBatchCounts>> {
  const out = new Map<string, PayoutBatchCounts>(batchIds.map((id) => [id, emptyCounts()]));
  if (batchIds.length === 0) return out;
  const rows = await em.execute<{ batch_id: string; status: PayoutStatus; n: string }[]>(
    `select i.batch_id, p.status, count(*) as n
     from payout_batch_items i join payouts p on p.id = i.payout_id
     where i.batch_id in (select jsonb_array_elements_text(?::jsonb))
     group by i.batch_id, p.status`,
    [JSON.stringify(batchIds)],
  );
  for (const row of rows) {
    const counts = out.get(row.batch_id);
    if (counts && (payoutStatuses as readonly string[]).includes(row.status)) counts[row.status] = Number(row.n);
  }
  return out;
}

/** The batch as GET shows it, counts included. */
export async function payoutBatchViewOf(em: EntityManager, row: PayoutBatch): Promise<PayoutBatchResponse> {
  const counts = await payoutBatchCounts(em, [row.id]);
  return payoutBatchView(row, counts.get(row.id) ?? emptyCounts());
}

/** Views of several batches with one counting query (list pages). */
export async function payoutBatchViewsOf(em: EntityManager, rows: readonly PayoutBatch[]): Promise<PayoutBatchResponse[]> {
  const counts = await payoutBatchCounts(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((row) => payoutBatchView(row, counts.get(row.id) ?? emptyCounts()));
}

/** One stored item of a batch page (see payoutBatchPage). */
export interface PayoutBatchPageRow {
  seq: number;
  idempotencyKey: string;
  /** Set when an earlier call already joined the item to its key's payout. */
  payoutId: string | null;
  /** True when this very call joined the item to the payout its key had already created. */
  linkedNow: boolean;
  /** The item's payout is the batch's own, created waiting with it: it still has to go on. */
  ownWaiting: boolean;
}

/**
 * The batch's items with seq greater than `afterSeq`, at most `limit`, in seq order. In the same statement,
 * items whose key already created a payout in (account, mode) (alone, or in an earlier batch) are joined to
 * it (`linkedNow`), so they move no money and need no workflow.
 */
export async function payoutBatchPage(
  em: EntityManager,
  page: { batchId: string; accountId: string; mode: Mode; afterSeq: number; limit: number },
): Promise<PayoutBatchPageRow[]> {
  const rows = await em.execute<{ seq: number; idempotency_key: string; payout_id: string | null; linked_now: boolean; own_waiting: boolean }[]>(
    `with page as (
       select seq, idempotency_key, payout_id from payout_batch_items
       where batch_id = ? and seq > ? order by seq limit ?
     ), linked as (
       update payout_batch_items i set payout_id = p.id
       from page, payouts p
       where i.batch_id = ? and i.seq = page.seq and page.payout_id is null
         and p.account_id = ? and p.mode = ? and p.idempotency_key = page.idempotency_key
         -- The batch's own items it created waiting (it waited as a whole) are not joined: each goes on through a
         -- payout workflow of its own, as a new item does.
         and not (p.batch_id = i.batch_id and p.status in ('pending_approval', 'scheduled'))
       returning i.seq
     )
     select page.seq, page.idempotency_key, page.payout_id, linked.seq is not null as linked_now,
            exists (select 1 from payouts w where w.id = page.payout_id and w.batch_id = ? and w.status in ('pending_approval', 'scheduled')) as own_waiting
     from page left join linked on linked.seq = page.seq
     order by page.seq`,
    [page.batchId, page.afterSeq, page.limit, page.batchId, page.accountId, page.mode, page.batchId],
  );
  return rows.map((row) => ({ seq: row.seq, idempotencyKey: row.idempotency_key, payoutId: row.payout_id, linkedNow: row.linked_now, ownWaiting: row.own_waiting }));
}

/**
 * Joins one item to the payout its key created in (account, mode). Answers that payout's id, or null
 * while no such payout exists (nothing is written then).
 */
export async function linkPayoutBatchItemByKey(
  em: EntityManager,
  item: { batchId: string; seq: number; accountId: string; mode: Mode },
): Promise<{ payoutId: string | null; ownWaiting: boolean }> {
  const rows = await em.execute<{ payout_id: string; own_waiting: boolean }[]>(
    `update payout_batch_items i set payout_id = p.id
     from payouts p
     where i.batch_id = ? and i.seq = ?
       and p.account_id = ? and p.mode = ? and p.idempotency_key = i.idempotency_key
     returning i.payout_id, (p.batch_id = i.batch_id and p.status in ('pending_approval', 'scheduled')) as own_waiting`,
    [item.batchId, item.seq, item.accountId, item.mode],
  );
  return { payoutId: rows[0]?.payout_id ?? null, ownWaiting: rows[0]?.own_waiting ?? false };
}

/** How many items of the batch have no payout (never processed, or refused before one was created). */
export async function countUnprocessedPayoutBatchItems(em: EntityManager, batchId: string): Promise<number> {
  const rows = await em.execute<{ n: string }[]>(`select count(*) as n from payout_batch_items where batch_id = ? and payout_id is null`, [batchId]);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Moves a `processing` batch to `completed` (stamping completed_at). True only for the call that changed
 * it, so a repeat can tell it must not record the completion event again.
 */
export async function markPayoutBatchCompleted(em: EntityManager, batchId: string): Promise<boolean> {
  const updated = await em.execute<{ id: string }[]>(
    `update payout_batches set status = 'completed', completed_at = now() where id = ? and status = 'processing' returning id`,
    [batchId],
  );
  return updated.length > 0;
}

/** A batch item as its payout reads it: the item's own order with its batch's account, mode and webhook simulations. */
export interface StoredPayoutItem extends PayoutOrder {
  /** The batch's. */
  accountId: string;
  mode: Mode;
  simulate: string[];
  /** The batch's `queue_if_low_balance`: each item waits `queued` for money rather than failing insufficient_funds. */
  queueIfLowBalance: boolean;
}

/** Item `seq` of the batch, or undefined when there is none. */
export async function readPayoutItem(em: EntityManager, batchId: string, seq: number): Promise<StoredPayoutItem | undefined> {
  const [row] = await em.execute<
    {
      account_id: string;
      mode: Mode;
      idempotency_key: string;
      beneficiary_id: string;
      amount: string;
      transfer_mode: string;
      reference: string | null;
      narration: string | null;
      metadata: Record<string, string> | null;
      sandbox_simulate: string[] | null;
      queue_if_low_balance: boolean;
    }[]
  >(
    `select b.account_id, b.mode, b.sandbox_simulate, b.queue_if_low_balance, i.idempotency_key, i.beneficiary_id, i.amount, i.transfer_mode, i.reference, i.narration, i.metadata
     from payout_batch_items i join payout_batches b on b.id = i.batch_id where i.batch_id = ? and i.seq = ?`,
    [batchId, seq],
  );
  if (!row) return undefined;
  return {
    accountId: row.account_id,
    mode: row.mode,
    idempotencyKey: row.idempotency_key,
    beneficiaryId: row.beneficiary_id,
    amount: Number(row.amount),
    transferMode: row.transfer_mode,
    reference: row.reference,
    narration: row.narration,
    metadata: row.metadata ?? {},
    simulate: row.sandbox_simulate ?? [],
    queueIfLowBalance: row.queue_if_low_balance,
  };
}

/** Records which payout an item became (the one it created, or the earlier one its key had made). */
export async function linkPayoutItem(em: EntityManager, batchId: string, seq: number, payoutId: string): Promise<void> {
  const { sql, params } = payoutItemLink(batchId, seq, payoutId);
  await em.execute(sql, params);
}

/** The UPDATE that links a batch item to its payout, to run inside a larger statement (the payout's creation). */
export function payoutItemLink(batchId: string, seq: number, payoutId: string): SqlStatement {
  return { sql: `update payout_batch_items set payout_id = ? where batch_id = ? and seq = ?`, params: [payoutId, batchId, seq] };
}

/** Batches still `processing` that were stored at least `olderThanMs` ago: the sweeper makes sure each has its workflow. */
export async function processingPayoutBatches(em: EntityManager, olderThanMs: number, limit = 500): Promise<{ id: string; accountId: string; mode: Mode; idempotencyKey: string }[]> {
  const rows = await em.execute<{ id: string; account_id: string; mode: Mode; idempotency_key: string }[]>(
    `select id, account_id, mode, idempotency_key from payout_batches
     where status = 'processing' and created_at < now() - ? * interval '1 millisecond' order by created_at limit ?`,
    [olderThanMs, limit],
  );
  return rows.map((r) => ({ id: r.id, accountId: r.account_id, mode: r.mode, idempotencyKey: r.idempotency_key }));
}
