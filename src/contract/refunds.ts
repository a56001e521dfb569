// Refunds (API.md, Refunds; interface.md, POST /refunds).
import { z } from 'zod';
import { refundStatuses } from '../domain/refunds.ts';
import { amountParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema } from './common.ts';

export const refundStatusSchema = z.enum(refundStatuses);

export const REASON_MAX = 255;

export const createRefundParams = z.strictObject({
  payment_id: z.string().min(1).max(64).meta({ description: 'The captured payment to refund (`pay_...`).' }),
  amount: amountParam({ description: 'Paise to give back; default: all that is still refundable.' }).optional(),
  reason: z.string().min(1).max(REASON_MAX).optional().meta({ description: `Why, at most ${REASON_MAX} characters.` }),
  metadata: metadataParam,
});
export type CreateRefundParams = z.output<typeof createRefundParams>;

export const refundSchema = z
  .object({
    id: z.string().meta({ example: 'rfnd_01JD3Y8X4W0000000000000000' }),
    object: z.literal('refund'),
    mode: modeSchema,
    payment_id: z.string(),
    amount: z.int(),
    currency: z.string().meta({ example: 'INR' }),
    status: refundStatusSchema.meta({ description: '`pending` → `processed` | `failed` (a failed refund returns its money to `available`).' }),
    reason: z.string().nullable(),
    metadata: metadataSchema,
    failure_code: z.string().nullable().meta({ description: '`refund_declined` when failed.' }),
    failure_message: z.string().nullable(),
    utr: z.string().nullable().meta({ description: 'The bank reference once processed.' }),
    idempotency_key: z.string(),
    created_at: z.int(),
    processed_at: z.int().nullable(),
    failed_at: z.int().nullable(),
  })
  .meta({ id: 'Refund' });
export type RefundResponse = z.infer<typeof refundSchema>;

export const refundListSchema = listSchema(refundSchema, 'RefundList');

export const listRefundsQuery = z.strictObject({
  ...listParams,
  payment_id: z.string().min(1).max(64).optional(),
  status: refundStatusSchema.optional(),
});
