// One way from a zod failure to the contract's 400: `invalid_request` with `param` in bracket
// notation (`metadata[order]`, `payouts[3][amount]`). Every route validates through parseParams.
import type { z } from 'zod';
import { ApiError } from '../domain/errors.ts';
import { type IssueCode, validatorOf } from './variants.ts';

/** `['payouts', 3, 'amount']` → `payouts[3][amount]`. */
export function bracketPath(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  const [head, ...rest] = path.map((p) => String(p));
  return head + rest.map((p) => `[${p}]`).join('');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let cur = input;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(cur, key)) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object (nested parameters)';
  return `a ${typeof value}`;
}

// Messages for zod's built-in checks, phrased to follow the parameter name ("amount must be ...").
// Schemas that need a better wording give their own message, which wins over this map.
const messageFor: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'object' || issue.expected === 'record') return 'must be an object (nested parameters such as `name[key]=value`)';
      if (issue.expected === 'array') return 'must be a list (`name[0]=...`)';
      return `must be ${issue.expected === 'int' ? 'an integer' : `a ${issue.expected}`}, got ${describeType(issue.input)}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at most ${issue.maximum} items`;
      return `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `must have at least ${issue.minimum} items`;
      return `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'is malformed' : `must be a valid ${issue.format}`;
    case 'invalid_union':
      return 'is not valid here';
    case 'invalid_key':
      return 'has an invalid key';
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
};

/** The first problem of a failed parse as the ApiError callers see. Unknown parameters are reported first. */
export function zodErrorToApiError(error: z.ZodError, input: unknown): ApiError {
  const issues = error.issues;
  const unknown = issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown && unknown.code === 'unrecognized_keys') {
    const param = bracketPath([...unknown.path, unknown.keys[0]]);
    return new ApiError('invalid_request', `Received unknown parameter: ${param}.`, param);
  }
  const issue = issues[0];
  const param = bracketPath(issue.path);
  // A refinement may answer with another code of the contract (an unknown payment method: invalid_method).
  const code = (issue.code === 'custom' && (issue.params as Partial<IssueCode> | undefined)?.apiCode) || 'invalid_request';
  if (!param) return new ApiError(code, `Invalid request: ${issue.message}.`);
  if (valueAt(input, issue.path) === undefined) {
    // A refinement says why a field it misses is required (`vpa (required when type is vpa)`).
    return new ApiError(code, `Missing required param: ${param}${issue.code === 'custom' ? ` (${issue.message})` : ''}.`, param);
  }
  return new ApiError(code, `Invalid ${param}: ${issue.message}.`, param);
}

/** Validates request parameters against a schema or throws the contract's 400. */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // A body of variants is validated as one flat object with the variants' pairing (src/contract/variants.ts);
  // what passes is one of the variants, with the same fields and values.
  const result = validatorOf(schema).safeParse(input, { error: messageFor });
  if (!result.success) throw zodErrorToApiError(result.error, input);
  return result.data as z.output<S>;
}

/** Nested parameters deeper than this are refused (docs/api.md, Errors; metadata is one level, batch items three). */
export const MAX_PARAM_DEPTH = 20;
/** Parameters one request may bring (docs/api.md, Errors): each value, as a form would send it, counts one. */
export const DEFAULT_PARAMETER_LIMIT = 1000;

/** NUL, or a UTF-16 surrogate without its pair: text PostgreSQL cannot store and no caller means. */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `text` holds nothing PostgreSQL's text type refuses. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The one rule for every text a request brings (body and query string, keys and values), applied as soon
 * as they are parsed, before anything is hashed, written or started: no NUL, no unpaired surrogate, no
 * nesting deeper than MAX_PARAM_DEPTH, no more than `parameterLimit` values (JSON bodies get the limit
 * forms get from their parser). Otherwise a 400, naming the parameter where one is to blame.
 */
export function assertStorableParams(params: Record<string, unknown>, parameterLimit = DEFAULT_PARAMETER_LIMIT): void {
  let count = 0;
  const visit = (value: unknown, path: string[]): void => {
    const isContainer = value !== null && typeof value === 'object';
    if (!isContainer || Object.keys(value).length === 0) {
      if (++count > parameterLimit) throw new ApiError('invalid_request', `Too many parameters: at most ${parameterLimit} are allowed in one request.`);
    }
    if (typeof value === 'string') {
      if (!isStorableText(value)) throw new ApiError('invalid_request', `Invalid ${bracketPath(path)}: must not contain NUL characters or unpaired UTF-16 surrogates.`, bracketPath(path));
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (path.length >= MAX_PARAM_DEPTH) {
      throw new ApiError('invalid_request', `Invalid ${path[0]}: nested more than ${MAX_PARAM_DEPTH} levels deep.`, path[0]);
    }
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) {
        const where = bracketPath(path) ?? key.replace(new RegExp(UNSTORABLE, 'g'), '\ufffd');
        throw new ApiError('invalid_request', `Invalid ${where}: a parameter name must not contain NUL characters or unpaired UTF-16 surrogates.`, where);
      }
      visit(inner, [...path, key]);
    }
  };
  visit(params, []);
}
