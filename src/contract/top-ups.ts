// Sandbox funding: POST /v1/test_helpers/top_ups credits `available` (docs/api.md, Balance and ledger).
import { z } from 'zod';
import { topUpSources, topUpStatuses } from '../domain/top-ups.ts';
import { amountParam, currencyParam, descriptionParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations } from './openapi-operations.ts';

export const createTopUpParams = z.strictObject({
  amount: amountParam({ description: 'Paise to credit to `available`.' }),
  currency: currencyParam,
  description: descriptionParam,
  metadata: metadataParam,
});
export type CreateTopUpParams = z.output<typeof createTopUpParams>;

export const topUpSchema = z
  .object({
    id: z.string().meta({ example: 'topup_01JD3Y8X4W0000000000000000' }),
    object: z.literal('top_up'),
    mode: modeSchema,
    amount: z.int(),
    currency: z.string().meta({ example: 'INR' }),
    status: z.literal(topUpStatuses),
    description: z.string().nullable(),
    metadata: metadataSchema,
    balance_transaction_id: z.string().nullable(),
    source: z.enum(topUpSources).meta({ description: '`test_helper` (a sandbox top-up) or `provider` (money deposited into the live payout account at the provider).' }),
    provider_reference: z.string().nullable().meta({ description: "The provider's transaction id of the deposit; null in the sandbox." }),
    idempotency_key: z.string().meta({ description: 'The key that created this top-up.' }),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
  })
  .meta({ id: 'TopUp' });
export type TopUpResponse = z.infer<typeof topUpSchema>;

export const topUpListSchema = listSchema(topUpSchema, 'TopUpList');

export const listTopUpsQuery = z.strictObject({
  ...listParams,
  source: z.enum(topUpSources).optional().meta({ description: 'Only top-ups from this source.' }),
});
export type ListTopUpsQuery = z.output<typeof listTopUpsQuery>;

export const topUpIdPath = idPath('A top-up id (`topup_...`).');

const topUp = resourceOperations({ noun: 'top-up', plural: 'top-ups', tags: ['Balance'], schema: topUpSchema, listSchema: topUpListSchema, idPath: topUpIdPath });

export const topUpPaths: Paths = {
  '/v1/test_helpers/top_ups': {
    post: topUp.create({ summary: 'Credit the sandbox balance (sandbox keys only)', body: createTopUpParams, errors: ['sandbox_only'], ok: 'The top-up, already credited to `available`.' }),
  },
  '/v1/top_ups': { get: topUp.list('List top-ups (sandbox test helpers; live deposits at the provider), newest first', listTopUpsQuery) },
  '/v1/top_ups/{id}': { get: topUp.retrieve() },
};
