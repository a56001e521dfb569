// A real HTTP receiver for webhook tests (node:http on a free port): records every request it gets, per
// path, and answers what the test tells it to (200 unless told otherwise).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** Date.now() when the request had been read. */
  at: number;
  /** What the receiver answered. */
  status: number;
}

/** Status to answer the nth request (from 1) on a path. */
export type Responder = (nth: number, request: ReceivedWebhook) => number;

export interface WebhookReceiver {
  /** http://127.0.0.1:port + path */
  url(path: string): string;
  port: number;
  /** Requests received on `path`, in arrival order. */
  received(path: string): ReceivedWebhook[];
  respond(path: string, responder: Responder): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests = new Map<string, ReceivedWebhook[]>();
  const responders = new Map<string, Responder>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const list = requests.get(path) ?? [];
      requests.set(path, list);
      const request: ReceivedWebhook = { path, method: req.method ?? '', headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now(), status: 200 };
      request.status = responders.get(path)?.(list.length + 1, request) ?? 200;
      list.push(request);
      res.writeHead(request.status, { 'content-type': 'text/plain' });
      res.end(request.status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received: (path) => [...(requests.get(path) ?? [])],
    respond: (path, responder) => void responders.set(path, responder),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Polls `check` until it returns a value other than undefined/false; fails with `what` and the last value. */
export async function waitUntil<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) assert.fail(`${what}: not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits for the first attempt in an endpoint's delivery log (`deliveries` reads it) and checks that it was
 * refused before connecting, for `eventId`, matching `error`, and that nothing reached `path` on the receiver.
 */
export async function assertRefusedAtConnect(
  receiver: WebhookReceiver,
  path: string,
  eventId: string,
  deliveries: () => Promise<{ event_id: string; succeeded: boolean; status_code: number | null; error: string }[]>,
  error: RegExp,
): Promise<void> {
  const log = await waitUntil('a refused attempt', async () => {
    const d = await deliveries();
    return d.length >= 1 ? d : undefined;
  });
  assert.equal(log[0].event_id, eventId);
  assert.equal(log[0].succeeded, false);
  assert.equal(log[0].status_code, null);
  assert.match(log[0].error, error);
  assert.equal(receiver.received(path).length, 0);
}
