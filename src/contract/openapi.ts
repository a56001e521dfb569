// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Each resource's
// contract file exports its own paths next to its schemas (built with ./openapi-operations.ts); a new
// resource adds its piece to the list below.
import { createDocument } from 'zod-openapi';
import { balancePaths } from './balance.ts';
import { beneficiaryPaths } from './beneficiaries.ts';
import { collectionPaths } from './collections.ts';
import { paymentLinkPaths } from './payment-links.ts';
import { reportPaths } from './reports.ts';
import { customerPaths } from './customers.ts';
import { eventPaths } from './events.ts';
import { operationsPaths } from './health.ts';
import { paymentPaths } from './payments.ts';
import { payoutBatchPaths } from './payout-batches.ts';
import { payoutPaths } from './payouts.ts';
import { refundPaths } from './refunds.ts';
import { settlementPaths } from './settlements.ts';
import { topUpPaths } from './top-ups.ts';
import { webhookPaths } from './webhooks.ts';

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
      ...topUpPaths,
      ...balancePaths,
      ...beneficiaryPaths,
      ...customerPaths,
      ...payoutPaths,
      ...payoutBatchPaths,
      ...paymentPaths,
      ...refundPaths,
      ...settlementPaths,
      ...collectionPaths,
      ...paymentLinkPaths,
      ...reportPaths,
      ...eventPaths,
      ...webhookPaths,
      ...operationsPaths,
    },
  });
}
