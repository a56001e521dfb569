// Payment links: a link a business sends; the customer pays it on a hosted page (docs/api.md, Payment
// links).
import { z } from 'zod';
import { LINK_DESCRIPTION_MAX, REFERENCE_ID_MAX, paymentLinkStatuses } from '../domain/payment-links.ts';
import { amountParam, booleanParam, currencyParam, emailParam, intParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, phoneParam } from './common.ts';
import { nameParam } from './customers.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

export const CALLBACK_URL_MAX = 2048;

export const createPaymentLinkParams = z
  .strictObject({
    amount: amountParam({ description: 'Paise the link collects in all.' }),
    currency: currencyParam,
    description: z
      .string()
      .max(LINK_DESCRIPTION_MAX)
      .optional()
      .meta({ description: `What is being paid for, shown on the page; at most ${LINK_DESCRIPTION_MAX} characters.` }),
    customer: z
      .strictObject({ name: nameParam.optional(), email: emailParam('Where to reach the customer.').optional(), phone: phoneParam().optional() })
      .optional()
      .meta({ description: 'Who is asked to pay (shown to the business only). Form: `customer[name]=...`.' }),
    reference_id: z
      .string()
      .min(1)
      .max(REFERENCE_ID_MAX)
      .optional()
      .meta({ description: `Your own reference (an invoice number), at most ${REFERENCE_ID_MAX} characters; unique among your links of this mode.` }),
    expire_by: intParam(0, Number.MAX_SAFE_INTEGER, 'Unix seconds when the link stops taking payments: at least 15 minutes and at most 180 days ahead. Default: 7 days after creation.').optional(),
    accept_partial: booleanParam('Whether the customer may pay in parts. Default false.').optional(),
    first_min_partial_amount: amountParam({
      description: 'With `accept_partial` only: the least the first payment may be (paise), not more than `amount`. Later payments may be any amount of at least ₹1 up to what is due.',
    }).optional(),
    callback_url: z
      .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
      .max(CALLBACK_URL_MAX)
      .optional()
      .meta({ description: 'Where the customer is sent after a successful payment (https; http in sandbox), with `payment_link_id`, `payment_id` and `status` added to its query string. Confirm with GET /v1/payment_links/{id}; never trust the redirect alone.' }),
    metadata: metadataParam,
  })
  // Said in the document as far as JSON Schema can: first_min_partial_amount needs accept_partial=true.
  .meta({ override: { dependentSchemas: { first_min_partial_amount: { required: ['accept_partial'], properties: { accept_partial: { enum: [true, 'true'] } } } } } })
  .superRefine((value, ctx) => {
    if (value.first_min_partial_amount === undefined) return;
    if (value.accept_partial !== true) {
      ctx.addIssue({ code: 'custom', message: 'is only allowed with accept_partial=true', path: ['first_min_partial_amount'] });
    } else if (value.first_min_partial_amount > value.amount) {
      ctx.addIssue({ code: 'custom', message: 'must not be more than amount', path: ['first_min_partial_amount'] });
    }
  });
export type CreatePaymentLinkParams = z.output<typeof createPaymentLinkParams>;

export const paymentLinkStatusSchema = z.enum(paymentLinkStatuses);

export const paymentLinkSchema = z
  .object({
    id: z.string().meta({ example: 'plink_01JD3Y8X4W0000000000000000' }),
    object: z.literal('payment_link'),
    mode: modeSchema,
    amount: z.int().meta({ description: 'Paise the link collects in all.' }),
    amount_paid: z.int().meta({ description: 'Paise captured on the link so far.' }),
    currency: z.string().meta({ example: 'INR' }),
    description: z.string().nullable(),
    customer: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable() }),
    reference_id: z.string().nullable(),
    accept_partial: z.boolean(),
    first_min_partial_amount: z.int().nullable(),
    status: paymentLinkStatusSchema.meta({
      description: '`created`, `partially_paid` (partial links), `paid`, `expired` (at `expire_by`, by itself), `cancelled`.',
    }),
    short_url: z.string().meta({ description: 'The hosted page to send the customer: `{PUBLIC_BASE_URL}/pay/{id}`.' }),
    expire_by: z.int().meta({ description: 'Unix seconds when the link stops taking payments.' }),
    callback_url: z.string().nullable(),
    payments: z.array(z.string()).meta({ description: 'The captured payments of the link, oldest first. Every attempt: GET /v1/payments?payment_link_id=.' }),
    idempotency_key: z.string(),
    created_at: z.int(),
    paid_at: z.int().nullable(),
    expired_at: z.int().nullable(),
    cancelled_at: z.int().nullable(),
    metadata: metadataSchema,
  })
  .meta({ id: 'PaymentLink' });
export type PaymentLinkResponse = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = listSchema(paymentLinkSchema, 'PaymentLinkList');

export const listPaymentLinksQuery = z.strictObject({
  ...listParams,
  status: paymentLinkStatusSchema.optional(),
  reference_id: z.string().min(1).max(REFERENCE_ID_MAX).optional(),
});

export const paymentLinkIdPath = idPath('A payment link id (`plink_...`).');

const tags = ['Payment links'];
const link = resourceOperations({ noun: 'payment link', plural: 'payment links', tags, schema: paymentLinkSchema, listSchema: paymentLinkListSchema, idPath: paymentLinkIdPath });

export const paymentLinkPaths: Paths = {
  '/v1/payment_links': {
    post: link.create({
      summary: 'Create a link a customer pays by UPI on a hosted page (short_url)',
      description:
        'The page shows your business name, the amount due, the description, a UPI QR code and a form for a UPI ID. A link never collects ' +
        'more than `amount`, takes one payment at a time, and stops at `expire_by` (`payment_link.expired`). Events: ' +
        '`payment_link.partially_paid`, `payment_link.paid`, `payment_link.expired`, `payment_link.cancelled`, besides each payment\'s own.',
      body: createPaymentLinkParams,
      errors: ['connection_required'],
      ok: 'The payment link, `created`.',
    }),
    get: link.list('List payment links, newest first (filters status, reference_id)', listPaymentLinksQuery),
  },
  '/v1/payment_links/{id}': { get: link.retrieve() },
  '/v1/payment_links/{id}/cancel': {
    post: writeOperation({
      operationId: 'cancelPaymentLink',
      summary: 'Cancel a link nobody has paid on (status created); anything else is 409 invalid_state',
      tags,
      path: paymentLinkIdPath,
      errors: ['invalid_state'],
      ok: ['The payment link, `cancelled`.', paymentLinkSchema],
    }),
  },
};
