// Payouts (docs/api.md, Payouts). The original interface names the transfer mode `mode`.
import { z } from 'zod';
import { approvalReasons } from '../domain/approvals.ts';
import { payoutStatuses, transferModes } from '../domain/payouts.ts';
import { amountParam, booleanParam, currencyParam, listParams, listSchema, metadataParam, metadataSchema } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

export const payoutStatusSchema = z.enum(payoutStatuses);

export const createPayoutParams = z.strictObject({
  beneficiary_id: z.string().min(1).max(64).meta({ description: 'The beneficiary receiving the funds (`bene_...`).' }),
  amount: amountParam({ description: 'Paise to send, reserved from `available`; when `available` cannot cover it, 402 `insufficient_funds` and nothing is created.' }),
  currency: currencyParam,
  // Any text is taken so that an unknown mode is 400 invalid_method (the contract); the document lists the modes.
  mode: z
    .string()
    .min(1)
    .max(16)
    .meta({
      description: 'Transfer mode: `upi` (UPI IDs, <= 10,000,000), `imps` (<= 50,000,000), `neft`, `rtgs` (>= 20,000,000) (bank accounts). The mode must fit the beneficiary (`upi` for a UPI ID, the others for a bank account) and bound the amount; otherwise, and for any other text, 400 `invalid_method` naming `mode`.',
      override: { enum: [...transferModes] },
    }),
  reference: z.string().max(40).optional().meta({ description: 'Your own reference, at most 40 characters.' }),
  narration: z.string().max(30).optional().meta({ description: 'Text for the beneficiary\'s statement, at most 30 characters.' }),
  metadata: metadataParam,
  scheduled_at: z
    .int()
    .min(0)
    .max(2 ** 40)
    .optional()
    .meta({
      description:
        'Unix seconds, 15 minutes to 90 days ahead: the payout waits `scheduled` until then (after any approval) and goes on at that time; nothing is reserved before. Otherwise 400 naming `scheduled_at`.',
    }),
  queue_if_low_balance: booleanParam(
    'When `available` cannot cover the payout as it goes on (or older payouts already queue), it waits `queued`, reserving nothing, instead of 402; it goes on as soon as `available` covers it, oldest first, or ends `failed` (insufficient_funds) after 3 days.',
  ).optional(),
});
export type CreatePayoutParams = z.output<typeof createPayoutParams>;

export const approvalSchema = z
  .object({
    required: z.int().meta({ description: 'Approvals needed (1 or 2), each from a different holder, none the creator\'s.' }),
    received: z.array(z.object({ key_id: z.string(), name: z.string().nullable(), approved_at: z.int() })),
    reasons: z.array(z.enum(approvalReasons)),
    expires_at: z.int().meta({ description: 'Not approved by then, the payout ends `rejected` (`approval_expired`).' }),
    requested_by: z.object({ key_id: z.string(), name: z.string().nullable(), holder: z.string() }),
    beneficiary: z
      .object({
        type: z.enum(['bank_account', 'vpa']),
        name: z.string(),
        last4: z.string().nullable(),
        ifsc: z.string().nullable(),
        vpa: z.string().nullable(),
        paid_before: z.boolean(),
        verification: z
          .object({ status: z.enum(['pending', 'verified', 'failed']), name_match: z.enum(['match', 'partial', 'mismatch']).nullable() })
          .nullable()
          .meta({ description: 'Its latest verification when the payout was judged (`null`: never verified); `name_match` is the result of the last one that verified.' }),
      })
      .meta({ description: 'The beneficiary as an approver must see it; `name` was written by the creating key.' }),
  })
  .meta({ id: 'PayoutApproval' });

export const payoutSchema = z
  .object({
    id: z.string().meta({ example: 'pout_01JD3Y8X4W0000000000000000' }),
    object: z.literal('payout'),
    livemode: z.boolean().meta({ description: 'True for live payouts (on payouts `mode` is the transfer mode).' }),
    beneficiary_id: z.string(),
    amount: z.int(),
    currency: z.string(),
    mode: z.string().meta({
      description: 'Transfer mode: `upi`, `imps`, `neft` or `rtgs`. A batch item that failed for its mode (`failure_reason.code` `invalid_method`) keeps the text it was given, whatever it was, so you can tell which item it was.',
    }),
    status: payoutStatusSchema,
    failure_reason: z
      .object({
        code: z.string(),
        message: z.string(),
        provider: z
          .object({ source: z.string(), reason: z.string(), description: z.string() })
          .optional()
          .meta({ description: 'Live payouts: the provider\'s own account of the failure, as it said it.' }),
      })
      .nullable(),
    utr: z.string().nullable().meta({ description: 'The bank reference once completed.' }),
    provider_reference: z.string().nullable().meta({ description: "The provider's id of a live payout; null in the sandbox." }),
    fees: z.int().meta({ description: "Paise the provider charged for a live payout, its GST included; 0 in the sandbox." }),
    batch_id: z.string().nullable(),
    reference: z.string().nullable(),
    narration: z.string().nullable(),
    metadata: metadataSchema,
    idempotency_key: z.string(),
    created_at: z.int(),
    completed_at: z.int().nullable(),
    failed_at: z.int().nullable(),
    reversed_at: z.int().nullable(),
    approval: approvalSchema.nullable().meta({ description: 'What a payout that waits for approval waits for; null on payouts that need none.' }),
    scheduled_at: z.int().nullable().meta({ description: 'When a scheduled payout goes on (unix seconds); null when not scheduled.' }),
    rejected_at: z.int().nullable(),
    cancelled_at: z.int().nullable(),
    queue_if_low_balance: z.boolean(),
    queued_at: z.int().nullable().meta({ description: 'When it joined the low-balance queue (it is released oldest first).' }),
    queue_expires_at: z.int().nullable().meta({ description: 'Still queued then, it ends `failed` with insufficient_funds.' }),
  })
  .meta({ id: 'Payout' });
