// The shapes every OpenAPI operation repeats, said once: the headers of reads and writes, the error
// responses, and what a read or a write takes and may answer. Each resource's contract file builds its
// own paths from these next to its schemas; openapi.ts only assembles them.
import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { type ErrorCode, errorCodes } from '../domain/errors.ts';
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

/** What each error code means to a caller, said once; an operation's error responses name the codes it can answer with. */
const codeTexts: Record<ErrorCode, string> = {
  invalid_request: 'a missing, malformed or unknown parameter or header (`invalid_request`)',
  invalid_method: 'a payment method or transfer mode that is unknown or does not fit (`invalid_method`)',
  beneficiary_not_verified: "the approval policy refuses payouts to this beneficiary until it is verified, or while its name does not match (`beneficiary_not_verified`)",
  authentication_failed: 'no key, an unknown, revoked or malformed key, or a wrong scheme (`authentication_failed`)',
  insufficient_funds: 'the available balance cannot cover the amount (`insufficient_funds`)',
  https_required: 'a live key over plain HTTP (`https_required`)',
  sandbox_only: 'a test helper called with a live key (`sandbox_only`)',
  invalid_signature: 'a download link whose signature does not match (`invalid_signature`)',
  connection_required: 'a live write that moves money on an account with no active provider connection (`connection_required`)',
  permission_denied: "a call the API key's role does not allow, such as an `approver` key's write (`permission_denied`); nothing was done and the Idempotency-Key stays free",
  not_found: 'an unknown id, or an id of another account or mode (`not_found`)',
  method_not_allowed: 'the route exists but not with this method (`method_not_allowed`)',
  idempotency_key_in_use: 'the same idempotency key is still being executed (`idempotency_key_in_use`)',
  invalid_state: "the action does not fit the object's status (`invalid_state`)",
  expired: 'a download link past its `expires`, or a file no longer kept (`expired`)',
  payload_too_large: 'a body over 2 MiB, 20 MiB for payout batches (`payload_too_large`)',
  unsupported_media_type: 'a body that is neither form-encoded nor JSON (`unsupported_media_type`)',
  idempotency_key_reused: 'the idempotency key was used with a different method, path or parameters (`idempotency_key_reused`)',
  rate_limited: 'too many requests (`rate_limited`); `Retry-After` says when to retry',
  internal_error: 'a bug (`internal_error`); nothing half-done is left behind',
  service_unavailable: 'the database or Temporal is unreachable (`service_unavailable`); retry later with the same key',
};

/** The error responses these codes call for, one per status, each naming its codes, in the contract's envelope. */
export function errors(...codes: ErrorCode[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(errorCodes[code].status, [...(byStatus.get(errorCodes[code].status) ?? []), code]);
  const out: ZodOpenApiResponsesObject = {};
  for (const status of [...byStatus.keys()].sort()) {
    const text = byStatus.get(status)!.map((code) => codeTexts[code]).join('; or ');
    Object.assign(out, errorResponse(status, `${text[0].toUpperCase()}${text.slice(1)}.`));
  }
  return out;
}

/** One error response in the contract's envelope, described as this operation meets it (naming its codes). */
export function errorResponse(status: number, description: string): ZodOpenApiResponsesObject {
  const headers =
    status === 429
      ? z.object({ 'Request-Id': requestIdHeader, ...rateLimitHeaders, 'Retry-After': z.int().meta({ description: 'Seconds to wait (>= 1).' }) })
      : publicHeaders;
  return { [`${status}`]: { description, headers, content: { 'application/json': { schema: errorEnvelopeSchema } } } };
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
const authErrors: ErrorCode[] = ['authentication_failed', 'https_required', 'rate_limited', 'internal_error', 'service_unavailable'];
/** What any write may answer: a malformed header or parameter, its Idempotency-Key in use or reused. */
const writeErrors: ErrorCode[] = ['invalid_request', 'idempotency_key_in_use', 'idempotency_key_reused', 'permission_denied'];
/** What a request body may add: too large, not form or JSON. */
const bodyErrors: ErrorCode[] = ['payload_too_large', 'unsupported_media_type'];

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
  /** The operation's own outcomes besides the ones every read or write has (`insufficient_funds`, `invalid_state`...). */
  errors?: ErrorCode[];
}

/**
 * A GET (or an idempotent DELETE) with the read headers. A query or a header can be malformed (400) and a
 * path id unknown (404); nothing else beyond the authentication errors.
 */
export function readOperation(op: Operation & { query?: z.ZodObject }): ZodOpenApiOperationObject {
  const { ok: [description, schema], path, query, errors: own = [], ...text } = op;
  return {
    ...text,
    requestParams: { ...(path && { path }), ...(query && { query }), header: readHeaders },
    responses: { ...ok(description, schema), ...errors('invalid_request', ...authErrors, ...(path ? ['not_found' as const] : []), ...own) },
  };
}

/**
 * A POST with Idempotency-Key and Sandbox-Simulate: 400, 409 and 422 always (headers, the key); `body`
 * (form-encoded or JSON) brings the body's errors (413, 415); `errors` adds the operation's own outcomes (402...).
 */
export function writeOperation(op: Operation & { body?: z.ZodType }): ZodOpenApiOperationObject {
  const { ok: [description, schema], path, body, errors: own = [], ...text } = op;
  const failures = errors(...writeErrors, ...(body ? bodyErrors : []), ...authErrors, ...(path ? ['not_found' as const] : []), ...own);
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
      ...failures,
      '409': { ...failures['409'], headers: publicHeaders.extend(replayedHeader) },
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
    create: (op: { summary: string; description?: string; body: z.ZodType; errors?: ErrorCode[]; ok?: string }) => {
      const { ok = `The ${noun}.`, ...rest } = op;
      return writeOperation({ operationId: `create${pascal(noun)}`, ...rest, tags, ok: [ok, r.schema] });
    },
    list: (summary: string, query: z.ZodObject, ok = `A page of ${plural}.`) =>
      readOperation({ operationId: `list${pascal(plural)}`, summary, tags, query, ok: [ok, r.listSchema] }),
    retrieve: (summary = `Retrieve ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`, ok = `The ${noun}.`) =>
      readOperation({ operationId: `get${pascal(noun)}`, summary, tags, path: r.idPath, ok: [ok, r.schema] }),
  };
}
