// Settlements (docs/api.md, Settlements).
import { z } from 'zod';
import { settlementStatuses } from '../domain/settlements.ts';
import { jsonIntegerSchema, listParams, listSchema, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

export const settlementSchema = z
  .object({
    id: z.string().meta({ example: 'setl_01JD3Y8X4W0000000000000000' }),
    object: z.literal('settlement'),
    mode: modeSchema,
    amount: jsonIntegerSchema('Paise moved out of `pending`: in the sandbox the sum of the settled payments, moved to `available`; in live mode what the provider paid out to the business\'s bank account.'),
    currency: z.string().meta({ example: 'INR' }),
    payment_count: z.int().meta({ description: 'How many payments this settlement settled (`GET /v1/payments` shows their `settlement_id`).' }),
    status: z.literal(settlementStatuses),
    utr: z.string().meta({ description: 'The bank reference of the settlement.' }),
    provider_reference: z
      .string()
      .nullable()
      .meta({ description: "The provider's id of a live settlement (each one it reports becomes one settlement); `null` in the sandbox." }),
    fees: jsonIntegerSchema(
      "Paise the provider kept of the settled payments, GST included (already recorded at capture as `fee` balance transactions; 0 in the sandbox).",
    ),
    created_at: z.int(),
  })
  .meta({ id: 'Settlement' });
export type SettlementResponse = z.infer<typeof settlementSchema>;

export const settlementListSchema = listSchema(settlementSchema, 'SettlementList');

export const listSettlementsQuery = z.strictObject({ ...listParams });

/** POST /v1/test_helpers/settlements/run takes no parameters. */
export const runSettlementParams = z.strictObject({});

export const settlementIdPath = idPath('A settlement id.');

const tags = ['Payments'];
const settlement = resourceOperations({ noun: 'settlement', plural: 'settlements', tags, schema: settlementSchema, listSchema: settlementListSchema, idPath: settlementIdPath });

export const settlementPaths: Paths = {
  '/v1/settlements': { get: settlement.list('List settlements, newest first', listSettlementsQuery) },
  '/v1/settlements/{id}': { get: settlement.retrieve() },
  '/v1/test_helpers/settlements/run': {
    post: writeOperation({
      operationId: 'runSettlement',
      summary: 'Sandbox: settle now; answers with a list of the settlements created (one, or none when nothing was unsettled)',
      tags,
      body: runSettlementParams,
      errors: ['sandbox_only'],
      ok: ['The settlements this run created.', settlementListSchema],
    }),
  },
};
