// Webhook delivery as the provider does it, plus the ways a test can make it misbehave.
//
// Sources (razorpay/markdown-docs):
// - webhooks/payouts.md, webhooks/transactions.md, webhooks/payments.md, webhooks/orders.md, webhooks/refunds.md,
//   webhooks/settlements.md, webhooks/qr-codes.md: the body {entity: "event", account_id, event, contains: [name],
//   payload: {name: {entity: {...}}}, created_at}.
// - webhooks/validate-test.md: X-Razorpay-Signature is the hex HMAC-SHA256 of the raw body keyed with the webhook
//   secret; after a secret change, retries of older events are signed with the old secret; the same event can
//   arrive more than once, recognised by the x-razorpay-event-id header; order is not guaranteed.
// - webhooks/best-practices.md, webhooks/faqs.md, webhooks/setup-edit-payments.md: a delivery succeeds on a 2xx
//   within 5 seconds; otherwise it is retried with exponential backoff (for 24 hours at the provider; here a short,
//   configurable list of delays so tests stay quick).
// Fault switches (stand-in only): drop events (a webhook that never comes), deliver twice, sign badly (sent once,
// never retried, the genuine delivery withheld until resend), hold and release in reverse order, resend, deliver
// concurrently (each event on its own after a random delay, so events raised together arrive in any order, as the
// pages warn: "order is not guaranteed"), and pretty-print bodies (JSON with indentation: a receiver must verify
// the exact bytes it got, never a re-serialisation).
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from './store.ts';

export interface WebhookConfig {
  url: string;
  secret: string;
}

export interface StoredEvent {
  id: string;
  event: string;
  body: string;
  /** The secret in force when the event was created: retries and resends are signed with it. */
  secret: string;
  createdAt: number;
}

export interface Delivery {
  eventId: string;
  event: string;
  attempt: number;
  signature: string;
  badSignature: boolean;
  /** HTTP status answered, or null when the request failed or timed out. */
  status: number | null;
  error: string | null;
  at: number;
}

/** Which events a fault applies to: every event (omitted), one name, or names starting with a prefix ending in `*`. */
export interface EventMatch {
  event?: string;
  count?: number;
}

interface Rule {
  event?: string;
  remaining: number;
}

function matches(rule: Rule, event: string): boolean {
  if (rule.remaining <= 0) return false;
  if (rule.event === undefined) return true;
  return rule.event.endsWith('*') ? event.startsWith(rule.event.slice(0, -1)) : rule.event === event;
}

function take(rules: Rule[], event: string): boolean {
  const rule = rules.find((r) => matches(r, event));
  if (!rule) return false;
  rule.remaining -= 1;
  return true;
}

export class WebhookSender {
  private config: WebhookConfig | null;
  readonly events: StoredEvent[] = [];
  readonly deliveries: Delivery[] = [];
  readonly dropped: StoredEvent[] = [];
  private readonly drops: Rule[] = [];
  private readonly duplicates: Rule[] = [];
  private readonly badSignatures: Rule[] = [];
  private readonly prettyPrints: Rule[] = [];
  /** Null: one after another; else each delivery starts on its own after up to this many ms. */
  private concurrentDelayMs: number | null = null;
  private holding = false;
  private held: StoredEvent[] = [];
  private inFlight = new Set<Promise<void>>();
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly accountId: string;
  private readonly retryDelaysMs: readonly number[];
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(opts: { config: WebhookConfig | null; accountId: string; retryDelaysMs: readonly number[]; timeoutMs: number; now: () => number }) {
    this.config = opts.config;
    this.accountId = opts.accountId;
    this.retryDelaysMs = opts.retryDelaysMs;
    this.timeoutMs = opts.timeoutMs;
    this.now = opts.now;
  }

  configure(config: WebhookConfig | null): void {
    this.config = config;
  }

  /** New events are signed with the new secret; older events keep theirs on retry and resend. */
  rotateSecret(secret: string): void {
    if (!this.config) throw new Error('no webhook is configured');
    this.config = { ...this.config, secret };
  }

