// Building blocks shared by every resource's request and response schemas.
// Request schemas accept both encodings the contract allows: form bodies deliver every value as a
// string ("100"), JSON bodies may carry real numbers (100); both mean the same.
import { z } from 'zod';
import 'zod-openapi';
import { MAX_AMOUNT, MIN_AMOUNT, parseAmount } from '../domain/money.ts';
import { modes } from '../domain/modes.ts';

export const METADATA_MAX_KEYS = 20;
export const METADATA_KEY_MAX = 40;
export const METADATA_VALUE_MAX = 500;
export const DESCRIPTION_MAX = 500;
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 10;

/** Documents a number-or-digits union as the integer it means. */
function integerSchema(min: number, max: number) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.anyOf;
    delete jsonSchema.oneOf;
    Object.assign(jsonSchema, { type: 'integer', minimum: min, maximum: max });
  };
}

/** An amount in paise: a JSON integer or a string of digits, `min <= amount <= max` (parseAmount decides). */
export function amountParam(options: { min?: number; max?: number; description?: string } = {}) {
  const min = options.min ?? MIN_AMOUNT;
  const max = options.max ?? MAX_AMOUNT;
  return z
    .union([z.number(), z.string()], { error: 'must be a whole number of paise' })
    .transform((value, ctx) => {
      const parsed = parseAmount(value, min, max);
      if (!parsed.ok) {
        ctx.issues.push({ code: 'custom', message: parsed.reason, input: value });
        return z.NEVER;
      }
      return parsed.value;
    })
    .meta({
      description: options.description ?? 'Amount in paise (integer). Form bodies send it as a string of digits.',
      override: integerSchema(min, max),
    });
}

/**
 * An integer in a response that may pass 2^53 (a balance, a sum of amounts): a plain number while it is a safe
 * integer, else the exact digits as raw JSON text (JSON.stringify writes them as a JSON integer, no quotes).
 * The API's one serialisation (src/api/json.ts) and the stored idempotent replays keep those digits.
 */
export type JsonInteger = number | RawJSON;

export function jsonInteger(value: bigint): JsonInteger {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : JSON.rawJSON(value.toString());
}

/** A JsonInteger as decimal digits, for text meant for people (the CLI). */
export function jsonIntegerText(value: JsonInteger): string {
  return typeof value === 'number' ? String(value) : value.rawJSON;
}

/** The schema of a JsonInteger: an `integer` in OpenAPI, with no bound that a double could not hold. */
export function jsonIntegerSchema(description?: string) {
  return z
    .custom<JsonInteger>((value) => (typeof value === 'number' ? Number.isInteger(value) : JSON.isRawJSON(value)))
    .meta({ ...(description ? { description } : {}), override: { type: 'integer' } });
}

/** `INR`, the only currency; `inr` is accepted as the same. Defaults to INR. */
export const currencyParam = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return 'INR' as const;
    if (value.toUpperCase() !== 'INR') {
      ctx.issues.push({ code: 'custom', message: 'must be INR (the only supported currency)', input: value });
      return z.NEVER;
    }
    return 'INR' as const;
  })
  .meta({ description: 'Currency code. Only `INR` is supported; defaults to `INR`.', override: { type: 'string', enum: ['INR'], default: 'INR' } });

export const descriptionParam = z
  .string()
  .max(DESCRIPTION_MAX)
  .optional()
  .meta({ description: `Free text, at most ${DESCRIPTION_MAX} characters.` });

/**
 * Up to 20 string keys (<= 40 chars) with string values (<= 500 chars). Checked by hand so that each
 * problem names its own key (`metadata[order]`).
 */
export const metadataParam = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > METADATA_MAX_KEYS) {
      ctx.addIssue({ code: 'custom', message: `must have at most ${METADATA_MAX_KEYS} keys`, path: [] });
      return;
    }
    // Lengths in characters (code points), as JSON Schema's maxLength counts them: an emoji is one, not two.
    const length = (text: string) => [...text].length;
    for (const key of keys) {
      if (key.length === 0 || length(key) > METADATA_KEY_MAX) {
        ctx.addIssue({ code: 'custom', message: `keys must be 1 to ${METADATA_KEY_MAX} characters long`, path: [key] });
        return;
      }
      const v = value[key];
      if (typeof v !== 'string') {
        ctx.addIssue({ code: 'custom', message: 'values must be strings', path: [key] });
        return;
      }
      if (length(v) > METADATA_VALUE_MAX) {
        ctx.addIssue({ code: 'custom', message: `values must be at most ${METADATA_VALUE_MAX} characters`, path: [key] });
        return;
      }
    }
  })
  .transform((value) => value as Record<string, string>)
  .optional()
  .meta({
    description: `Up to ${METADATA_MAX_KEYS} keys (<= ${METADATA_KEY_MAX} characters) with string values (<= ${METADATA_VALUE_MAX} characters). Form: \`metadata[key]=value\`.`,
    override: {
      type: 'object',
      maxProperties: METADATA_MAX_KEYS,
      propertyNames: { maxLength: METADATA_KEY_MAX, minLength: 1 },
      additionalProperties: { type: 'string', maxLength: METADATA_VALUE_MAX },
    },
  });

export const EMAIL_MAX = 254;

