// A collection whose workflow started before collections charged through mandates has no debit rules in its plan:
// it charged with no notice and at any hour. The migration gave it a mandate; a run of today's code with such a plan
// (the next run of one under way, since each charge continues the workflow as new) takes up today's rules and
// announces every debit (collection.upcoming) the notice period ahead. A run under way when the code changed keeps
// its course to its next charge (the patch marker; its recorded history replays in replay.test.ts). Such a run is
// started here through Temporal with the plan it had then (the API starts none any more); the rest is read through
// the API.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { newId } from '../../src/domain/ids.ts';
import { collectionWorkflowId } from '../../src/domain/workflow-ids.ts';
import { collectionWorkflow } from '../../workflows/collection.ts';
import { activeMandate, collectionEventTypes, waitForCollection } from '../helpers/collections.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const NOTICE_S = 2;
const INTERVAL_MS = 6_000;

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService({
    COLLECTION_INTERVAL_MS: String(INTERVAL_MS),
    COLLECTION_NOTICE_SECONDS: String(NOTICE_S),
    UPI_AUTOPAY_WINDOWS: '00:00-24:00',
  });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

test('a run whose plan has no debit rules takes them up: each debit announced the notice period ahead', async () => {
  const { accountId, sandboxKey: key } = await service.newAccount();
  const mandate = await activeMandate(http, key);
  const collectionId = newId('collection');
  const startAt = Date.now() + 1_000;
  await service.stack.temporal!.client.workflow.start(collectionWorkflow, {
    taskQueue: service.config.TEMPORAL_TASK_QUEUE,
    workflowId: collectionWorkflowId(collectionId),
    args: [
      {
        request: {
          collectionId,
          accountId,
          mode: 'sandbox',
          idempotencyKey: `plan-upgrade-${randomUUID()}`,
          customerId: mandate.customer_id,
          mandateId: mandate.id,
          amount: 2_000,
          currency: 'INR',
          schedule: 'monthly',
          dayOfMonth: null,
          startAt,
          totalCount: 2,
          description: null,
          metadata: {},
        },
        // The plan as runs started before mandates carry it: no `debit`.
        plan: { schedule: 'monthly', startAt, dayOfMonth: null, intervalMs: INTERVAL_MS, totalCount: 2, retryDelaysMs: [60_000] },
      },
    ],
  });

  for (let i = 0; i < 100 && (await http.get(`/v1/collections/${collectionId}`, { key })).status === 404; i++) await new Promise((r) => setTimeout(r, 100));
  const done = await waitForCollection(http, key, collectionId, (c) => c.status === 'completed', 60_000);
  assert.equal(done.paid_count, 2);
  assert.deepEqual(await collectionEventTypes(http, key, collectionId, { upcoming: true }), [
    'collection.upcoming',
    'collection.charged',
    'collection.upcoming',
    'collection.charged',
    'collection.completed',
  ]);
  const events = (await http.get('/v1/events?type=collection.upcoming&limit=100', { key })).body.data.filter((e: any) => e.data.object.id === collectionId);
  assert.equal(events.length, 2);
  for (const e of events) assert.ok(e.data.debit_at >= e.created_at + NOTICE_S, 'the notice period before the debit');
});
