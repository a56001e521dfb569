// Payout batches (docs/api.md, Payout batches). A batch is refused whole only when it is malformed: not a
// list, empty, over the limit, an item without `idempotency_key`, a key repeated inside it, or an item
// whose fields are not even of the right shape. Whether an item can be paid (beneficiary, mode, funds)
// is decided per item when it runs, never here.
import { z } from 'zod';
import { ApiError } from '../domain/errors.ts';
import { payoutBatchStatuses } from '../domain/payout-batches.ts';
import { approvalSchema, waitActionPaths } from './payouts.ts';
import { type PayoutStatus, payoutStatuses } from '../domain/payouts.ts';
import { amountParam, booleanParam, jsonIntegerSchema, listParams, listSchema, metadataParam, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';
import { parseParams } from './validation.ts';

export const MAX_BATCH_ITEMS = 10_000;
const idempotencyKeyPattern = /^[\x20-\x7E]{1,255}$/;

export const payoutBatchItemParams = z.strictObject({
  beneficiary_id: z.string().min(1).max(64).meta({ description: 'The beneficiary receiving the funds (`bene_...`). An unknown one fails this item only.' }),
  amount: amountParam({ description: 'Paise to send.' }),
  mode: z
    .string()
    .min(1)
    .max(16)
    .meta({ description: 'Transfer mode: `upi`, `imps`, `neft` or `rtgs`. A mode that does not fit fails this item only (`invalid_method`).' }),
  idempotency_key: z
    .string()
    .regex(idempotencyKeyPattern, 'must be 1 to 255 printable ASCII characters')
    .meta({ description: 'Required, unique within the batch. A key that already created a payout (alone or in an earlier batch) joins this batch by reference: no money moves twice.' }),
  reference: z.string().max(40).optional().meta({ description: 'Your own reference, at most 40 characters.' }),
  narration: z.string().max(30).optional().meta({ description: "Text for the beneficiary's statement, at most 30 characters." }),
  metadata: metadataParam,
});
export type PayoutBatchItemParams = z.output<typeof payoutBatchItemParams>;

export const createPayoutBatchParams = z.strictObject({
  payouts: z
    .array(payoutBatchItemParams)
    .min(1)
    .max(MAX_BATCH_ITEMS)
    .meta({ description: `The payouts, 1 to ${MAX_BATCH_ITEMS}. Form: \`payouts[0][beneficiary_id]=...&payouts[0][amount]=...\`.` }),
  reference: z.string().max(40).optional().meta({ description: 'Your own reference for the batch, at most 40 characters.' }),
  scheduled_at: z
    .int()
    .min(0)
    .max(2 ** 40)
    .optional()
    .meta({ description: 'Unix seconds, 15 minutes to 90 days ahead: the batch waits `scheduled` until then (after any approval), then its payouts go on.' }),
  queue_if_low_balance: booleanParam(
    'Each item that `available` cannot cover as it goes on (or that finds older payouts queued) waits `queued` for money, oldest first, instead of failing insufficient_funds; the batch stays `processing` meanwhile.',
  ).optional(),
});
export type CreatePayoutBatchParams = z.output<typeof createPayoutBatchParams>;

/**
 * Validates a batch: the list's own shape first (so a 10,001-item body is refused before its items
 * are looked at), then every item, then keys repeated inside the batch (the second occurrence is to blame).
 */
export function parsePayoutBatchParams(body: Record<string, unknown>): CreatePayoutBatchParams {
  const payouts = Object.prototype.hasOwnProperty.call(body, 'payouts') ? body.payouts : undefined;
  if (payouts === undefined) throw new ApiError('invalid_request', 'Missing required param: payouts.', 'payouts');
  if (!Array.isArray(payouts)) {
    throw new ApiError('invalid_request', 'Invalid payouts: must be a list (`payouts[0][amount]=...`, indexes from 0 without gaps).', 'payouts');
  }
  if (payouts.length === 0) throw new ApiError('invalid_request', 'Invalid payouts: must have at least 1 item.', 'payouts');
  if (payouts.length > MAX_BATCH_ITEMS) {
    throw new ApiError('invalid_request', `Invalid payouts: must have at most ${MAX_BATCH_ITEMS} items, got ${payouts.length}.`, 'payouts');
  }
  const params = parseParams(createPayoutBatchParams, body);
  const seen = new Map<string, number>();
  params.payouts.forEach((item, i) => {
    const first = seen.get(item.idempotency_key);
    if (first !== undefined) {
      throw new ApiError(
        'invalid_request',
        `Invalid payouts[${i}][idempotency_key]: repeats the key of payouts[${first}]; every item needs its own key.`,
        `payouts[${i}][idempotency_key]`,
      );
    }
    seen.set(item.idempotency_key, i);
  });
  return params;
}

export const payoutBatchStatusSchema = z.enum(payoutBatchStatuses);

export const payoutBatchCountsSchema = z
  .object({
    ...(Object.fromEntries(payoutStatuses.map((status) => [status, z.int()])) as { [S in PayoutStatus]: z.ZodInt }),
    initiated: z.int().meta({ description: 'Payouts created and not yet settled.' }),
  })
  .meta({ id: 'PayoutBatchCounts', description: 'Live counts of the payouts of the batch by status; items not processed yet are in no count.' });
export type PayoutBatchCounts = z.output<typeof payoutBatchCountsSchema>;

export const batchApprovalSchema = z
  .object({
    ...approvalSchema.omit({ beneficiary: true }).shape,
    summary: z.object({
      new_beneficiaries: z.int().meta({ description: 'Items whose beneficiary a maker key created and nobody has paid yet.' }),
      largest_items: z.array(z.object({ idempotency_key: z.string(), beneficiary_id: z.string(), amount: z.int() })).meta({ description: 'The largest items, largest first (at most 3).' }),
      joined_by_reference: z.int().meta({ description: 'Items that joined by reference: they keep their own status and approval.' }),
      unverified_beneficiaries: z.int().meta({ description: "Beneficiaries of its items that a verification rule of `approve` flags (not verified, or their name a mismatch)." }),
    }),
  })
  .meta({ id: 'PayoutBatchApproval' });

export const payoutBatchSchema = z
  .object({
    id: z.string().meta({ example: 'pbat_01JD3Y8X4W0000000000000000' }),
    object: z.literal('payout_batch'),
    mode: modeSchema,
    status: payoutBatchStatusSchema.meta({
      description:
        '`completed` once every payout of the batch has settled (completed, failed or reversed). A batch that waits as a whole is `pending_approval` or `scheduled` first, and ends `rejected` or `cancelled` when it does not go on.',
    }),
    reference: z.string().nullable(),
    idempotency_key: z.string().meta({ description: 'The Idempotency-Key of the request that created the batch.' }),
    total_count: z.int(),
    total_amount: jsonIntegerSchema('The sum of the items\' amounts, in paise.'),
    counts: payoutBatchCountsSchema,
    created_at: z.int().meta({ description: 'Unix seconds.' }),
    completed_at: z.int().nullable(),
    queue_if_low_balance: z.boolean(),
    approval: batchApprovalSchema.nullable().meta({ description: 'What a batch that waits for approval waits for; null on batches that need none.' }),
    scheduled_at: z.int().nullable(),
  })
  .meta({ id: 'PayoutBatch' });
export type PayoutBatchResponse = z.infer<typeof payoutBatchSchema>;

export const payoutBatchListSchema = listSchema(payoutBatchSchema, 'PayoutBatchList');

export const listPayoutBatchesQuery = z.strictObject({
  ...listParams,
  status: payoutBatchStatusSchema.optional(),
});

export const payoutBatchIdPath = idPath('A payout batch id (`pbat_...`).');

const payoutBatch = resourceOperations({
  noun: 'payout batch',
  plural: 'payout batches',
  tags: ['Payouts'],
  schema: payoutBatchSchema,
  listSchema: payoutBatchListSchema,
  idPath: payoutBatchIdPath,
});

export const payoutBatchPaths: Paths = {
  '/v1/payout_batches': {
    post: payoutBatch.create({
      summary: 'Send up to 10,000 payouts at once; answers at once with the batch (`processing`)',
      description:
        'Refused whole (400) only when malformed: not a list, empty, over 10,000 items, an item without `idempotency_key`, ' +
        'a key repeated inside the batch, or an item field of the wrong shape. Every other problem (unknown beneficiary, a mode ' +
        'that does not fit, insufficient funds) fails that item only. An item whose key already created a payout joins the batch ' +
        'by reference; no money moves twice. Body limit 20 MiB.',
      body: createPayoutBatchParams,
      errors: ['connection_required'],
      ok: 'The batch with live counts.',
    }),
    get: payoutBatch.list('List payout batches, newest first (filter status)', listPayoutBatchesQuery),
  },
  '/v1/payout_batches/{id}': {
    get: payoutBatch.retrieve('Retrieve a payout batch with live counts (its payouts: GET /v1/payouts?batch_id=)'),
  },
  ...waitActionPaths({
    path: '/v1/payout_batches/{id}',
    operation: 'PayoutBatch',
    idPath: payoutBatchIdPath,
    schema: payoutBatchSchema,
    summaries: {
      approve: 'Approve a payout batch that waits `pending_approval`, as a whole (by an approver or full key of a holder that created none of its items)',
      reject: 'Reject a payout batch that waits `pending_approval`: it and its waiting items end `rejected`, no money moves',
      cancel: 'Cancel a payout batch that waits (`pending_approval`, `scheduled`): it and its waiting items end `cancelled`, no money moves',
    },
  }),
  '/v1/test_helpers/payout_batches/{id}/advance': {
    post: writeOperation({
      operationId: 'advancePayoutBatch',
      summary: "Sandbox: bring a waiting batch's time to now (a scheduled batch goes on, a pending_approval one reaches its expires_at)",
      tags: ['Payouts'],
      path: payoutBatchIdPath,
      errors: ['sandbox_only', 'invalid_state'],
      ok: ['The batch after the advance.', payoutBatchSchema],
    }),
  },
};