/**
 * An email address as JSON Schema's `email` format reads it, so that what the document calls valid is taken and
 * what it calls invalid is refused: a local part of at most 64 characters (RFC 5321), dot-separated atoms of
 * letters, digits and `_'+-`; domain labels of 1 to 63 that neither start nor end with a hyphen and have none at
 * their 3rd and 4th places (reserved for punycode); a final label of letters.
 */
const EMAIL_PATTERN =
  /^(?=[^@]{1,64}@)(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:(?![A-Za-z0-9]{2}--)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const emailParam = (description: string) => z.email({ pattern: EMAIL_PATTERN }).max(EMAIL_MAX).meta({ description });

export const phoneParam = (description = '10 to 15 digits, optionally after `+`.') =>
  z
    .string()
    .regex(/^\+?[0-9]{10,15}$/, 'must be 10 to 15 digits, optionally after a +')
    .meta({ description });

/**
 * The paying customer's IP address and browser user agent, as the business's own page saw them: sent to the provider
 * where its pages ask for them (never made up when absent); accepted and ignored in the sandbox.
 */
export const customerIpParam = z
  .union([z.ipv4(), z.ipv6()], { error: 'must be an IPv4 or IPv6 address' })
  .optional()
  .meta({ description: "The paying customer's IP address, as your server saw their browser's request. Sent to the provider where it asks for it; live netbanking requires it (400 without). Ignored in the sandbox." });

export const userAgentParam = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[\x20-\x7e]+$/, 'must be printable ASCII, as an HTTP User-Agent header is')
  .optional()
  .meta({ description: "The paying customer's browser `User-Agent`, as your server received it. Sent to the provider where it asks for it. Ignored in the sandbox." });

/** A boolean from JSON (`true`/`false`) or a form (`"true"`/`"false"`); nothing else. */
export function booleanParam(description: string) {
  return z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'must be true or false' })
    .transform((value) => value === true || value === 'true')
    .meta({ description, override: { type: 'boolean' } });
}

/** A non-negative integer from a query string or JSON, within [min, max]. */
export function intParam(min: number, max: number, description?: string) {
  return z
    .union([z.number(), z.string()], { error: 'must be an integer' })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^[0-9]{1,16}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.issues.push({ code: 'custom', message: `must be an integer between ${min} and ${max}`, input: value });
        return z.NEVER;
      }
      return n;
    })
    .meta({ description, override: integerSchema(min, max) });
}

/** The last second of year 9999: a larger `created` bound is surely a mistake (milliseconds sent as seconds). */
export const CREATED_MAX = 253_402_300_799;

const createdBound = (description: string) => intParam(0, CREATED_MAX, `${description} (unix seconds).`).optional();

/** `created[gte]=...&created[lt]=...`: bounds on `created_at`, in any combination. */
export const createdParam = z
  .strictObject({
    gt: createdBound('Only objects created after this time'),
    gte: createdBound('Only objects created at or after this time'),
    lt: createdBound('Only objects created before this time'),
    lte: createdBound('Only objects created at or before this time'),
  })
  .optional()
  .meta({
    description: 'Only objects whose `created_at` (unix seconds) is within these bounds: `created[gte]`, `created[gt]`, `created[lte]`, `created[lt]`.',
    param: { style: 'deepObject', explode: true },
  });

/** The parameters every list endpoint takes (docs/api.md, Conventions: Lists). */
export const listParams = {
  limit: intParam(1, LIST_LIMIT_MAX, `How many objects to return, 1 to ${LIST_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}).`)
    .optional()
    .transform((v) => v ?? LIST_LIMIT_DEFAULT),
  starting_after: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Cursor: the id of an object of this list; returns the objects created before it. Not together with `ending_before`, and an id that names no such object, are 400.' }),
  ending_before: z
    .string()
    .min(1)
    .max(255)
    .optional()
    .meta({ description: 'Cursor: the id of an object of this list; returns the objects created after it. Not together with `starting_after`, and an id that names no such object, are 400.' }),
  created: createdParam,
};

export const modeSchema = z.enum(modes).meta({ id: 'Mode', description: 'The world the object lives in; decided by the API key.' });

export const metadataSchema = z
  .record(z.string(), z.string())
  .meta({ id: 'Metadata', description: 'Caller-supplied string keys and values.' });

/** `{object:"list", data, has_more, url}` around one resource's schema. */
export function listSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      object: z.literal('list'),
      data: z.array(item),
      has_more: z.boolean().meta({ description: 'True when more objects exist beyond this page (in the direction of the cursor).' }),
      url: z.string(),
    })
    .meta({ id });
}

export const errorTypes = [
  'invalid_request_error',
  'authentication_error',
  'idempotency_error',
  'rate_limit_error',
  'request_failed',
  'api_error',
] as const;

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      type: z.enum(errorTypes),
      code: z.string().meta({ description: 'Stable machine-readable code; branch on this, never on `message`.' }),
      message: z.string().meta({ description: 'Human-readable explanation.' }),
      param: z.string().optional().meta({ description: 'The input to blame, in bracket notation (`payouts[3][amount]`).' }),
      request_id: z.string().meta({ description: 'Also in the `Request-Id` response header.' }),
    }),
  })
  .meta({ id: 'Error' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
