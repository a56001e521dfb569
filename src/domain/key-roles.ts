// Key roles (docs/api.md, "Key roles"): what a key of each role may call, decided from the request's method and
// path before anything runs. `full` (every key made before roles) may do everything. `maker` (servers and agents)
// may do everything but approve or reject, change the approval policy or write webhook endpoints, and refunds only
// with `--refunds allow`. `approver` may read, create reports, and approve, reject or cancel waiting payouts and
// batches, and nothing else. The MCP tools call the same API with the same key, one HTTP call per tool, so each
// tool is judged here as the call it makes.
import type { KeyLimits } from './approvals.ts';

export const keyRoles = ['full', 'maker', 'approver'] as const;
export type KeyRole = (typeof keyRoles)[number];

/** The roles `payctl keys create --role` makes. */
export const creatableKeyRoles = keyRoles;

/** What roleAllows needs of a key: its role, and for a maker its refund setting. */
export interface KeyGrant {
  role: KeyRole;
  limits: Pick<KeyLimits, 'refunds'>;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * The path as the router will match it: the router ignores case and a trailing slash and decodes each segment
 * before it compares (`/v1/payouts/x/%61pprove/` reaches the approve route), so the rules compare the same form,
 * or a maker could reach a refused route by spelling it differently. Null when a segment does not decode.
 */
function segmentsOf(path: string): string[] | null {
  const parts = path.replace(/\/+$/, '').split('/').slice(1);
  try {
    return parts.map((part) => decodeURIComponent(part).toLowerCase());
  } catch {
    return null;
  }
}

/** `*` stands for one segment (an object id). */
function matches(segments: string[], pattern: string): boolean {
  const want = pattern.split('/').slice(1);
  return segments.length === want.length && want.every((w, i) => w === '*' || w === segments[i]);
}

/** Where people decide on a waiting payout or batch: never a maker's call. */
const APPROVAL_DECISIONS = ['/v1/payouts/*/approve', '/v1/payouts/*/reject', '/v1/payout_batches/*/approve', '/v1/payout_batches/*/reject'];
const CANCELS = ['/v1/payouts/*/cancel', '/v1/payout_batches/*/cancel'];
const APPROVER_WRITES = ['/v1/reports/transactions', ...APPROVAL_DECISIONS, ...CANCELS];
/** Every route that creates a refund (a refund is money leaving, so a maker needs `--refunds allow`). */
const REFUND_CREATION = ['/v1/refunds'];

/** True when this key may make this request (`path` without its query string). */
export function roleAllows(key: KeyGrant, method: string, path: string): boolean {
  if (key.role === 'full') return true;
  if (READS.has(method)) return true;
  const segments = segmentsOf(path);
  // A path that cannot be decoded reaches no route; refusing it keeps the rules below simple.
  if (!segments) return false;
  switch (key.role) {
    case 'approver':
      return method === 'POST' && APPROVER_WRITES.some((p) => matches(segments, p));
    case 'maker':
      // Every write there, whatever the method: the approval policy and webhook endpoints are a full key's.
      if (segments[0] === 'v1' && (segments[1] === 'webhook_endpoints' || segments[1] === 'approval_policy')) return false;
      if (APPROVAL_DECISIONS.some((p) => matches(segments, p))) return false;
      if (REFUND_CREATION.some((p) => matches(segments, p))) return key.limits.refunds === 'allow';
      return true;
  }
}
