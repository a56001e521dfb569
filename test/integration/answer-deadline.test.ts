// An API call waiting on a workflow answers within WORKFLOW_ANSWER_TIMEOUT_MS whatever happens inside
// (issue 11): here the top-up's creating activity keeps failing with a retryable database error (a trigger
// answers serialization_failure, as a struggling database would), so the workflow cannot answer. The call
// answers 503 with Retry-After instead of hanging; its key stays bound, because the work goes on and may
// still create the top-up: other parameters get 422, and a retry with the same ones gets the one top-up.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';
import { assertApiError } from '../helpers/api-assert.ts';

const ANSWER_TIMEOUT_MS = 2000;
let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({ WORKFLOW_ANSWER_TIMEOUT_MS: String(ANSWER_TIMEOUT_MS) });
  http = createHttp(service.url);
});
after(async () => {
  await service?.sql(`drop trigger if exists stall_top_ups on top_ups`).catch(() => {});
  await service?.stop();
});

test('a workflow that cannot answer gets a 503 with Retry-After, not a hang; the key stays bound and a retry gets the one top-up', async () => {
  const { sandboxKey: key } = await service.newAccount();
  await service.sql(`create function stall_top_ups() returns trigger language plpgsql as $$
    begin
      if new.description = 'stall' then raise exception 'injected: database under pressure' using errcode = '40001'; end if;
      return new;
    end $$`);
  await service.sql(`create trigger stall_top_ups before insert on top_ups for each row execute function stall_top_ups()`);

  const body = { amount: 7_700, description: 'stall' };
  const started = Date.now();
  const first = await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'stalled-1', json: body });
  const waited = Date.now() - started;
  assertApiError(first, 503, 'service_unavailable');
  assert.equal(first.headers.get('retry-after'), '1');
  assert.match(first.body.error.message, /still being processed/);
  console.log(`# answered 503 after ${waited} ms (WORKFLOW_ANSWER_TIMEOUT_MS=${ANSWER_TIMEOUT_MS})`);

  // The key is bound to these parameters while the work goes on.
  assertApiError(await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'stalled-1', json: { ...body, amount: 1 } }), 422, 'idempotency_key_reused');
  const none = await http.get('/v1/balance', { key });
  assert.equal(none.body.available, 0);

  // The database recovers: retrying with the same key and parameters gets the top-up, made once.
  await service.sql(`drop trigger stall_top_ups on top_ups`);
  const deadline = Date.now() + 60_000;
  let retry = await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'stalled-1', json: body });
  while (retry.status === 503 || retry.status === 409) {
    assert.ok(Date.now() < deadline, `the retry got the top-up; last answer ${retry.status} ${retry.text}`);
    await new Promise((r) => setTimeout(r, 500));
    retry = await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'stalled-1', json: body });
  }
  assert.equal(retry.status, 200, retry.text);
  assert.equal(retry.body.amount, 7_700);
  const replay = await http.post('/v1/test_helpers/top_ups', { key, idempotencyKey: 'stalled-1', json: body });
  assert.equal(replay.body.id, retry.body.id);
  const balance = await http.get('/v1/balance', { key });
  assert.equal(balance.body.available, 7_700);
});