export type PayoutResponse = z.infer<typeof payoutSchema>;

export const payoutListSchema = listSchema(payoutSchema, 'PayoutList');

export const listPayoutsQuery = z.strictObject({
  ...listParams,
  status: payoutStatusSchema.optional(),
  batch_id: z.string().min(1).max(64).optional(),
  beneficiary_id: z.string().min(1).max(64).optional(),
});

export const payoutIdPath = idPath('A payout id.');

/**
 * POST `{path}/approve`, `/reject` (body `reason`) and `/cancel` of a payout or batch that waits (docs/api.md,
 * "Payouts that wait"), as operations `approve{operation}`, `reject{operation}`, `cancel{operation}`.
 */
export function waitActionPaths(o: { path: string; operation: string; idPath: z.ZodObject; schema: z.ZodType; summaries: Record<'approve' | 'reject' | 'cancel', string> }): Paths {
  const answers = { approve: 'after the approval', reject: 'rejected', cancel: 'cancelled' } as const;
  return Object.fromEntries(
    (['approve', 'reject', 'cancel'] as const).map((verb) => [
      `${o.path}/${verb}`,
      {
        post: writeOperation({
          operationId: `${verb}${o.operation}`,
          summary: o.summaries[verb],
          tags,
          path: o.idPath,
          ...(verb === 'reject' ? { body: rejectPayoutParams } : {}),
          errors: ['permission_denied', 'invalid_state'],
          ok: [`The ${o.operation === 'Payout' ? 'payout' : 'batch'} ${answers[verb]}.`, o.schema],
        }),
      },
    ]),
  );
}

export const rejectPayoutParams = z.strictObject({
  reason: z.string().min(1).max(500).optional().meta({ description: 'Why, for the payout\'s failure_reason.message.' }),
});

const tags = ['Payouts'];
const payout = resourceOperations({ noun: 'payout', plural: 'payouts', tags, schema: payoutSchema, listSchema: payoutListSchema, idPath: payoutIdPath });

export const payoutPaths: Paths = {
  '/v1/payouts': {
    post: payout.create({
      summary: 'Send money to a beneficiary; answers `initiated` once the amount is reserved',
      body: createPayoutParams,
      errors: ['insufficient_funds', 'not_found', 'invalid_method', 'beneficiary_not_verified', 'connection_required'],
    }),
    get: payout.list('List payouts, newest first (filters status, batch_id, beneficiary_id)', listPayoutsQuery),
  },
  '/v1/payouts/{id}': { get: payout.retrieve() },
  ...waitActionPaths({
    path: '/v1/payouts/{id}',
    operation: 'Payout',
    idPath: payoutIdPath,
    schema: payoutSchema,
    summaries: {
      approve: "Approve a payout that waits `pending_approval` (an approver or full key of another holder than its creator's); with the approvals it needs it goes on",
      reject: 'Reject a payout that waits `pending_approval`: it ends `rejected` (`approval_rejected`), no money moves',
      cancel: 'Cancel a payout that waits (`pending_approval`, `scheduled`, `queued`): it ends `cancelled`, no money moves',
    },
  }),
  '/v1/test_helpers/payouts/{id}/{action}': {
    post: writeOperation({
      operationId: 'payoutTestHelper',
      summary: 'Sandbox: complete, fail or reverse a payout by hand, or `advance` a waiting one\'s time to now (a scheduled payout goes on, a pending_approval one reaches its expires_at)',
      tags,
      path: z.object({ id: z.string(), action: z.enum(['complete', 'fail', 'reverse', 'advance']) }),
      errors: ['sandbox_only', 'invalid_state'],
      ok: ['The payout after the action.', payoutSchema],
    }),
  },
};
