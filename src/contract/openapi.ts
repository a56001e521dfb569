// The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. Each resource's
// contract file exports its own paths next to its schemas (built with ./openapi-operations.ts); a new
// resource adds its piece to the list below.
import { readFileSync } from 'node:fs';
import { createDocument } from 'zod-openapi';
import { balancePaths } from './balance.ts';
import { keyPaths } from './keys.ts';
import { approvalPolicyPaths } from './approval-policy.ts';
import { beneficiaryPaths } from './beneficiaries.ts';
import { collectionPaths } from './collections.ts';
import { mandatePaths } from './mandates.ts';
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

/** Text without NUL: the rule every string a request carries follows (bodies, queries, headers, paths). */
export const NO_NUL_PATTERN = '^[^\\u0000]*$';

type SchemaNode = Record<string, unknown>;

/**
 * Says the API's text rule in every request schema: a string without a pattern, enum or const of its own gets
 * NO_NUL_PATTERN (NUL is refused with 400 naming the parameter; so are unpaired UTF-16 surrogates, which JSON
 * Schema cannot state), and so do object property names. A component a request refers to (a variant of a body
 * that depends on `type`) gets it too; the components responses use are left as they are.
 */
function withTextRule(node: unknown, components: Record<string, unknown>, seen: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((child) => withTextRule(child, components, seen));
  if (!node || typeof node !== 'object') return;
  const schema = node as SchemaNode;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(COMPONENT) && !seen.has(ref)) {
    seen.add(ref);
    withTextRule(components[ref.slice(COMPONENT.length)], components, seen);
  }
  if (schema.type === 'string' && schema.pattern === undefined && schema.enum === undefined && schema.const === undefined) schema.pattern = NO_NUL_PATTERN;
  for (const key of ['properties', 'patternProperties', '$defs']) {
    const children = schema[key];
    if (children && typeof children === 'object') Object.values(children).forEach((child) => withTextRule(child, components, seen));
  }
  for (const key of ['items', 'additionalProperties', 'propertyNames', 'anyOf', 'oneOf', 'allOf', 'then', 'else']) withTextRule(schema[key], components, seen);
  // Property names are text too (a metadata key, say).
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const names = (schema.propertyNames ?? {}) as SchemaNode;
    if (names.pattern === undefined) schema.propertyNames = { ...names, pattern: NO_NUL_PATTERN };
  }
}

const COMPONENT = '#/components/schemas/';

/** The request side of every operation: parameters and bodies, and the components they refer to. */
function applyTextRule(document: { paths?: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } }): void {
  const components = document.components?.schemas ?? {};
  const seen = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item)) {
      if (!op || typeof op !== 'object') continue;
      const { parameters, requestBody } = op as { parameters?: { schema?: unknown }[]; requestBody?: { content?: Record<string, { schema?: unknown }> } };
      for (const parameter of parameters ?? []) withTextRule(parameter.schema, components, seen);
      for (const media of Object.values(requestBody?.content ?? {})) withTextRule(media.schema, components, seen);
    }
  }
}

interface Example {
  request?: unknown;
  response: unknown;
}

/**
 * Request and response examples, by operationId: recorded from a run of the service and checked against it by
 * test/integration/examples.test.ts (which also rewrites the file: UPDATE_EXAMPLES=1).
 */
const examples = JSON.parse(readFileSync(new URL('./examples.json', import.meta.url), 'utf8')) as Record<string, Example>;

type OperationNode = {
  operationId?: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
};

const FORM = 'application/x-www-form-urlencoded';

/** Whether a body has nested values (metadata, a batch's items), which a form spells in bracket notation. */
const nested = (body: unknown) => typeof body === 'object' && body !== null && Object.values(body).some((v) => typeof v === 'object' && v !== null);

/**
 * Each operation's recorded example: its JSON 200 answer and, for a write, the body that asked for it. The form
 * gets the example only when the body is flat: an example is one value, and OpenAPI has no way to say that its
 * nested fields travel in bracket notation (`metadata[crm_id]=...`), so tools would send them flattened
 * (`crm_id=...`), which is not what the form means. The description of those fields says how.
 */
function applyExamples(document: { paths?: Record<string, Record<string, unknown>> }): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const op of Object.values(item) as OperationNode[]) {
      const example = op?.operationId ? examples[op.operationId] : undefined;
      if (!example) continue;
      const answer = op.responses?.['200']?.content?.['application/json'];
      if (answer) answer.example = example.response;
      if (example.request === undefined) continue;
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (type !== FORM || !nested(example.request)) media.example = example.request;
      }
    }
  }
}

/** The OpenAPI 3.1 document of the whole API. */
export function createOpenApiDocument(options: OpenApiOptions = {}): ReturnType<typeof createDocument> {
  const document = buildDocument(options);
  applyTextRule(document as never);
  applyExamples(document as never);
  return document;
}

function buildDocument(options: OpenApiOptions): ReturnType<typeof createDocument> {
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
      ...mandatePaths,
      ...collectionPaths,
      ...paymentLinkPaths,
      ...reportPaths,
      ...eventPaths,
      ...webhookPaths,
      ...operationsPaths,
      ...keyPaths,
      ...approvalPolicyPaths,
    },
  });
}
