// The first money path end to end: HTTP → Update-with-Start → activity → ledger, read back through the API.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { topUpWorkflowId } from '../../src/domain/workflow-ids.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

describe('POST /v1/test_helpers/top_ups', () => {
  test('credits available and answers with the top-up', async () => {
    const { sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '250000' }, idempotencyKey: 'fund-1' });
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.id, /^topup_[0-9A-Z]{26}$/);
    assert.equal(res.body.object, 'top_up');
    assert.equal(res.body.amount, 250000);
    assert.equal(res.body.currency, 'INR');
    assert.equal(res.body.mode, 'sandbox');
    assert.equal(res.body.idempotency_key, 'fund-1');
    const balance = await http.get('/v1/balance', { key: sandboxKey });
    assert.deepEqual(balance.body, { object: 'balance', mode: 'sandbox', currency: 'INR', available: 250000, pending: 0, reserved: 0 });
    const txns = await http.get('/v1/balance_transactions', { key: sandboxKey });
    assert.equal(txns.body.data.length, 1);
    assert.equal(txns.body.data[0].type, 'top_up');
    assert.equal(txns.body.data[0].source_id, res.body.id);
    assert.equal(txns.body.data[0].amount, 250000);
  });

  test('runs as a Temporal workflow keyed by the idempotency key, with search attributes', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '100' }, idempotencyKey: 'wf-check' });
    assert.equal(res.status, 200, res.text);
    const handle = service.stack.temporal!.client.workflow.getHandle(topUpWorkflowId(accountId, 'sandbox', 'wf-check'));
    const description = await handle.describe();
    assert.equal(description.type, 'topUpWorkflow');
    assert.equal(description.status.name, 'COMPLETED');
    assert.deepEqual(description.searchAttributes.AccountId, [accountId]);
    assert.deepEqual(description.searchAttributes.Mode, ['sandbox']);
    assert.deepEqual(description.searchAttributes.ResourceId, [res.body.id]);
  });
});
