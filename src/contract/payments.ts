// Payments (docs/api.md, Payments).
import { z } from 'zod';
import { BANK_CODE_PATTERN, VPA_PATTERN, paymentMethods, paymentStatuses } from '../domain/payments.ts';
import { amountParam, currencyParam, customerIpParam, descriptionParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, userAgentParam } from './common.ts';
import { type Paths, idPath, resourceOperations } from './openapi-operations.ts';
import { bodyVariants, required } from './variants.ts';

export const paymentStatusSchema = z.enum(paymentStatuses);

export const RECEIPT_MAX = 40;

const methodDescription = '`upi` (with `vpa`) or `netbanking` (with `bank`). Anything else: 400 invalid_method.';

const vpaParam = z
  .string()
  .regex(VPA_PATTERN, 'must be a UPI ID such as name@bank')
  .optional()
  .meta({ description: 'The UPI ID the customer pays from. Sandbox: `success@upi`, `failure@upi`, `slow@upi`. Live: not used (UPI intent only; collect requests are retired).' });

const bankParam = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(BANK_CODE_PATTERN, 'must be a 4-letter bank code such as HDFC'))
  .optional()
  .meta({
    description: 'The 4-letter bank code, e.g. `HDFC`, any letter case. Sandbox: `FAIL` is declined, `SLOW` is slow.',
    override: { type: 'string', pattern: '^[A-Za-z]{4}$' },
  });

const returnUrlParam = z
  .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
  .max(2048)
  .optional()
  .meta({ description: 'Netbanking: where the provider sends the customer back after the bank (live); optional.' });

/** Every field a payment may be created with, in this order; `method` decides which of `vpa` and `bank` it takes. */
const paymentFields = z.strictObject({
  amount: amountParam({ description: 'Paise to collect from the customer.' }),
  currency: currencyParam,
  receipt: z.string().min(1).max(RECEIPT_MAX).optional().meta({ description: `Your own order reference, at most ${RECEIPT_MAX} characters.` }),
  // Any text is taken so that an unknown method is 400 invalid_method (the contract), not a validation error.
  method: z.string().min(1).max(32),
  vpa: vpaParam,
  bank: bankParam,
  return_url: returnUrlParam,
  customer_id: z
    .string()
    .regex(/^cust_[A-Za-z0-9]{1,64}$/, 'must be a customer id (cust_...)')
    .optional()
    .meta({ description: 'The customer paying (`cust_...`), kept with the payment for filtering. A customer of another account or mode, or an unknown one, is 404 not_found.' }),
  customer_ip: customerIpParam,
  user_agent: userAgentParam,
  description: descriptionParam,
  metadata: metadataParam,
});

/** `method` decides which of `vpa` and `bank` must be given; the other must be absent (src/contract/variants.ts). */
export const createPaymentParams = bodyVariants(
  paymentFields,
  'method',
  [
    paymentFields
      .omit({ bank: true, return_url: true })
      .extend({ method: z.literal('upi').meta({ description: methodDescription }) })
      .meta({
        id: 'CreateUpiPayment',
        description:
          "A payment by UPI. Sandbox: `vpa` is required. Live: the customer pays by UPI intent (`next_action.type` `upi_intent`); a `vpa` is not used (NPCI ended collect requests for merchant payments on 28 February 2026).",
      }),
    paymentFields
      .omit({ vpa: true })
      .extend({ method: z.literal('netbanking').meta({ description: methodDescription }), bank: required(bankParam) })
      .meta({ id: 'CreateNetbankingPayment', description: 'A payment by netbanking from the customer\'s bank.' }),
  ],
  { apiCode: 'invalid_method', message: `must be one of: ${paymentMethods.join(', ')}` },
);
export type CreatePaymentParams = z.output<typeof createPaymentParams>;

export const nextActionSchema = z
  .object({
    type: z.enum(['upi_intent', 'upi_collect', 'redirect']),
    url: z.string().nullable().meta({ description: '`upi://pay?...` for `upi_intent`, the bank page for `redirect`. `upi_collect` (url null) is only on payments made before UPI collect was retired.' }),
  })
  .nullable()
  .meta({ id: 'PaymentNextAction', description: 'What the customer must do while a live payment is pending; null when nothing (always in the sandbox).' });

