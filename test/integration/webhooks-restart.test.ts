// The worker (with its outbox dispatcher) stopped while deliveries are pending, then a new worker process
// role started with the same configuration: every event still reaches the receiver. Pending retries live
// in Temporal and undispatched events in the outbox, so nothing depends on the process that went away.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { recordEvent } from '../../src/db/events.ts';
import { createLogger } from '../../src/logger.ts';
import { startStack, type Stack } from '../../src/stack.ts';
import { sleep } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { fund, vpaBeneficiary, waitForPayout } from '../helpers/payouts.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { startWebhookReceiver, waitUntil, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

let service: TestService;
let http: Http;
let receiver: WebhookReceiver;
let second: Stack | undefined;

before(async () => {
  receiver = await startWebhookReceiver();
  service = await startTestService({
    SANDBOX_PAYOUT_DELAY_MS: '200',
    WEBHOOK_RETRY_INITIAL_MS: '300',
    WEBHOOK_RETRY_MAX_MS: '2000',
    WEBHOOK_RETRY_BACKOFF: '2',
    WEBHOOK_RETRY_WINDOW_MS: '300000',
  });
  http = createHttp(service.url);
});
after(async () => {
  await second?.stop();
  await service?.stop();
  await receiver?.close();
});

test('a worker restarted while deliveries are pending loses none', async () => {
  const { sandboxKey, accountId } = await service.newAccount();
  await fund(http, sandboxKey, 1_000_000);
  const path = `/restart/${randomUUID()}`;
  let failing = true;
  receiver.respond(path, () => (failing ? 500 : 200));
  const created = await http.post('/v1/webhook_endpoints', { key: sandboxKey, json: { url: receiver.url(path), enabled_events: ['*'] } });
  assert.equal(created.status, 200, created.text);

  // Payouts whose events are being retried (the receiver fails) when the worker goes away.
  const beneficiary = await vpaBeneficiary(http, sandboxKey, 'success@upi');
  const payoutIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await http.post('/v1/payouts', { key: sandboxKey, json: { beneficiary_id: beneficiary, amount: 1000, mode: 'upi' }, idempotencyKey: `po-${randomUUID()}` });
    assert.equal(res.status, 200, res.text);
    payoutIds.push(res.body.id);
  }
  for (const id of payoutIds) await waitForPayout(http, sandboxKey, id, (p) => p.status === 'completed');
  const list = await http.get('/v1/events?limit=100', { key: sandboxKey });
  const retried: string[] = list.body.data.map((e: { id: string }) => e.id);
  assert.equal(retried.length, 6);
  await waitUntil('every event failed at least once', () => retried.every((id) => receiver.received(path).some((r) => r.headers['webhook-id'] === id)));

  await service.stack.worker!.shutdown();
  // Events committed while no worker runs: they wait in the outbox.
  const undispatched: string[] = [];
  for (let i = 0; i < 3; i++) {
    undispatched.push(
      await service.stack.orm.em
        .fork()
        .transactional((tx) => recordEvent(tx, { accountId, mode: 'sandbox', type: 'report.ready', object: { id: `rpt_${randomUUID()}`, object: 'report', status: 'ready' } })),
    );
  }
  const seen = receiver.received(path).length;
  await sleep(2000);
  assert.equal(receiver.received(path).length, seen, 'nothing is delivered while no worker runs');

  failing = false;
  second = await startStack(service.config, createLogger('silent'), 'worker', { workflowBundlePath: process.env.PAYGATE_WORKFLOW_BUNDLE });
  const all = [...retried, ...undispatched];
  await waitUntil(
    'every event delivered with a 200 after the restart',
    () => all.every((id) => receiver.received(path).some((r) => r.headers['webhook-id'] === id && r.status === 200)),
    90_000,
  );
  // The delivery log is written after the receiver answers: wait for the last rows to commit.
  const succeeded = async () =>
    (
      await service.stack.orm.em
        .fork()
        .execute<{ event_id: string }[]>(`select distinct event_id from webhook_deliveries where endpoint_id = ? and succeeded`, [created.body.id])
    )
      .map((r) => r.event_id)
      .sort();
  const logDeadline = Date.now() + 15_000;
  while ((await succeeded()).length < all.length && Date.now() < logDeadline) await sleep(100);
  assert.deepEqual(await succeeded(), [...all].sort());
  await sleep(1000);
  const successes = receiver.received(path).filter((r) => r.status === 200);
  assert.equal(successes.length, all.length, 'each event succeeds once');
});
