// Mandates: a customer's UPI AutoPay e-mandate, approved on a hosted page; collections charge through one
// (docs/api.md, Mandates).
import { z } from 'zod';
import { MANDATE_MAX_AMOUNT, mandateFrequencies, mandateStatuses } from '../domain/mandates.ts';
import { VPA_PATTERN } from '../domain/payments.ts';
import { amountParam, customerIpParam, descriptionParam, intParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, userAgentParam } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

export const createMandateParams = z.strictObject({
  customer_id: z.string().min(1).max(64).meta({ description: 'The customer whose UPI ID the mandate debits (`cust_...`).' }),
  max_amount: amountParam({ max: MANDATE_MAX_AMOUNT, description: `The most one debit may take, paise: at most ${MANDATE_MAX_AMOUNT} (₹1,00,000), the UPI AutoPay ceiling.` }),
  frequency: z.enum(mandateFrequencies).meta({ description: 'How often the business may debit: `weekly`, `monthly`, `yearly`, or `as_presented` (whenever it presents a debit).' }),
  start_at: intParam(0, Number.MAX_SAFE_INTEGER, 'Unix seconds from which the mandate may be debited, less than 30 years from now. Default: now.').optional(),
  expire_at: intParam(0, Number.MAX_SAFE_INTEGER, 'Unix seconds when the mandate ends (`expired`, by itself); after `start_at`, in the future and at most 30 years from now. Default: 10 years after `start_at`.').optional(),
  vpa: z
    .string()
    .regex(VPA_PATTERN, 'must be a UPI ID such as name@bank')
    .optional()
    .meta({ description: "The UPI ID the customer approves from. Default: the customer's `vpa`. Live, optional: the customer approves in their UPI app by the provider's intent, and the UPI ID they approve from becomes the mandate's." }),
  customer_ip: customerIpParam,
  user_agent: userAgentParam,
  description: descriptionParam,
  metadata: metadataParam,
});
export type CreateMandateParams = z.output<typeof createMandateParams>;

export const mandateStatusSchema = z.enum(mandateStatuses);

export const mandateSchema = z
  .object({
    id: z.string().meta({ example: 'mdt_01JD3Y8X4W0000000000000000' }),
    object: z.literal('mandate'),
    mode: modeSchema,
    livemode: z.boolean(),
    customer_id: z.string(),
    vpa: z.string().meta({ description: 'The UPI ID the mandate debits (the one the customer approved from, once approved; empty for a live mandate created without one until the provider tells it).' }),
    max_amount: z.int().meta({ description: 'The most one debit may take, paise.' }),
    frequency: z.enum(mandateFrequencies),
    start_at: z.int().meta({ description: 'Unix seconds from which the mandate may be debited.' }),
    expire_at: z.int().meta({ description: 'Unix seconds when the mandate expires by itself.' }),
    status: mandateStatusSchema.meta({
      description: '`created` (waiting for the customer), `active`, `paused` (by the customer), `rejected`, `revoked` (by the customer or the business), `expired` (at `expire_at`, or never approved by `authorization_expires_at`).',
    }),
    authorization_url: z.string().meta({ description: 'The hosted page where the customer approves: `{PUBLIC_BASE_URL}/mandates/{id}/authorize`.' }),
    authorization_expires_at: z.int().meta({ description: 'Unix seconds: a mandate still `created` then expires unapproved.' }),
    provider_reference: z.string().nullable().meta({ description: "The provider's UPI AutoPay token (live), once the customer approved; null before and in the sandbox." }),
    description: z.string().nullable(),
    metadata: metadataSchema,
    idempotency_key: z.string(),
    created_at: z.int(),
    activated_at: z.int().nullable(),
    paused_at: z.int().nullable(),
    resumed_at: z.int().nullable(),
    revoked_at: z.int().nullable(),
    rejected_at: z.int().nullable(),
    expired_at: z.int().nullable(),
  })
  .meta({ id: 'Mandate' });
export type MandateResponse = z.infer<typeof mandateSchema>;

export const mandateListSchema = listSchema(mandateSchema, 'MandateList');

export const listMandatesQuery = z.strictObject({
  ...listParams,
  status: mandateStatusSchema.optional(),
  customer_id: z.string().min(1).max(64).optional(),
});

export const mandateIdPath = idPath('A mandate id (`mdt_...`).');

const tags = ['Mandates'];
const mandate = resourceOperations({ noun: 'mandate', plural: 'mandates', tags, schema: mandateSchema, listSchema: mandateListSchema, idPath: mandateIdPath });

/** A test helper acting as the customer in their UPI app. */
const customerAction = (operationId: string, summary: string, ok: string) => ({
  post: writeOperation({ operationId, summary, tags, path: mandateIdPath, errors: ['invalid_state', 'sandbox_only'], ok: [ok, mandateSchema] }),
});

export const mandatePaths: Paths = {
  '/v1/mandates': {
    post: mandate.create({
      summary: "Create a UPI AutoPay mandate the customer approves on a hosted page (authorization_url)",
      description:
        'The page shows your business, the maximum amount, the frequency and the validity, and takes the customer\'s approval. ' +
        'Sandbox: `success@upi` approves, `failure@upi` rejects, `slow@upi` approves after 30 s. Events: `mandate.active`, ' +
        '`mandate.rejected`, `mandate.paused`, `mandate.resumed`, `mandate.revoked`, `mandate.expired`.',
      body: createMandateParams,
      errors: ['not_found', 'connection_required'],
      ok: 'The mandate, `created`.',
    }),
    get: mandate.list('List mandates, newest first (filters status, customer_id)', listMandatesQuery),
  },
  '/v1/mandates/{id}': { get: mandate.retrieve() },
  '/v1/mandates/{id}/revoke': {
    post: writeOperation({
      operationId: 'revokeMandate',
      summary: 'Revoke an active or paused mandate; anything else is 409 invalid_state',
      tags,
      path: mandateIdPath,
      errors: ['invalid_state'],
      ok: ['The mandate, `revoked`.', mandateSchema],
    }),
  },
  '/v1/test_helpers/mandates/{id}/pause': customerAction('testPauseMandate', 'Sandbox: the customer pauses an active mandate in their UPI app', 'The mandate, `paused`.'),
  '/v1/test_helpers/mandates/{id}/resume': customerAction('testResumeMandate', 'Sandbox: the customer resumes a paused mandate in their UPI app', 'The mandate, `active`.'),
  '/v1/test_helpers/mandates/{id}/revoke': customerAction('testRevokeMandate', 'Sandbox: the customer revokes the mandate in their UPI app', 'The mandate, `revoked`.'),
};
