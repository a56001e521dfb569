// Key roles (docs/api.md, "Key roles"): what a key of each role may call, decided from the request's method and
// path before anything runs. `full` (every key made before roles) may do everything. `approver` may read and create
// reports, and nothing else. (`maker`, for servers and agents, comes with the spending limits it must carry; the
// table already takes it, and until then a maker key may call nothing.)
export const keyRoles = ['full', 'maker', 'approver'] as const;
export type KeyRole = (typeof keyRoles)[number];

/** The roles `payctl keys create --role` makes today. */
export const creatableKeyRoles = ['full', 'approver'] as const satisfies readonly KeyRole[];

const READS = new Set(['GET', 'HEAD']);

/** The writes an approver may make. */
const APPROVER_WRITES: readonly { method: string; path: RegExp }[] = [{ method: 'POST', path: /^\/v1\/reports\/transactions$/ }];

/** True when a key of `role` may make this request (`path` without its query string). */
export function roleAllows(role: KeyRole, method: string, path: string): boolean {
  switch (role) {
    case 'full':
      return true;
    case 'approver':
      return READS.has(method) || APPROVER_WRITES.some((w) => w.method === method && w.path.test(path));
    case 'maker':
      return false;
  }
}