  drop(match: EventMatch = {}): void {
    this.drops.push({ event: match.event, remaining: match.count ?? 1 });
  }
  duplicate(match: EventMatch = {}): void {
    this.duplicates.push({ event: match.event, remaining: match.count ?? 1 });
  }
  badlySign(match: EventMatch = {}): void {
    this.badSignatures.push({ event: match.event, remaining: match.count ?? 1 });
  }
  prettyPrint(match: EventMatch = {}): void {
    this.prettyPrints.push({ event: match.event, remaining: match.count ?? 1 });
  }
  /** On: every delivery runs on its own, started after a random delay of up to `maxDelayMs` (default 50). */
  deliverConcurrently(on: boolean, maxDelayMs = 50): void {
    this.concurrentDelayMs = on ? maxDelayMs : null;
  }
  hold(): void {
    this.holding = true;
  }
  /** Sends what was held, in the order it happened or reversed, and stops holding. */
  async release(order: 'in-order' | 'reverse' = 'in-order'): Promise<void> {
    this.holding = false;
    const batch = order === 'reverse' ? [...this.held].reverse() : [...this.held];
    this.held = [];
    await Promise.all(batch.map((ev) => this.enqueue(() => this.deliver(ev, false))));
  }
  clearFaults(): void {
    this.drops.length = 0;
    this.duplicates.length = 0;
    this.badSignatures.length = 0;
    this.prettyPrints.length = 0;
    this.concurrentDelayMs = null;
  }

  /** Called by the store for every state change. Never throws: delivery runs in the background. */
  emit(event: string, contains: 'payout' | 'transaction', entity: object): void {
    this.emitPayload(event, { [contains]: entity });
  }

  /**
   * An event carrying several entities (order.paid: payment and order; refund.*: refund and payment;
   * qr_code.credited: payment and qr_code), in the order the pages list them under `contains`.
   */
  emitPayload(event: string, entities: Record<string, object>): void {
    if (!this.config) return;
    const created_at = Math.floor(this.now() / 1000);
    const contains = Object.keys(entities);
    const payload = Object.fromEntries(contains.map((name) => [name, { entity: entities[name] }]));
    const envelope = { entity: 'event', account_id: this.accountId, event, contains, payload, created_at };
    const body = take(this.prettyPrints, event) ? JSON.stringify(envelope, null, 2) : JSON.stringify(envelope);
    const stored: StoredEvent = { id: newId('evt'), event, body, secret: this.config.secret, createdAt: created_at };
    this.events.push(stored);
    if (take(this.drops, event)) {
      this.dropped.push(stored);
      return;
    }
    if (this.holding) {
      this.held.push(stored);
      return;
    }
    const bad = take(this.badSignatures, event);
    const twice = take(this.duplicates, event);
    void this.enqueue(() => this.deliver(stored, bad));
    if (twice) void this.enqueue(() => this.deliver(stored, false));
  }

  /** Delivers an event again (same id, same body, signed with the secret of its time). */
  async resend(eventId: string): Promise<void> {
    const ev = this.events.find((e) => e.id === eventId);
    if (!ev) throw new Error(`no event ${eventId}`);
    await this.enqueue(() => this.deliver(ev, false));
  }

  /** Resolves when no delivery is running or waiting for a retry. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * Deliveries run one after another in the order they were raised (a failing one holds the line through its
   * retries), so a test sees a known order unless it asks for another with hold/release or deliverConcurrently.
   */
  private enqueue(job: () => Promise<void>): Promise<void> {
    let run: Promise<void>;
    if (this.concurrentDelayMs === null) {
      run = this.chain.then(job).catch(() => undefined);
      this.chain = run;
    } else {
      const delay = Math.floor(Math.random() * (this.concurrentDelayMs + 1));
      run = sleep(delay, undefined, { ref: false }).then(job).catch(() => undefined);
    }
    const tracked = run.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    return tracked;
  }

  private async deliver(ev: StoredEvent, badSignature: boolean): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (this.stopped || !this.config) return;
      const ok = await this.attempt(ev, attempt, badSignature);
      // A badly signed delivery is a one-off: the receiver is right to refuse it, so it is not retried.
      if (ok || badSignature) return;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delay === undefined) return;
      await sleep(delay, undefined, { ref: false });
    }
  }

  private async attempt(ev: StoredEvent, attempt: number, badSignature: boolean): Promise<boolean> {
    const key = badSignature ? `${ev.secret}-not` : ev.secret;
    const signature = createHmac('sha256', key).update(ev.body).digest('hex');
    const delivery: Delivery = { eventId: ev.id, event: ev.event, attempt, signature, badSignature, status: null, error: null, at: this.now() };
    this.deliveries.push(delivery);
    try {
      const res = await fetch(this.config!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': ev.id, 'user-agent': 'Razorpay-Webhook/v1' },
        body: ev.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await res.arrayBuffer();
      delivery.status = res.status;
      return res.status >= 200 && res.status < 300;
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : String(err);
      return false;
    }
  }
}
