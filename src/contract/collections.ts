// Collections: recurring charges of a customer's UPI mandate (docs/api.md, Collections).
import { z } from 'zod';
import { COLLECTION_TIME_ZONE, collectionSchedules } from '../domain/collection-schedule.ts';
import { collectionStatuses } from '../domain/collections.ts';
import { AUTOPAY_MAX_DEBIT } from '../domain/mandates.ts';
import { amountParam, currencyParam, descriptionParam, intParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

/** A start further ahead than this is almost surely a mistake (milliseconds sent as seconds, say). */
export const START_AT_MAX_AHEAD_SECONDS = 5 * 366 * 86_400;
/** How far in the past `start_at` may be (clocks differ): it then means "now". */
export const START_AT_PAST_TOLERANCE_SECONDS = 300;
export const TOTAL_COUNT_MAX = 10_000;

export const createCollectionParams = z
  .strictObject({
    mandate_id: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({
        description:
          'The `active` mandate to charge through (`mdt_...`): `amount` at most its `max_amount` and at most 1500000 (₹15,000), `schedule` fitting its `frequency`; it names the customer. ' +
          'Leave it out (give `customer_id`) to have the service make the customer\'s mandate for this collection: the collection is then `created` until the customer approves at `authorization_url`.',
      }),
    customer_id: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({
        description:
          "The customer to charge (`cust_...`). Without `mandate_id`, required: a mandate of `amount` and `schedule` is made for the collection (the customer's `vpa` if it has one, 10 years' validity). With `mandate_id`, may be left out; another customer than the mandate's is refused.",
      }),
    customer_ip: z.string().min(1).max(64).optional().meta({ description: "The customer's IP address, passed to the mandate made for the collection (live; ignored in the sandbox)." }),
    user_agent: z.string().min(1).max(512).optional().meta({ description: "The customer's browser user agent, passed to the mandate made for the collection (live; ignored in the sandbox)." }),
    amount: amountParam({ max: AUTOPAY_MAX_DEBIT, description: 'Paise to collect at each cycle: at most 1500000 (₹15,000), above which UPI AutoPay needs the customer\'s fresh authentication for every debit.' }),
    currency: currencyParam,
    schedule: z.enum(collectionSchedules).meta({ description: 'How often to charge: `monthly`, `weekly` or `yearly`.' }),
    start_at: intParam(0, Number.MAX_SAFE_INTEGER, 'Unix seconds of the first charge, at most 5 years from now; later cycles keep its time of day. Default: now (the first charge happens at once).').optional(),
    day_of_month: intParam(1, 28, 'Monthly only: the day (1 to 28) of each later month to charge on, in Asia/Kolkata.').optional(),
    total_count: intParam(1, TOTAL_COUNT_MAX, 'How many successful charges to collect before the collection is `completed`. Default: until cancelled.').optional(),
    description: descriptionParam,
    metadata: metadataParam,
  })
  // Said in the document too: day_of_month needs schedule monthly.
  .meta({ override: { dependentSchemas: { day_of_month: { properties: { schedule: { const: 'monthly' } } } } } })
  .superRefine((value, ctx) => {
    if (value.day_of_month !== undefined && value.schedule !== 'monthly') {
      ctx.addIssue({ code: 'custom', message: 'is only allowed with schedule monthly', path: ['day_of_month'] });
    }
    if (value.mandate_id === undefined && value.customer_id === undefined) {
      ctx.addIssue({ code: 'custom', message: 'is required unless mandate_id is given', path: ['customer_id'] });
    }
  });
export type CreateCollectionParams = z.output<typeof createCollectionParams>;

export const collectionStatusSchema = z.enum(collectionStatuses);

export const collectionSchema = z
  .object({
    id: z.string().meta({ example: 'coll_01JD3Y8X4W0000000000000000' }),
    object: z.literal('collection'),
    mode: modeSchema,
    customer_id: z.string(),
    mandate_id: z.string().nullable().meta({ description: 'The mandate it charges through (null only for a collection that ended before mandates).' }),
    authorization_url: z
      .string()
      .nullable()
      .meta({ description: "While `created`: the page of the mandate made for it, where the customer approves (send it to them). Null otherwise." }),
    amount: z.int().meta({ description: 'Paise charged at each cycle.' }),
    currency: z.string().meta({ example: 'INR' }),
    schedule: z.enum(collectionSchedules),
    day_of_month: z.int().nullable().meta({ description: 'Monthly collections: the day of the month of later cycles.' }),
    start_at: z.int().meta({ description: 'Unix seconds of the first cycle.' }),
    total_count: z.int().nullable().meta({ description: 'Successful charges to collect; null: until cancelled.' }),
    remaining_count: z.int().nullable().meta({ description: '`total_count - paid_count`; null when there is no total.' }),
    status: collectionStatusSchema.meta({
      description:
        '`created` (waiting for the customer to approve the mandate made for it), `active` (charging on schedule), `paused`, `halted` (a charge failed after all its retries), `cancelled`, `completed` (`total_count` charges collected).',
    }),
    paid_count: z.int().meta({ description: 'Charges captured.' }),
    failed_count: z.int().meta({ description: 'Charge attempts that failed (each retry counts).' }),
    current_cycle: z.int().meta({ description: 'The cycle the next charge belongs to (1 = the charge at `start_at`).' }),
    next_charge_at: z
      .int()
      .nullable()
      .meta({ description: `Unix seconds of the next charge attempt (a cycle's due date in ${COLLECTION_TIME_ZONE}, or a retry); null unless active (so null while created).` }),
    latest_payment_id: z.string().nullable().meta({ description: 'The payment of the latest charge attempt whose outcome is known.' }),
    description: z.string().nullable(),
    metadata: metadataSchema,
    idempotency_key: z.string(),
    created_at: z.int(),
    paused_at: z.int().nullable(),
    halted_at: z.int().nullable(),
    cancelled_at: z.int().nullable(),
    completed_at: z.int().nullable(),
    pause_reason: z
      .string()
      .nullable()
      .meta({
        description:
          "`mandate_paused` when its mandate's pause paused it (its resume resumes it); `connection_disabled` when a due debit found the account's provider connection disabled (no attempt used; resume it once the connection is enabled); `provider_unavailable` when the provider refused a debit as a set-up error, its account not set up for recurring debits (no attempt used; resume it once the provider has enabled them); null otherwise.",
      }),
    cancel_reason: z
      .string()
      .nullable()
      .meta({
        description:
          '`mandate_rejected` (the customer declined the mandate made for it), `mandate_not_approved` (its authorization window ended unapproved), `mandate_revoked`, `mandate_expired` (its mandate ended), `mandate_limit`, `mandate_required` (no mandate could carry it); null when cancelled by the business.',
      }),
  })
  .meta({ id: 'Collection' });
export type CollectionResponse = z.infer<typeof collectionSchema>;

export const collectionListSchema = listSchema(collectionSchema, 'CollectionList');

export const listCollectionsQuery = z.strictObject({
  ...listParams,
  status: collectionStatusSchema.optional(),
  customer_id: z.string().min(1).max(64).optional(),
  mandate_id: z.string().min(1).max(64).optional(),
});

export const collectionIdPath = idPath('A collection id (`coll_...`).');

const tags = ['Collections'];
const collection = resourceOperations({ noun: 'collection', plural: 'collections', tags, schema: collectionSchema, listSchema: collectionListSchema, idPath: collectionIdPath });

export const collectionPaths: Paths = {
  '/v1/collections': {
    post: collection.create({
      summary: 'Start charging a customer on a schedule (monthly, weekly or yearly)',
      description:
        'Two ways: `customer_id`, `amount`, `schedule` (the service makes the customer\'s UPI AutoPay mandate for the collection and answers it `created` with ' +
        '`authorization_url`, the page the customer approves on; once approved it is `active` (`collection.activated`) and the first debit follows the notice; a ' +
        'rejected or unapproved mandate cancels it, `mandate_rejected` / `mandate_not_approved`; cancelling it withdraws the mandate), or `mandate_id` of an `active` mandate (charging starts at once). ' +
        'A mandate backs one open collection (`created`, `active`, `paused` or `halted`): a second is `409 invalid_state`. ' +
        'Each cycle is one payment with `collection_id`, charged to the customer\'s `vpa` as it is at that moment. A failed charge is ' +
        'retried after 1, 3 and 5 days (one attempt and at most three retries per cycle); after the last failure the collection is `halted`. After `total_count` captured charges it is ' +
        '`completed`. It charges through an `active` mandate only (`409 invalid_state` otherwise), within its `max_amount`, its `frequency` and its ' +
        'validity, never above 1500000 paise a debit; a paused mandate pauses it (`pause_reason: "mandate_paused"`), a revoked or expired one cancels it. ' +
        'Events: `collection.activated`, `collection.upcoming`, `collection.charged`, `collection.failed`, `collection.halted`, `collection.completed`, `collection.paused`, `collection.resumed`, `collection.cancelled`.',
      body: createCollectionParams,
      errors: ['not_found', 'invalid_state', 'connection_required'],
      ok: 'The collection: `created` (made with its mandate, waiting for the customer) or `active` (on a mandate_id).',
    }),
    get: collection.list('List collections, newest first (filters status, customer_id)', listCollectionsQuery),
  },
  '/v1/collections/{id}': { get: collection.retrieve() },
  '/v1/collections/{id}/{action}': {
    post: writeOperation({
      operationId: 'collectionAction',
      summary: 'Pause (active), resume (paused or halted: from the next due date, no burst) or cancel (not yet cancelled or completed; a created one withdraws its mandate)',
      tags,
      path: z.object({ id: z.string(), action: z.enum(['pause', 'resume', 'cancel']) }),
      errors: ['invalid_state'],
      ok: ['The collection after the action.', collectionSchema],
    }),
  },
  '/v1/test_helpers/collections/{id}/advance': {
    post: writeOperation({
      operationId: 'advanceCollection',
      summary: 'Sandbox: make the next charge attempt now (the next cycle, or the next retry); answers after it, within 2 s. 409 unless active, and at once while a debit is pending at the sandbox bank',
      tags,
      path: collectionIdPath,
      errors: ['sandbox_only', 'invalid_state'],
      ok: ['The collection after the charge attempt.', collectionSchema],
    }),
  },
};
