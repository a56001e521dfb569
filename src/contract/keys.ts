// The calling API key (docs/api.md, "Key roles"): GET /v1/keys/current, allowed for every role.
import { z } from 'zod';
import { keyRoles } from '../domain/key-roles.ts';
import { modeSchema } from './common.ts';
import { type Paths, readOperation } from './openapi-operations.ts';

export const apiKeySchema = z
  .object({
    id: z.string().meta({ example: 'key_01JD3Y8X4W0000000000000000' }),
    object: z.literal('api_key'),
    name: z.string().nullable().meta({ description: 'What the key is for, as `payctl keys create --name` gave it.' }),
    holder: z.string().meta({ description: 'The person or system holding the key (`--holder`; the key id when none was given). Maker and checker are compared by holder.' }),
    role: z.enum(keyRoles).meta({
      description: '`full` may do everything; `maker` (servers and agents) everything but approve, reject, the approval policy and webhook endpoints; `approver` may read, create reports, and approve, reject or cancel waiting payouts.',
    }),
    mode: modeSchema,
    limits: z
      .object({
        max_amount: z.int().positive().nullable().meta({ description: 'Paise one payout may take before it waits for an approval (null: no limit).' }),
        daily_amount: z.int().positive().nullable().meta({ description: "Paise the key's payouts and refunds may add up to over the last 24 hours; beyond it a payout waits for an approval and a refund is refused (null: no limit)." }),
        approval: z.enum(['always']).nullable().meta({ description: '`always`: every payout of the key waits for an approval.' }),
        refunds: z.enum(['allow']).nullable().meta({ description: '`allow`: the maker key may make refunds (counted in its `daily_amount`); null: it may not.' }),
      })
      .meta({ description: "A maker key's limits (`payctl keys create --max-amount --daily-amount --approval --refunds`); all null on `full` and `approver` keys." }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKeyResponse = z.infer<typeof apiKeySchema>;

export const keyPaths: Paths = {
  '/v1/keys/current': {
    get: readOperation({
      operationId: 'getCurrentApiKey',
      summary: 'The API key making this request: its role, holder and limits',
      tags: ['API keys'],
      ok: ['The calling key (never its secret).', apiKeySchema],
    }),
  },
};
