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
    role: z.enum(keyRoles).meta({ description: '`full` may do everything; `approver` may read and create reports; `maker` is for servers and agents.' }),
    mode: modeSchema,
    limits: z
      .object({
        max_amount: z.int().nullable().meta({ description: 'Paise one payout may take without an approval (null: no limit).' }),
        daily_amount: z.int().nullable().meta({ description: "Paise the key's payouts may add up to over 24 hours without an approval (null: no limit)." }),
        approval: z.enum(['always']).nullable().meta({ description: '`always`: every payout of the key waits for an approval.' }),
        refunds: z.enum(['allow', 'deny']).meta({ description: 'Whether the key may make refunds.' }),
      })
      .meta({ description: "The key's spending limits; `full` keys have none." }),
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
