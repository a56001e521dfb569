// The shapes every OpenAPI operation repeats, said once: the headers of reads and writes, the error
// responses, and what a read or a write takes and may answer. Each resource's contract file builds its
// own paths from these next to its schemas; openapi.ts only assembles them.
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorEnvelopeSchema } from './common.ts';

export type Paths = ZodOpenApiPathsObject;

/** The `{ id }` path parameter of one object. */
export const idPath = (description: string) => z.object({ id: z.string().meta({ description }) });

const requestIdHeader = z.string().meta({ description: 'Identifies this request (`req_...`); also inside error bodies.', example: 'req_01JD3Y8X4W0000000000000000' });

const rateLimitHeaders = {
  'X-RateLimit-Limit': z.int().min(0).meta({ description: 'Requests allowed per second for this API key.' }),
  'X-RateLimit-Remaining': z.int().min(0).meta({ description: 'Requests left in the current window.' }),
  'X-RateLimit-Reset': z.int().min(0).meta({ description: 'Unix seconds when the window resets.' }),
};

const commonHeaders = z.object({ 'Request-Id': requestIdHeader, ...rateLimitHeaders });
/**
 * On a write's stored answers (its 200, and a 409 `invalid_state`): present when this is the stored answer to
 * an earlier request with the same Idempotency-Key, replayed byte for byte.
 */
const replayedHeader = {
  'Idempotent-Replayed': z
    .enum(['true'])
    .optional()
    .meta({ description: '`true` when this answer is the stored answer to an earlier request with the same `Idempotency-Key`: nothing was done again.' }),
};
/** The headers of routes outside authentication and rate limiting. */
export const publicHeaders = z.object({ 'Request-Id': requestIdHeader });

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

/** The error responses of these statuses, each in the contract's envelope. */
export function errors(...statuses: number[]): ZodOpenApiResponsesObject {
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

/** A 200 answer carrying `schema` as JSON. */
export function ok(description: string, schema: z.ZodType, headers: z.ZodObject = commonHeaders): ZodOpenApiResponsesObject {
  return { '200': { description, headers, content: { 'application/json': { schema } } } };
}

const writeHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .regex(/^[\x20-\x7e]{1,255}$/)
    .optional()
    .meta({ description: 'Makes the request safe to retry: 1..255 printable ASCII characters, scoped to account + mode.' }),
  'Sandbox-Simulate': z
    .enum(['rate_limited', 'timeout', 'duplicate_webhooks', 'out_of_order_webhooks'])
    .optional()
    .meta({ description: 'Sandbox keys only: simulate a failure mode (comma-separated for several). An empty or unknown value is a 400.' }),
});

const readHeaders = z.object({
  'Sandbox-Simulate': z
    .enum(['rate_limited', 'timeout', 'duplicate_webhooks', 'out_of_order_webhooks'])
    .optional()
    .meta({ description: 'Sandbox keys only: on a read, `rate_limited` answers 429 at once; the other values are accepted and change nothing. An empty or unknown value is a 400.' }),
});

/** What any authenticated route may answer besides its own outcomes. */
const authErrors = [401, 403, 429, 500, 503] as const;
/** What any write may answer: a malformed header or parameter, its Idempotency-Key in use or reused. */
const writeErrors = [400, 409, 422] as const;
/** What a request body may add: too large, not form or JSON. */
const bodyErrors = [413, 415] as const;

interface OperationText {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
}

interface Operation extends OperationText {
  /** The 200 answer: its description and schema. */
  ok: [description: string, schema: z.ZodType];
  /** `{ id }` and the like; an id that does not resolve is a 404. */
  path?: z.ZodObject;
}

/**
 * A GET (or an idempotent DELETE) with the read headers. A query or a header can be malformed (400) and a
 * path id unknown (404); nothing else beyond the authentication errors.
 */
