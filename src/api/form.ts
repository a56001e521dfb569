// Form bodies and query strings in bracket notation, as Stripe's client libraries send them:
// `metadata[order]=42` → {metadata:{order:"42"}}, `payouts[0][amount]=100` → {payouts:[{amount:"100"}]},
// `enabled_events[]=a&enabled_events[]=b` → {enabled_events:["a","b"]}. Values stay strings.
// Written by hand rather than with qs: no dot notation, no 20-item array limit (payout batches hold
// 10,000 items), no prototype pollution, and a clear 400 for a name given twice or both as a value and a group.
import { ApiError } from '../domain/errors.ts';
import { bracketPath } from '../contract/validation.ts';

export const MAX_DEPTH = 6;

type Node = { [key: string]: Node | string };

function malformed(param: string, message: string): ApiError {
  return new ApiError('invalid_request', message, param);
}

/** `payouts[0][amount]` → ['payouts', '0', 'amount']; `events[]` → ['events', '']. */
function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open === -1) {
    if (key.includes(']')) throw malformed(key, `Malformed parameter name: ${key}.`);
    return [key];
  }
  const root = key.slice(0, open);
  const rest = key.slice(open);
  if (!root || !/^(\[[^[\]]*\])+$/.test(rest)) throw malformed(key, `Malformed parameter name: ${key}.`);
  const segments = [root];
  for (const m of rest.matchAll(/\[([^[\]]*)\]/g)) segments.push(m[1]);
  return segments;
}

function newNode(): Node {
  return Object.create(null) as Node;
}

function setOwn(node: Node, key: string, value: Node | string): void {
  // defineProperty so that a key named __proto__ is just a key.
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

const isIndex = (k: string) => /^(0|[1-9][0-9]{0,8})$/.test(k);

/** Containers whose keys are exactly 0..n-1 become arrays; everything else stays an object. */
function finish(node: Node | string): unknown {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every(isIndex)) {
    const indexes = keys.map(Number).sort((a, b) => a - b);
    if (indexes.every((n, i) => n === i)) return indexes.map((i) => finish(node[String(i)]));
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) Object.defineProperty(out, key, { value: finish(node[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

export function parseForm(text: string): Record<string, unknown> {
  const root = newNode();
  if (!text) return {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    if (rawKey === '') continue;
    const segments = splitKey(rawKey);
    if (segments.length > MAX_DEPTH) throw malformed(rawKey, `Parameter nested too deeply: ${rawKey}.`);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      let seg = segments[i];
      const last = i === segments.length - 1;
      if (seg === '') {
        if (!last) throw malformed(rawKey, `Malformed parameter name: ${rawKey} ([] may only come last).`);
        seg = String(Object.keys(node).length);
      }
      const path = bracketPath(segments.slice(0, i + 1).map((s, j) => (j === i ? seg : s))) ?? rawKey;
      const existing = Object.prototype.hasOwnProperty.call(node, seg) ? node[seg] : undefined;
      if (last) {
        if (existing !== undefined) {
          throw malformed(path, typeof existing === 'string' ? `Parameter given more than once: ${path}.` : `Parameter ${path} cannot be both a value and a group of values.`);
        }
        setOwn(node, seg, value);
      } else {
        if (typeof existing === 'string') throw malformed(path, `Parameter ${path} cannot be both a value and a group of values.`);
        if (existing === undefined) {
          const child = newNode();
          setOwn(node, seg, child);
          node = child;
        } else {
          node = existing;
        }
      }
    }
  }
  return finish(root) as Record<string, unknown>;
}
