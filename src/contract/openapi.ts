// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests.
// A new resource adds its paths here (one entry per route) next to its own contract file.
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorEnvelopeSchema } from './common.ts';
import { balanceSchema, balanceTransactionListSchema, listBalanceTransactionsQuery } from './balance.ts';
import {
  beneficiaryIdPath,
  beneficiaryListSchema,
  beneficiarySchema,
  createBeneficiaryParams,
  listBeneficiariesQuery,
} from './beneficiaries.ts';
import { createCustomerParams, customerIdPath, customerListSchema, customerSchema, listCustomersQuery, updateCustomerParams } from './customers.ts';
import { createTopUpParams, listTopUpsQuery, topUpIdPath, topUpListSchema, topUpSchema } from './top-ups.ts';
import { healthSchema, readinessSchema } from './health.ts';
import { createPayoutParams, listPayoutsQuery, payoutListSchema, payoutSchema } from './payouts.ts';
import { createPayoutBatchParams, listPayoutBatchesQuery, payoutBatchIdPath, payoutBatchListSchema, payoutBatchSchema } from './payout-batches.ts';
import { eventListSchema, eventSchema, listEventsQuery } from './events.ts';
import { createPaymentParams, listPaymentsQuery, paymentListSchema, paymentSchema } from './payments.ts';
import { createRefundParams, listRefundsQuery, refundListSchema, refundSchema } from './refunds.ts';
import { listSettlementsQuery, runSettlementParams, settlementListSchema, settlementSchema } from './settlements.ts';
import { collectionIdPath, collectionListSchema, collectionSchema, createCollectionParams, listCollectionsQuery } from './collections.ts';
import {
  createWebhookEndpointParams,
  deletedWebhookEndpointSchema,
  listWebhookDeliveriesQuery,
  listWebhookEndpointsQuery,
  redeliverEventParams,
  redeliverySchema,
  webhookDeliveryListSchema,
  webhookEndpointIdPath,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from './webhooks.ts';

const idPath = (what: string) => z.object({ id: z.string().meta({ description: `A ${what} id.` }) });

const requestIdHeader = z.string().meta({ description: 'Identifies this request (`req_...`); also inside error bodies.', example: 'req_01JD3Y8X4W0000000000000000' });

const rateLimitHeaders = {
  'X-RateLimit-Limit': z.int().meta({ description: 'Requests allowed per second for this API key.' }),
  'X-RateLimit-Remaining': z.int().meta({ description: 'Requests left in the current window.' }),
  'X-RateLimit-Reset': z.int().meta({ description: 'Unix seconds when the window resets.' }),
};

const commonHeaders = z.object({ 'Request-Id': requestIdHeader, ...rateLimitHeaders });
const publicHeaders = z.object({ 'Request-Id': requestIdHeader });

const errorDescriptions: Record<number, string> = {
  400: 'Invalid request: missing, malformed or unknown parameter (`invalid_request`), or a mode that does not fit (`invalid_method`).',
  401: 'No key, unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`).',
  402: 'The available balance cannot cover the amount (`insufficient_funds`).',
  403: 'Live key over plain HTTP (`https_required`) or a test helper called with a live key (`sandbox_only`).',
  404: 'Unknown route or id, or an id of another account or mode (`not_found`).',
  405: 'The route exists but not with this method (`method_not_allowed`).',
  409: 'The same idempotency key is still being executed (`idempotency_key_in_use`), or the action does not fit the status (`invalid_state`).',
  413: 'Body over 2 MiB (`payload_too_large`).',
  415: 'A body that is neither form-encoded nor JSON (`unsupported_media_type`).',
  422: 'The idempotency key was used with a different method, path or parameters (`idempotency_key_reused`).',
  429: 'Too many requests (`rate_limited`); `Retry-After` says when to retry.',
  500: 'A bug (`internal_error`); nothing half-done is left behind.',
  503: 'The database or Temporal is unreachable (`service_unavailable`); retry later with the same key.',
};

function errors(...statuses: number[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const status of statuses) {
    const headers =
      status === 429
        ? z.object({ 'Request-Id': requestIdHeader, ...rateLimitHeaders, 'Retry-After': z.int().meta({ description: 'Seconds to wait (>= 1).' }) })
        : publicHeaders;
    out[`${status}` as `4${string}`] = {
      description: errorDescriptions[status] ?? 'Error',
      headers,
      content: { 'application/json': { schema: errorEnvelopeSchema } },
    };
  }
  return out;
}

function ok(description: string, schema: z.ZodType, headers: z.ZodObject = commonHeaders): ZodOpenApiResponsesObject {
  return { '200': { description, headers, content: { 'application/json': { schema } } } };
}

const writeHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode.' }),
  'Sandbox-Simulate': z
    .enum(['rate_limited', 'timeout', 'duplicate_webhooks', 'out_of_order_webhooks'])
    .optional()
    .meta({ description: 'Sandbox keys only: simulate a failure mode (comma-separated for several).' }),
});

