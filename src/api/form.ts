// Form bodies and query strings in bracket notation, as Stripe's client libraries send them:
// `metadata[order]=42` → {metadata:{order:"42"}}, `payouts[0][amount]=100` → {payouts:[{amount:"100"}]},
// `enabled_events[]=a&enabled_events[]=b` → {enabled_events:["a","b"]}. Values stay strings.
//
// Parsed by qs (what those libraries encode with), configured for our limits; every refusal is a 400 naming
// the parameter: at most `parameterLimit` parameters, names nested at most MAX_DEPTH levels, a name given
// more than MAX_REPEATS times, a malformed or empty name, a name of Object.prototype (`__proto__`,
// `constructor`, `toString`: qs would drop them silently). Lists are built here, not by qs: qs's own array
// merge walks every earlier index for each parameter (a 10,000-item batch took 13 to 74 s) and closes gaps,
// so qs keeps indexes as object keys (`parseArrays: false`) and a group whose keys are exactly 0..n-1
// becomes a list afterwards; `[]` is numbered in order while decoding. `payouts[0]` and `payouts[2]`
// without `payouts[1]` stay an object, which the schema refuses as not a list. All of it is linear.
import qs from 'qs';
import { ApiError } from '../domain/errors.ts';
import { DEFAULT_PARAMETER_LIMIT } from '../contract/validation.ts';

/** Segments of a name, the root included: `payouts[0][metadata][key]` is 4. */
export const MAX_DEPTH = 6;
/** How often one name may be repeated (it becomes a list, which only list parameters accept). */
const MAX_REPEATS = 100;

/** `payouts[0][amount]`: a root without brackets, then bracket groups without brackets inside. */
const NAME = /^[^[\]]+(?:\[[^[\]]*\])*$/;

function refusal(message: string, param?: string): ApiError {
  return new ApiError('invalid_request', message, param);
}

/** The parts of `name` that become keys: `payouts[0][amount]` → ['payouts', '0', 'amount']. */
function segmentsOf(name: string): string[] {
  const open = name.indexOf('[');
  return open === -1 ? [name] : [name.slice(0, open), ...name.slice(open + 1, -1).split('][')];
}

/**
 * A qs decoder that checks every name once, numbers `[]` in order of appearance, and remembers what
 * qs's own limit errors cannot say: which name was too deep, which name came last.
 */
function nameDecoder() {
  const pushes = new Map<string, number>();
  const state = { lastName: '', tooDeep: undefined as string | undefined, decoder: undefined as unknown as qs.IParseOptions['decoder'] };
  state.decoder = (text, defaultDecoder, charset, type) => {
    const decoded: string = defaultDecoder(text, defaultDecoder, charset);
    if (type !== 'key') return decoded;
    if (decoded === '') return decoded; // an empty part (`a=1&&b=2`, a trailing `&`); `=1` is refused before
    if (!NAME.test(decoded)) throw refusal(`Malformed parameter name: ${decoded}.`, decoded);
    const segments = segmentsOf(decoded);
    if (segments.slice(0, -1).includes('')) throw refusal(`Malformed parameter name: ${decoded} ([] may only come last).`, decoded);
    const reserved = segments.find((s) => Object.hasOwn(Object.prototype, s));
    if (reserved !== undefined) throw refusal(`Parameter name not allowed: ${decoded} (${reserved} is reserved).`, decoded);
    if (segments.length > MAX_DEPTH) state.tooDeep ??= decoded;
    state.lastName = decoded;
    if (!decoded.endsWith('[]')) return decoded;
    const list = decoded.slice(0, -2);
    const index = pushes.get(list) ?? 0;
    pushes.set(list, index + 1);
    return `${list}[${index}]`;
  };
  return state;
}

/** Groups whose keys are exactly '0'..'n-1' become lists (qs leaves integer keys in ascending order). */
function withLists(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(withLists);
  const entries = Object.entries(value);
  if (entries.length > 0 && entries.every(([key], i) => key === String(i))) return entries.map(([, inner]) => withLists(inner));
  return Object.fromEntries(entries.map(([key, inner]) => [key, withLists(inner)]));
}

export interface FormOptions {
  /** Most parameters allowed; DEFAULT_PARAMETER_LIMIT unless given. */
  parameterLimit?: number;
}

export function parseForm(text: string, options: FormOptions = {}): Record<string, unknown> {
  if (!text) return {};
  if (/(?:^|&)=/.test(text)) throw refusal('A parameter has an empty name (`=value`).');
  const parameterLimit = options.parameterLimit ?? DEFAULT_PARAMETER_LIMIT;
  const names = nameDecoder();
  let parsed: Record<string, unknown>;
  try {
    parsed = qs.parse(text, {
      parameterLimit,
      depth: MAX_DEPTH - 1, // bracket groups after the root
      strictDepth: true,
      arrayLimit: MAX_REPEATS,
      parseArrays: false,
      duplicates: 'combine',
      allowDots: false,
      allowPrototypes: false,
      throwOnLimitExceeded: true,
      decoder: names.decoder,
    });
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    if (/depth/i.test(err.message)) throw refusal(`Parameter nested too deeply: ${names.tooDeep} (at most ${MAX_DEPTH} levels).`, names.tooDeep);
    if (/parameter limit/i.test(err.message)) throw refusal(`Too many parameters: at most ${parameterLimit} are allowed in one request.`);
    throw refusal(`Parameter given more than ${MAX_REPEATS} times: ${names.lastName}.`, names.lastName);
  }
  return withLists(parsed) as Record<string, unknown>;
}