const paymentShape = z.object({
  id: z.string().meta({ example: 'pay_01JD3Y8X4W0000000000000000' }),
  object: z.literal('payment'),
  mode: modeSchema,
  amount: z.int(),
  currency: z.string().meta({ example: 'INR' }),
  status: paymentStatusSchema.meta({ description: '`pending` → `captured` | `failed`.' }),
  method: z.enum(paymentMethods),
  vpa: z.null(),
  bank: z.null(),
  receipt: z.string().nullable(),
  customer_id: z.string().nullable(),
  description: z.string().nullable(),
  metadata: metadataSchema,
  amount_refunded: z.int().meta({ description: 'Paise given back by processed refunds.' }),
  failure_code: z
    .string()
    .nullable()
    .meta({
      description:
        'When failed: `payment_declined` (the customer, their bank or the provider declined it) or `provider_unavailable` (live: the provider account is not set up for the payment, a feature not enabled, its key refused; no customer declined it, and the connection shows `attention_required`). Null otherwise.',
    }),
  failure_message: z.string().nullable(),
  settlement_id: z.string().nullable().meta({ description: 'The settlement that moved this payment to `available`; null until settled.' }),
  collection_id: z.string().nullable().meta({ description: 'The collection this payment is a charge of (`coll_...`); null for other payments.' }),
  payment_link_id: z.string().nullable().meta({ description: 'The payment link this payment was made on (`plink_...`); null for other payments.' }),
  idempotency_key: z.string().meta({ description: 'The key that created this payment.' }),
  next_action: nextActionSchema,
  return_url: z.string().nullable().meta({ description: 'Netbanking: where the customer is sent back after the bank.' }),
  provider_reference: z.string().nullable().meta({ description: "Live: the provider's id of the payment; null in the sandbox." }),
  created_at: z.int(),
  captured_at: z.int().nullable(),
  failed_at: z.int().nullable(),
});

/** A payment as responses show it: `method` decides which of `vpa` and `bank` is set (the other is null). */
export const paymentSchema = z
  .discriminatedUnion('method', [
    paymentShape
      .extend({ method: z.literal('upi'), vpa: z.string().nullable().meta({ description: 'The UPI ID the customer paid from (null for a live UPI intent payment until known).' }) })
      .meta({ id: 'UpiPayment', description: 'A payment by UPI: `bank` is null.' }),
    paymentShape
      .extend({ method: z.literal('netbanking'), bank: z.string().meta({ description: 'The 4-letter bank code, in capitals.' }) })
      .meta({ id: 'NetbankingPayment', description: 'A payment by netbanking: `vpa` is null.' }),
  ])
  .meta({ id: 'Payment', description: 'Money accepted from a customer; `method` says how.' });
export type PaymentResponse = z.infer<typeof paymentSchema>;

export const paymentListSchema = listSchema(paymentSchema, 'PaymentList');

export const listPaymentsQuery = z.strictObject({
  ...listParams,
  status: paymentStatusSchema.optional(),
  customer_id: z.string().min(1).max(255).optional(),
  receipt: z.string().min(1).max(RECEIPT_MAX).optional(),
  settlement_id: z.string().min(1).max(64).optional().meta({ description: 'Only the payments this settlement settled.' }),
  collection_id: z.string().min(1).max(64).optional().meta({ description: 'Only the charges of this collection.' }),
  payment_link_id: z.string().min(1).max(64).optional().meta({ description: 'Only the payments made on this payment link (every attempt, captured or not).' }),
});

export const paymentIdPath = idPath('A payment id.');

const payment = resourceOperations({ noun: 'payment', plural: 'payments', tags: ['Payments'], schema: paymentSchema, listSchema: paymentListSchema, idPath: paymentIdPath });

export const paymentPaths: Paths = {
  '/v1/payments': {
    post: payment.create({
      summary: 'Accept money from a customer; answers with the outcome, or `pending` after up to 10 s',
      description:
        'Methods: `upi` with `vpa`, `netbanking` with `bank`; any other method is 400 invalid_method. The call waits for the ' +
        'outcome (`captured` or `failed` with `payment_declined`) and otherwise answers `pending`; `payment.captured` or ' +
        '`payment.failed` follows. Sandbox: `success@upi` captures, `failure@upi` is declined, `slow@upi` stays pending for 30 s; ' +
        'netbanking bank `FAIL` is declined, `SLOW` is slow. Captured money enters `pending` until the next settlement.',
      body: createPaymentParams,
      errors: ['not_found', 'invalid_method', 'connection_required'],
    }),
    get: payment.list('List payments, newest first (filters status, customer_id, receipt, settlement_id, collection_id, payment_link_id)', listPaymentsQuery),
  },
  '/v1/payments/{id}': { get: payment.retrieve() },
};