const readHeaders = z.object({
  'Sandbox-Simulate': z.enum(['rate_limited']).optional().meta({ description: 'Sandbox keys only: `rate_limited` answers 429 at once.' }),
});

/** A POST taking form or JSON parameters. */
function write(op: Omit<ZodOpenApiOperationObject, 'requestBody' | 'requestParams'>, params: z.ZodType): ZodOpenApiOperationObject {
  return {
    ...op,
    requestParams: { header: writeHeaders },
    requestBody: {
      required: false,
      content: {
        'application/x-www-form-urlencoded': { schema: params },
        'application/json': { schema: params },
      },
    },
  };
}

const authErrors = [401, 403, 429, 500, 503] as const;
const publicOp = { security: [] };

export interface OpenApiOptions {
  /** The service's public base address (without `/v1`), for `servers`. */
  serverUrl?: string;
}

/** The OpenAPI 3.1 document of the whole API. */
export function createOpenApiDocument(options: OpenApiOptions = {}): ReturnType<typeof createDocument> {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'paygate API',
      version: 'v1',
      description:
        'Payments and payouts. Request bodies are form-encoded (bracket notation for nested values) or JSON. ' +
        'Every response carries `Request-Id`. Errors use one envelope: `{"error":{"type","code","message","param","request_id"}}`.',
    },
    servers: options.serverUrl ? [{ url: options.serverUrl }] : undefined,
    security: [{ basicAuth: [] }, { bearerAuth: [] }],
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'Username: the API key (`sk_sandbox_...` or `sk_live_...`); empty password.' },
        bearerAuth: { type: 'http', scheme: 'bearer', description: '`Authorization: Bearer <API key>`, the same as Basic.' },
      },
    },
    paths: {
      '/v1/test_helpers/top_ups': {
        post: write(
          {
            operationId: 'createTopUp',
            summary: 'Credit the sandbox balance (sandbox keys only)',
            tags: ['Balance'],
            responses: { ...ok('The top-up, already credited to `available`.', topUpSchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          createTopUpParams,
        ),
      },
      '/v1/top_ups': {
        get: {
          operationId: 'listTopUps',
          summary: 'List sandbox top-ups, newest first',
          tags: ['Balance'],
          requestParams: { query: listTopUpsQuery, header: readHeaders },
          responses: { ...ok('A page of top-ups.', topUpListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/top_ups/{id}': {
        get: {
          operationId: 'getTopUp',
          summary: 'Retrieve a top-up',
          tags: ['Balance'],
          requestParams: { path: topUpIdPath, header: readHeaders },
          responses: { ...ok('The top-up.', topUpSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/balance': {
        get: {
          operationId: 'getBalance',
          summary: 'Current balance of this mode',
          tags: ['Balance'],
          requestParams: { header: readHeaders },
          responses: { ...ok('The balance.', balanceSchema), ...errors(...authErrors) },
        },
      },
      '/v1/balance_transactions': {
        get: {
          operationId: 'listBalanceTransactions',
          summary: 'List ledger movements, newest first',
          tags: ['Balance'],
          requestParams: { query: listBalanceTransactionsQuery, header: readHeaders },
          responses: { ...ok('A page of balance transactions.', balanceTransactionListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/beneficiaries': {
        post: write(
          {
            operationId: 'createBeneficiary',
            summary: 'Create a beneficiary (a bank account or a UPI ID to pay out to)',
            tags: ['Payouts'],
            responses: { ...ok('The beneficiary; the account number shows only as `last4`.', beneficiarySchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          createBeneficiaryParams,
        ),
        get: {
          operationId: 'listBeneficiaries',
          summary: 'List beneficiaries, newest first',
          tags: ['Payouts'],
          requestParams: { query: listBeneficiariesQuery, header: readHeaders },
          responses: { ...ok('A page of beneficiaries.', beneficiaryListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/beneficiaries/{id}': {
        get: {
          operationId: 'getBeneficiary',
          summary: 'Retrieve a beneficiary',
          tags: ['Payouts'],
          requestParams: { path: beneficiaryIdPath, header: readHeaders },
          responses: { ...ok('The beneficiary.', beneficiarySchema), ...errors(...authErrors, 404) },
        },
        delete: {
          operationId: 'deleteBeneficiary',
          summary: 'Deactivate a beneficiary (it takes no new payouts; deleting again changes nothing)',
          tags: ['Payouts'],
          requestParams: { path: beneficiaryIdPath, header: readHeaders },
          responses: { ...ok('The beneficiary, with `active: false`.', beneficiarySchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/customers': {
        post: write(
          {
            operationId: 'createCustomer',
            summary: 'Create a customer (who pays; `vpa` is the UPI mandate collections charge)',
            tags: ['Payments'],
            responses: { ...ok('The customer.', customerSchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          createCustomerParams,
        ),
        get: {
          operationId: 'listCustomers',
          summary: 'List customers, newest first (filter email)',
          tags: ['Payments'],
          requestParams: { query: listCustomersQuery, header: readHeaders },
          responses: { ...ok('A page of customers.', customerListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/customers/{id}': {
        get: {
          operationId: 'getCustomer',
          summary: 'Retrieve a customer',
          tags: ['Payments'],
          requestParams: { path: customerIdPath, header: readHeaders },
          responses: { ...ok('The customer.', customerSchema), ...errors(...authErrors, 404) },
        },
        post: {
          ...write(
            {
              operationId: 'updateCustomer',
              summary: 'Update a customer: the fields given change, the others stay; a new `vpa` is used from the next charge on',
              description:
                'Every parameter is optional. `metadata` is merged into the existing metadata: the keys given are set, a key given an ' +
                'empty value is removed, the others stay.',
              tags: ['Payments'],
              responses: { ...ok('The customer after the update.', customerSchema), ...errors(400, ...authErrors, 404, 409, 413, 415, 422) },
            },
            updateCustomerParams,
          ),
          requestParams: { path: customerIdPath, header: writeHeaders },
        },
      },
      '/v1/payouts': {
        post: write(
          {
            operationId: 'createPayout',
            summary: 'Send money to a beneficiary; answers `initiated` once the amount is reserved',
            tags: ['Payouts'],
            responses: { ...ok('The payout.', payoutSchema), ...errors(400, ...authErrors, 402, 404, 409, 413, 415, 422) },
          },
          createPayoutParams,
        ),
        get: {
          operationId: 'listPayouts',
          summary: 'List payouts, newest first (filters status, batch_id, beneficiary_id)',
          tags: ['Payouts'],
          requestParams: { query: listPayoutsQuery, header: readHeaders },
          responses: { ...ok('A page of payouts.', payoutListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/payouts/{id}': {
        get: {
          operationId: 'getPayout',
          summary: 'Retrieve a payout',
          tags: ['Payouts'],
          requestParams: { path: idPath('payout'), header: readHeaders },
          responses: { ...ok('The payout.', payoutSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/payout_batches': {
        post: write(
          {
            operationId: 'createPayoutBatch',
            summary: 'Send up to 10,000 payouts at once; answers at once with the batch (`processing`)',
            description:
              'Refused whole (400) only when malformed: not a list, empty, over 10,000 items, an item without `idempotency_key`, ' +
              'a key repeated inside the batch, or an item field of the wrong shape. Every other problem (unknown beneficiary, a mode ' +
              'that does not fit, insufficient funds) fails that item only. An item whose key already created a payout joins the batch ' +
              'by reference; no money moves twice. Body limit 20 MiB.',
            tags: ['Payouts'],
            responses: { ...ok('The batch with live counts.', payoutBatchSchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          createPayoutBatchParams,
        ),
        get: {
          operationId: 'listPayoutBatches',
          summary: 'List payout batches, newest first (filter status)',
          tags: ['Payouts'],
          requestParams: { query: listPayoutBatchesQuery, header: readHeaders },
          responses: { ...ok('A page of payout batches.', payoutBatchListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/payout_batches/{id}': {
        get: {
          operationId: 'getPayoutBatch',
          summary: 'Retrieve a payout batch with live counts (its payouts: GET /v1/payouts?batch_id=)',
          tags: ['Payouts'],
          requestParams: { path: payoutBatchIdPath, header: readHeaders },
          responses: { ...ok('The payout batch.', payoutBatchSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/test_helpers/payouts/{id}/{action}': {
        post: {
          operationId: 'payoutTestHelper',
          summary: 'Sandbox: complete, fail or reverse a payout by hand',
          tags: ['Payouts'],
          requestParams: { path: z.object({ id: z.string(), action: z.enum(['complete', 'fail', 'reverse']) }), header: writeHeaders },
          responses: { ...ok('The payout after the action.', payoutSchema), ...errors(...authErrors, 404, 409) },
        },
      },
      '/v1/payments': {
        post: write(
          {
            operationId: 'createPayment',
            summary: 'Accept money from a customer; answers with the outcome, or `pending` after up to 10 s',
            description:
              'Methods: `upi` with `vpa`, `netbanking` with `bank`; any other method is 400 invalid_method. The call waits for the ' +
              'outcome (`captured` or `failed` with `payment_declined`) and otherwise answers `pending`; `payment.captured` or ' +
              '`payment.failed` follows. Sandbox: `success@upi` captures, `failure@upi` is declined, `slow@upi` stays pending for 30 s; ' +
              'netbanking bank `FAIL` is declined, `SLOW` is slow. Captured money enters `pending` until the next settlement.',
            tags: ['Payments'],
            responses: { ...ok('The payment.', paymentSchema), ...errors(400, ...authErrors, 404, 409, 413, 415, 422) },
          },
          createPaymentParams,
        ),
        get: {
          operationId: 'listPayments',
          summary: 'List payments, newest first (filters status, customer_id, receipt, settlement_id)',
          tags: ['Payments'],
          requestParams: { query: listPaymentsQuery, header: readHeaders },
          responses: { ...ok('A page of payments.', paymentListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/payments/{id}': {
        get: {
          operationId: 'getPayment',
          summary: 'Retrieve a payment',
          tags: ['Payments'],
          requestParams: { path: idPath('payment'), header: readHeaders },
          responses: { ...ok('The payment.', paymentSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/refunds': {
        post: write(
          {
            operationId: 'createRefund',
            summary: 'Give back all or part of a captured payment; answers `pending` once the amount is reserved',
            description:
              'Only a `captured` payment can be refunded (409 invalid_state). Refunds of one payment never add up to more than it ' +
              '(400 invalid_request, param `amount`). The amount is drawn from `available` (402 insufficient_funds). A refusal creates ' +
              'nothing and leaves the idempotency key free. Then `refund.processed` (the payment\'s `amount_refunded` grows) or ' +
              '`refund.failed` (the money returns to `available`). Sandbox: refunds of payments made from `reversal@upi` fail.',
            tags: ['Payments'],
            responses: { ...ok('The refund.', refundSchema), ...errors(400, ...authErrors, 402, 404, 409, 413, 415, 422) },
          },
          createRefundParams,
        ),
        get: {
          operationId: 'listRefunds',
          summary: 'List refunds, newest first (filters payment_id, status)',
          tags: ['Payments'],
          requestParams: { query: listRefundsQuery, header: readHeaders },
          responses: { ...ok('A page of refunds.', refundListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/refunds/{id}': {
        get: {
          operationId: 'getRefund',
          summary: 'Retrieve a refund',
          tags: ['Payments'],
          requestParams: { path: idPath('refund'), header: readHeaders },
          responses: { ...ok('The refund.', refundSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/settlements': {
        get: {
          operationId: 'listSettlements',
          summary: 'List settlements, newest first',
          tags: ['Payments'],
          requestParams: { query: listSettlementsQuery, header: readHeaders },
          responses: { ...ok('A page of settlements.', settlementListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/settlements/{id}': {
        get: {
          operationId: 'getSettlement',
          summary: 'Retrieve a settlement',
          tags: ['Payments'],
          requestParams: { path: idPath('settlement'), header: readHeaders },
          responses: { ...ok('The settlement.', settlementSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/collections': {
        post: write(
          {
            operationId: 'createCollection',
            summary: 'Start charging a customer on a schedule (monthly, weekly or yearly)',
            description:
              'Each cycle is one payment with `collection_id`, charged to the customer\'s `vpa` as it is at that moment. A failed charge is ' +
              'retried after 1, 3 and 5 days; after the last failure the collection is `halted`. After `total_count` captured charges it is ' +
              '`completed`. Events: `collection.charged`, `collection.failed`, `collection.halted`, `collection.completed`.',
            tags: ['Collections'],
            responses: { ...ok('The collection, `active`.', collectionSchema), ...errors(400, ...authErrors, 404, 409, 413, 415, 422) },
          },
          createCollectionParams,
        ),
        get: {
          operationId: 'listCollections',
          summary: 'List collections, newest first (filters status, customer_id)',
          tags: ['Collections'],
          requestParams: { query: listCollectionsQuery, header: readHeaders },
          responses: { ...ok('A page of collections.', collectionListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/collections/{id}': {
        get: {
          operationId: 'getCollection',
          summary: 'Retrieve a collection',
          tags: ['Collections'],
          requestParams: { path: collectionIdPath, header: readHeaders },
          responses: { ...ok('The collection.', collectionSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/collections/{id}/{action}': {
        post: {
          operationId: 'collectionAction',
          summary: 'Pause (active), resume (paused or halted: from the next due date, no burst) or cancel (not yet cancelled or completed)',
          tags: ['Collections'],
          requestParams: { path: z.object({ id: z.string(), action: z.enum(['pause', 'resume', 'cancel']) }), header: writeHeaders },
          responses: { ...ok('The collection after the action.', collectionSchema), ...errors(400, ...authErrors, 404, 409, 422) },
        },
      },
      '/v1/test_helpers/collections/{id}/advance': {
        post: {
          operationId: 'advanceCollection',
          summary: 'Sandbox: make the next charge attempt now (the next cycle, or the next retry); answers after it. 409 unless active',
          tags: ['Collections'],
          requestParams: { path: collectionIdPath, header: writeHeaders },
          responses: { ...ok('The collection after the charge attempt.', collectionSchema), ...errors(400, ...authErrors, 404, 409, 422) },
        },
      },
      '/v1/test_helpers/settlements/run': {
        post: write(
          {
            operationId: 'runSettlement',
            summary: 'Sandbox: settle now; answers with a list of the settlements created (one, or none when nothing was unsettled)',
            tags: ['Payments'],
            responses: { ...ok('The settlements this run created.', settlementListSchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          runSettlementParams,
        ),
      },
      '/v1/events': {
        get: {
          operationId: 'listEvents',
          summary: 'List events, newest first (filter type)',
          tags: ['Events'],
          requestParams: { query: listEventsQuery, header: readHeaders },
          responses: { ...ok('A page of events.', eventListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/events/{id}': {
        get: {
          operationId: 'getEvent',
          summary: 'Retrieve an event',
          tags: ['Events'],
          requestParams: { path: idPath('event'), header: readHeaders },
          responses: { ...ok('The event.', eventSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/events/{id}/redeliver': {
        post: {
          ...write(
            {
              operationId: 'redeliverEvent',
              summary: 'Send an event again (same webhook-id), to every endpoint enabled for its type or to one',
              tags: ['Events'],
              responses: { ...ok('The endpoints a new delivery was started for.', redeliverySchema), ...errors(400, ...authErrors, 404, 409, 413, 415, 422) },
            },
            redeliverEventParams,
          ),
          requestParams: { path: idPath('event'), header: writeHeaders },
        },
      },
      '/v1/webhook_endpoints': {
        post: write(
          {
            operationId: 'createWebhookEndpoint',
            summary: 'Register a webhook endpoint; the answer carries its signing secret, shown only this once',
            description:
              'Deliveries follow the Standard Webhooks specification: a POST of the event JSON with `webhook-id` (the event id, the same ' +
              'on every retry and duplicate), `webhook-timestamp` and `webhook-signature` (`v1,<base64 HMAC-SHA256>`). Any 2xx within ' +
              '10 s is success; anything else is retried with exponential backoff for 3 days. Live endpoints must be https and public.',
            tags: ['Webhooks'],
            responses: { ...ok('The endpoint, with `secret`.', webhookEndpointSchema), ...errors(400, ...authErrors, 409, 413, 415, 422) },
          },
          createWebhookEndpointParams,
        ),
        get: {
          operationId: 'listWebhookEndpoints',
          summary: 'List webhook endpoints, newest first',
          tags: ['Webhooks'],
          requestParams: { query: listWebhookEndpointsQuery, header: readHeaders },
          responses: { ...ok('A page of endpoints (without secrets).', webhookEndpointListSchema), ...errors(400, ...authErrors) },
        },
      },
      '/v1/webhook_endpoints/{id}': {
        get: {
          operationId: 'getWebhookEndpoint',
          summary: 'Retrieve a webhook endpoint (without its secret)',
          tags: ['Webhooks'],
          requestParams: { path: webhookEndpointIdPath, header: readHeaders },
          responses: { ...ok('The endpoint.', webhookEndpointSchema), ...errors(...authErrors, 404) },
        },
        delete: {
          operationId: 'deleteWebhookEndpoint',
          summary: 'Delete a webhook endpoint; its pending deliveries stop',
          tags: ['Webhooks'],
          requestParams: { path: webhookEndpointIdPath, header: readHeaders },
          responses: { ...ok('The deleted endpoint.', deletedWebhookEndpointSchema), ...errors(...authErrors, 404) },
        },
      },
      '/v1/webhook_endpoints/{id}/deliveries': {
        get: {
          operationId: 'listWebhookDeliveries',
          summary: "Every delivery attempt to this endpoint, newest first, with the receiver's status code",
          tags: ['Webhooks'],
          requestParams: { path: webhookEndpointIdPath, query: listWebhookDeliveriesQuery, header: readHeaders },
          responses: { ...ok('A page of attempts.', webhookDeliveryListSchema), ...errors(400, ...authErrors, 404) },
        },
      },
      '/v1/openapi.json': {
        get: {
          ...publicOp,
          operationId: 'getOpenApi',
          summary: 'This document',
          tags: ['Operations'],
          responses: { '200': { description: 'OpenAPI 3.1 document.', headers: publicHeaders, content: { 'application/json': {} } } },
        },
      },
      '/healthz': {
        get: {
          ...publicOp,
          operationId: 'getHealth',
          summary: 'Liveness: the process is up',
          tags: ['Operations'],
          responses: ok('Up.', healthSchema, publicHeaders),
        },
      },
      '/readyz': {
        get: {
          ...publicOp,
          operationId: 'getReadiness',
          summary: 'Readiness: the database and Temporal are reachable',
          tags: ['Operations'],
          responses: { ...ok('Ready.', readinessSchema, publicHeaders), ...errors(503) },
        },
      },
      '/metrics': {
        get: {
          ...publicOp,
          operationId: 'getMetrics',
          summary: 'Prometheus metrics',
          tags: ['Operations'],
          responses: { '200': { description: 'Prometheus text exposition format.', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
    },
  });
}
