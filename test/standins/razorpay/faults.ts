// Request fault switches and the request log: the ways the stand-in's API can fail on purpose, and the record a
// test asserts on ("exactly one provider payout", "never above the rate limit").
//
// Sources (razorpay/markdown-docs):
// - errors/x.md ("Handling 5XX Errors"): a 5xx or a timeout may come after the payout was created; the same key and
//   body then answer the payout as it is now. api/understand.md and api/x.md ("Rate Limits"): 429 means retry later.
// - x/payouts/best-practices.md: 5-10 requests per second; the stand-in can enforce a ceiling (maxRequestsPerSecond).

export type FaultKind = 'error' | 'timeout' | 'throttle';

export interface FaultSpec {
  /** Exact path such as `/v1/payouts`, or a prefix ending in `*` such as `/v1/payouts/*`. */
  path: string;
  /** HTTP method; every method when omitted. */
  method?: string;
  /** How many matching requests the fault takes (default 1). */
  times?: number;
  /**
   * `before`: answer without doing anything. `after`: do the work (create the payout, move the money, send its
   * webhooks), then fail: the answer is lost but the resource exists. Default `before`. A 429 is always `before`.
   */
  when?: 'before' | 'after';
  /** For `error`: the status to answer (default 500). */
  status?: number;
}

interface FaultRule extends Required<Omit<FaultSpec, 'method' | 'status'>> {
  method: string | null;
  kind: FaultKind;
  status: number;
}

export interface RecordedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  idempotencyKey: string | null;
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown;
  /** Status answered; `held` for a request the stand-in never answered (timeout fault). */
  status: number | 'held';
  fault: string | null;
  /** Date.now() when the request had been read. */
  at: number;
  /** The id of the payout/contact/fund account the request created or returned, if any. */
  resourceId: string | null;
}

export class Faults {
  private readonly rules: FaultRule[] = [];

  add(kind: FaultKind, spec: FaultSpec): void {
    this.rules.push({
      kind, path: spec.path, method: spec.method?.toUpperCase() ?? null, times: spec.times ?? 1,
      when: kind === 'throttle' ? 'before' : spec.when ?? 'before', status: kind === 'throttle' ? 429 : spec.status ?? 500,
    });
  }

  clear(): void {
    this.rules.length = 0;
  }

  /** Takes the first rule that matches this request, counting it down. */
  take(method: string, path: string): FaultRule | null {
    const rule = this.rules.find((r) => r.times > 0 && (r.method === null || r.method === method)
      && (r.path.endsWith('*') ? path.startsWith(r.path.slice(0, -1)) : r.path === path));
    if (!rule) return null;
    rule.times -= 1;
    return rule;
  }
}

/** A sliding one-second window over admitted requests. */
export class RateLimiter {
  private readonly times: number[] = [];
  limit: number | null;
  constructor(limit: number | null) {
    this.limit = limit;
  }
  admit(now: number): boolean {
    if (this.limit === null) return true;
    while (this.times.length > 0 && this.times[0] <= now - 1000) this.times.shift();
    if (this.times.length >= this.limit) return false;
    this.times.push(now);
    return true;
  }
}

/** The most requests seen in any one-second window: for asserting that a caller kept to a rate. */
export function peakPerSecond(requests: readonly { at: number }[]): number {
  const times = requests.map((r) => r.at).sort((a, b) => a - b);
  let peak = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= 1000) start++;
    peak = Math.max(peak, end - start + 1);
  }
  return peak;
}
