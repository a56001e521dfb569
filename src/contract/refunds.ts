// Refunds (docs/api.md, Refunds).
import { z } from 'zod';
import { refundStatuses } from '../domain/refunds.ts';
import { amountParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations } from './openapi-operations.ts';

export const refundStatusSchema = z.enum(refundStatuses);

export const REASON_MAX = 255;

export const createRefundParams = z.strictObject({
  payment_id: z.string().min(1).max(64).meta({ description: 'The captured payment to refund (`pay_...`). It must have that much left to refund: otherwise 400 naming `amount`.' }),
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

export const refundIdPath = idPath('A refund id.');

const refund = resourceOperations({ noun: 'refund', plural: 'refunds', tags: ['Payments'], schema: refundSchema, listSchema: refundListSchema, idPath: refundIdPath });

export const refundPaths: Paths = {
  '/v1/refunds': {
    post: refund.create({
      summary: 'Give back all or part of a captured payment; answers `pending` once the amount is reserved',
      description:
        'Only a `captured` payment can be refunded (409 invalid_state). Refunds of one payment never add up to more than it ' +
        '(400 invalid_request, param `amount`). The amount is drawn from `available` (402 insufficient_funds). A refusal creates ' +
        'nothing and leaves the idempotency key free. Then `refund.processed` (the payment\'s `amount_refunded` grows) or ' +
        '`refund.failed` (the money returns to `available`). Sandbox: refunds of payments made from `reversal@upi` fail.',
      body: createRefundParams,
      errors: ['insufficient_funds', 'not_found', 'invalid_state', 'connection_required'],
    }),
    get: refund.list('List refunds, newest first (filters payment_id, status)', listRefundsQuery),
  },
  '/v1/refunds/{id}': { get: refund.retrieve() },
};
