// Payouts (docs/api.md, Payouts). The original interface names the transfer mode `mode`.
import { z } from 'zod';
import { payoutStatuses, transferModes } from '../domain/payouts.ts';
import { amountParam, currencyParam, listParams, listSchema, metadataParam, metadataSchema } from './common.ts';
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
});
export type CreatePayoutParams = z.output<typeof createPayoutParams>;

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

const tags = ['Payouts'];
const payout = resourceOperations({ noun: 'payout', plural: 'payouts', tags, schema: payoutSchema, listSchema: payoutListSchema, idPath: payoutIdPath });

export const payoutPaths: Paths = {
  '/v1/payouts': {
    post: payout.create({
      summary: 'Send money to a beneficiary; answers `initiated` once the amount is reserved',
      body: createPayoutParams,
      errors: ['insufficient_funds', 'not_found', 'invalid_method', 'connection_required'],
    }),
    get: payout.list('List payouts, newest first (filters status, batch_id, beneficiary_id)', listPayoutsQuery),
  },
  '/v1/payouts/{id}': { get: payout.retrieve() },
  '/v1/test_helpers/payouts/{id}/{action}': {
    post: writeOperation({
      operationId: 'payoutTestHelper',
      summary: 'Sandbox: complete, fail or reverse a payout by hand',
      tags,
      path: z.object({ id: z.string(), action: z.enum(['complete', 'fail', 'reverse']) }),
      errors: ['sandbox_only', 'invalid_state'],
      ok: ['The payout after the action.', payoutSchema],
    }),
  },
};
