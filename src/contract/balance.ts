// Balance and balance transactions (docs/api.md, Balance and ledger).
import { z } from 'zod';
import { balanceTransactionTypes } from '../domain/ledger.ts';
import { jsonIntegerSchema, listParams, listSchema, modeSchema } from './common.ts';
import { type Paths, readOperation } from './openapi-operations.ts';

export const balanceSchema = z
  .object({
    object: z.literal('balance'),
    mode: modeSchema,
    currency: z.literal('INR'),
    available: jsonIntegerSchema('Paise that payouts and refunds can draw on.'),
    pending: jsonIntegerSchema('Captured payments not yet settled.'),
    reserved: jsonIntegerSchema('Held for payouts and refunds still in progress.'),
  })
  .meta({ id: 'Balance' });
export type BalanceResponse = z.infer<typeof balanceSchema>;

export const balanceTransactionSchema = z
  .object({
    id: z.string().meta({ example: 'txn_01JD3Y8X4W0000000000000000' }),
    object: z.literal('balance_transaction'),
    mode: modeSchema,
    type: z.string().meta({ description: `One of ${balanceTransactionTypes.join(', ')}.` }),
    source_id: z.string().meta({ description: 'The object that caused the movement (payment, payout, top-up...).' }),
    amount: jsonIntegerSchema("Change to the merchant's own money, in paise (negative when it leaves); a settlement's is a sum."),
    fee: jsonIntegerSchema(),
    net: jsonIntegerSchema('`amount - fee`.'),
    currency: z.string().meta({ example: 'INR' }),
    status: z.string(),
    description: z.string().nullable(),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
  })
  .meta({ id: 'BalanceTransaction' });
export type BalanceTransactionResponse = z.infer<typeof balanceTransactionSchema>;

export const balanceTransactionListSchema = listSchema(balanceTransactionSchema, 'BalanceTransactionList');

export const listBalanceTransactionsQuery = z.strictObject({
  ...listParams,
  type: z.enum(balanceTransactionTypes).optional().meta({ description: 'Only transactions of this type.' }),
  source_id: z.string().min(1).max(255).optional().meta({ description: 'Only transactions caused by this object.' }),
});
export type ListBalanceTransactionsQuery = z.output<typeof listBalanceTransactionsQuery>;

const tags = ['Balance'];

export const balancePaths: Paths = {
  '/v1/balance': {
    get: readOperation({ operationId: 'getBalance', summary: 'Current balance of this mode', tags, ok: ['The balance.', balanceSchema] }),
  },
  '/v1/balance_transactions': {
    get: readOperation({
      operationId: 'listBalanceTransactions',
      summary: 'List ledger movements, newest first',
      tags,
      query: listBalanceTransactionsQuery,
      ok: ['A page of balance transactions.', balanceTransactionListSchema],
    }),
  },
};