export function readOperation(op: Operation & { query?: z.ZodObject }): ZodOpenApiOperationObject {
  const { ok: [description, schema], path, query, ...text } = op;
  return {
    ...text,
    requestParams: { ...(path && { path }), ...(query && { query }), header: readHeaders },
    responses: { ...ok(description, schema), ...errors(400, ...authErrors, ...(path ? [404] : [])) },
  };
}

/**
 * A POST with Idempotency-Key and Sandbox-Simulate: 400, 409 and 422 always (headers, the key); `body`
 * (form-encoded or JSON) brings the body's errors (413, 415); `errors` adds the operation's own outcomes (402...).
 */
export function writeOperation(op: Operation & { body?: z.ZodType; errors?: number[] }): ZodOpenApiOperationObject {
  const { ok: [description, schema], path, body, errors: own = [], ...text } = op;
  return {
    ...text,
    requestParams: { ...(path && { path }), header: writeHeaders },
    ...(body && {
      requestBody: {
        // Required when an empty body is not valid (it has required fields).
        required: !body.safeParse({}).success,
        content: {
          'application/x-www-form-urlencoded': { schema: body, ...formEncoding(body) },
          'application/json': { schema: body },
        },
      },
    }),
    responses: {
      ...ok(description, schema, commonHeaders.extend(replayedHeader)),
      ...errors(...writeErrors, ...(body ? bodyErrors : []), ...authErrors, ...(path ? [404] : []), ...own),
      '409': { ...errors(409)['409'], headers: publicHeaders.extend(replayedHeader) },
    },
  };
}

/**
 * How nested fields travel in a form body: bracket notation (`metadata[key]=value`, `payouts[0][amount]=100`),
 * which OpenAPI calls deepObject.
 */
function formEncoding(body: z.ZodType): { encoding?: Record<string, { style: 'deepObject'; explode: true }> } {
  // A body of variants (src/contract/variants.ts): the nested fields of each.
  const objects = body instanceof z.ZodDiscriminatedUnion ? (body.options as z.ZodType[]) : [body];
  const nested = new Set<string>();
  for (const object of objects) {
    if (!(object instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      const inner = field instanceof z.ZodOptional || field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field;
      if (inner instanceof z.ZodObject || inner instanceof z.ZodRecord || inner instanceof z.ZodArray) nested.add(name);
    }
  }
  return nested.size ? { encoding: Object.fromEntries([...nested].map((name) => [name, { style: 'deepObject', explode: true }])) } : {};
}

interface Resource {
  /** The object's name in prose, singular and plural (`payout batch`, `payout batches`). */
  noun: string;
  plural: string;
  tags: string[];
  schema: z.ZodType;
  listSchema: z.ZodType;
  idPath: z.ZodObject;
}

/** `payout batch` → `PayoutBatch`, `top-up` → `TopUp`. */
const pascal = (words: string) => words.replace(/(?:^|[ -])(\w)/g, (_, first: string) => first.toUpperCase());

/**
 * The operations most resources have, named one way: `createPayout` (POST /v1/payouts), `listPayouts`
 * (GET /v1/payouts), `getPayout` (GET /v1/payouts/{id}), with the texts they share unless told otherwise.
 */
export function resourceOperations(r: Resource) {
  const { noun, plural, tags } = r;
  return {
    create: (op: { summary: string; description?: string; body: z.ZodType; errors?: number[]; ok?: string }) => {
      const { ok = `The ${noun}.`, ...rest } = op;
      return writeOperation({ operationId: `create${pascal(noun)}`, ...rest, tags, ok: [ok, r.schema] });
    },
    list: (summary: string, query: z.ZodObject, ok = `A page of ${plural}.`) =>
      readOperation({ operationId: `list${pascal(plural)}`, summary, tags, query, ok: [ok, r.listSchema] }),
    retrieve: (summary = `Retrieve ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`, ok = `The ${noun}.`) =>
      readOperation({ operationId: `get${pascal(noun)}`, summary, tags, path: r.idPath, ok: [ok, r.schema] }),
  };
}
