// The RazorpayX stand-in, exercised over HTTP as a connector would: each documented refusal, the idempotency
// rules, the statement's balances, signed webhooks, and every fault switch. No PostgreSQL or Temporal needed.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { connectRazorpayStandin, startRazorpayStandin } from '../standins/razorpay/index.ts';
import type { RazorpayStandin } from '../standins/razorpay/index.ts';
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts';
import type { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { type StandinAnswer, assertStandinRefused, standinCaller } from '../helpers/standin-calls.ts';

const KEY_ID = 'rzp_test_standin';
const KEY_SECRET = 'standin-key-secret';
const ACCOUNT = '7878780080316316';
const HOOK_SECRET = 'standin-webhook-secret';

let receiver: WebhookReceiver;
let standin: RazorpayStandin;

type Answer = StandinAnswer;
const call = standinCaller(() => standin.baseUrl, KEY_ID, KEY_SECRET);
const assertRefused = (answer: Answer, status: number, field: string | null, description?: RegExp) => assertStandinRefused(answer, status, field, description);

async function beneficiary(kind: 'bank_account' | 'vpa' = 'bank_account', name = 'Gaurav Kumar'): Promise<string> {
  const contact = await call('POST', '/v1/contacts', { name, type: 'vendor', reference_id: `ref ${name}` });
  const fa = await call('POST', '/v1/fund_accounts', kind === 'vpa'
    ? { contact_id: contact.body.id, account_type: 'vpa', vpa: { address: 'gaurav.kumar@exampleupi' } }
    : { contact_id: contact.body.id, account_type: 'bank_account', bank_account: { name, ifsc: 'HDFC0000053', account_number: '765432123456789' } });
  assert.ok(fa.status === 200 || fa.status === 201, JSON.stringify(fa.body));
  return fa.body.id;
}

function payoutBody(fundAccountId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    account_number: ACCOUNT, fund_account_id: fundAccountId, amount: 10_000, currency: 'INR', mode: 'IMPS', purpose: 'payout',
    queue_if_low_balance: false, reference_id: 'po_ref_1', narration: 'Acme Fund Transfer', notes: { our_id: 'po_1' }, ...over,
  };
}

const createPayout = (body: unknown, key: string) => call('POST', '/v1/payouts', body, { 'X-Payout-Idempotency': key });

function verify(body: string, signature: string, secret = HOOK_SECRET): boolean {
  return createHmac('sha256', secret).update(body).digest('hex') === signature;
}

// The receiver keeps every request per path: each test (and each phase of a test) gets a path of its own.
let hookPath = '';
let hookPaths = 0;
function freshHookPath(): void {
  hookPath = `/hooks/razorpay/${++hookPaths}`;
  standin.control.setWebhook({ url: receiver.url(hookPath), secret: HOOK_SECRET });
}
const received = () => receiver.received(hookPath);
const hookEvents = () => received().map((r) => JSON.parse(r.body).event as string);

before(async () => {
  receiver = await startWebhookReceiver();
});
after(async () => {
  await receiver.close();
});

beforeEach(async () => {
  await standin?.stop();
  // Each test gets a fresh account and a fresh receiver path.
  standin = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT, webhookRetryDelaysMs: [50, 50] });
  freshHookPath();
});
after(async () => {
  await standin?.stop();
});

describe('authentication and routing', () => {
  test('a request without the key pair, or with a wrong secret, is answered 401 in the provider error shape', async () => {
    const none = await fetch(`${standin.baseUrl}/v1/payouts?account_number=${ACCOUNT}`);
    assertRefused({ status: none.status, body: await none.json() }, 401, null, /Authentication failed/);
    assertRefused(await call('GET', `/v1/payouts?account_number=${ACCOUNT}`, undefined, {}, `${KEY_ID}:wrong`), 401, null);
  });

  test('an unknown path or method is the provider\'s URL-not-found error', async () => {
    assertRefused(await call('GET', '/v1/nothing'), 404, null, /requested URL was not found/);
    assertRefused(await call('DELETE', '/v1/payouts'), 404, null);
  });
});

describe('contacts and fund accounts', () => {
  test('identical contact details return the existing contact; each documented refusal names its field', async () => {
    const first = await call('POST', '/v1/contacts', { name: 'Gaurav Kumar', email: 'gaurav@example.com', type: 'employee' });
    assert.equal(first.status, 201);
    assert.match(first.body.id, /^cont_/);
    const again = await call('POST', '/v1/contacts', { name: 'Gaurav Kumar', email: 'gaurav@example.com', type: 'employee' });
    assert.equal(again.status, 200);
    assert.equal(again.body.id, first.body.id);
    assert.notEqual((await call('POST', '/v1/contacts', { name: 'Gaurav Kumar', type: 'employee' })).body.id, first.body.id);

    assertRefused(await call('POST', '/v1/contacts', { email: 'x@example.com' }), 400, 'name', /name field is required/);
    assertRefused(await call('POST', '/v1/contacts', { name: 'Al' }), 400, 'name');
    assertRefused(await call('POST', '/v1/contacts', { name: 'Gaurav Kumar!' }), 400, 'name');
    assertRefused(await call('POST', '/v1/contacts', { name: 'Gaurav Kumar', type: 'Employee' }), 400, 'type', /Invalid type: Employee/);
    assertRefused(await call('POST', '/v1/contacts', { name: 'Gaurav Kumar', nickname: 'G' }), 400, 'nickname', /is\/are not required and should not be sent/);
    assert.equal(standinContacts(), 2);
  });

  test('identical fund account details return the existing one; bad IFSC, account number, VPA and contact are refused', async () => {
    const contact = (await call('POST', '/v1/contacts', { name: 'Gaurav Kumar' })).body.id;
    const bank = { contact_id: contact, account_type: 'bank_account', bank_account: { name: 'Gaurav Kumar', ifsc: 'HDFC0000053', account_number: '765432123456789' } };
    const first = await call('POST', '/v1/fund_accounts', bank);
    assert.equal(first.status, 201);
    assert.equal(first.body.bank_account.bank_name, 'HDFC Bank');
    const again = await call('POST', '/v1/fund_accounts', bank);
    assert.deepEqual([again.status, again.body.id], [200, first.body.id]);

    const withBank = (over: Record<string, unknown>) => ({ ...bank, bank_account: { ...bank.bank_account, ...over } });
    assertRefused(await call('POST', '/v1/fund_accounts', withBank({ ifsc: 'HDFC000005' })), 400, 'bank_account.ifsc');
    assertRefused(await call('POST', '/v1/fund_accounts', withBank({ account_number: '7654-3212' })), 400, 'bank_account.account_number');
    assertRefused(await call('POST', '/v1/fund_accounts', withBank({ name: 'Gaurav Kumar-' })), 400, 'bank_account.name');
    assertRefused(await call('POST', '/v1/fund_accounts', { ...bank, contact_id: 'cont_00000000000000' }), 400, 'contact_id', /id provided does not exist/);
    assertRefused(await call('POST', '/v1/fund_accounts', { ...bank, account_type: 'wallet' }), 400, 'account_type');
    const vpa = await call('POST', '/v1/fund_accounts', { contact_id: contact, account_type: 'vpa', vpa: { address: 'gaurav.kumar@exampleupi' } });
    assert.deepEqual([vpa.status, vpa.body.vpa.handle], [201, 'exampleupi']);
    assertRefused(await call('POST', '/v1/fund_accounts', { contact_id: contact, account_type: 'vpa', vpa: { address: 'a@b@c' } }), 400, 'vpa.address');
    assert.equal(standin.control.fundAccounts().length, 2);
    assert.equal((await call('GET', `/v1/fund_accounts/${first.body.id}`)).body.contact_id, contact);
    assert.equal((await call('GET', `/v1/contacts/${contact}`)).body.name, 'Gaurav Kumar');
    assertRefused(await call('GET', '/v1/contacts/cont_00000000000000'), 400, 'id', /does not exist/);
  });
});

function standinContacts(): number {
  return standin.control.contacts().length;
}

describe('payout validation', () => {
  test('each documented refusal of POST /v1/payouts names its field and creates nothing', async () => {
    standin.control.deposit(10_000_000);
    const bank = await beneficiary('bank_account');
    const vpa = await beneficiary('vpa', 'Saurav Kumar');
    const body = payoutBody(bank);
    const refused: [string, Answer, string | null, RegExp?][] = [
      ['missing key', await call('POST', '/v1/payouts', body), 'X-Payout-Idempotency', /Idempotency key is missing/],
      ['short key', await createPayout(body, 'abc'), 'X-Payout-Idempotency'],
      ['key outside the set', await createPayout(body, 'po_1!'), 'X-Payout-Idempotency'],
      ['key too long', await createPayout(body, 'k'.repeat(37)), 'X-Payout-Idempotency'],
      ['amount under 100', await createPayout(payoutBody(bank, { amount: 99 }), 'k-amount'), 'amount'],
      ['amount not integer', await createPayout(payoutBody(bank, { amount: 100.5 }), 'k-amount-int'), 'amount'],
      ['lower-case mode', await createPayout(payoutBody(bank, { mode: 'imps' }), 'k-mode'), 'mode'],
      ['narration punctuation', await createPayout(payoutBody(bank, { narration: 'Acme, Inc' }), 'k-narr'), 'narration'],
      ['narration too long', await createPayout(payoutBody(bank, { narration: 'N'.repeat(31) }), 'k-narr-len'), 'narration'],
      ['reference too long', await createPayout(payoutBody(bank, { reference_id: 'r'.repeat(41) }), 'k-ref'), 'reference_id'],
      ['unknown field', await createPayout(payoutBody(bank, { beneficiary: 'x' }), 'k-extra'), 'beneficiary', /not required/],
      ['currency', await createPayout(payoutBody(bank, { currency: 'USD' }), 'k-cur'), 'currency'],
      ['purpose', await createPayout(payoutBody(bank, { purpose: 'gift' }), 'k-purpose'), 'purpose'],
      ['queue flag type', await createPayout(payoutBody(bank, { queue_if_low_balance: 'no' }), 'k-queue'), 'queue_if_low_balance'],
      ['16 notes', await createPayout(payoutBody(bank, { notes: Object.fromEntries([...Array(16).keys()].map((i) => [`k${i}`, 'v'])) }), 'k-notes'), 'notes'],
      ['missing account number', await createPayout(payoutBody(bank, { account_number: undefined }), 'k-acct'), 'account_number', /account number field is required/],
      ['other account number', await createPayout(payoutBody(bank, { account_number: '1121431121541121' }), 'k-acct2'), 'account_number'],
      ['unknown fund account', await createPayout(payoutBody('fa_00000000000000'), 'k-fa'), 'fund_account_id', /does not exist/],
      ['UPI to a bank account', await createPayout(payoutBody(bank, { mode: 'UPI' }), 'k-upi'), 'mode'],
      ['IMPS to a VPA', await createPayout(payoutBody(vpa), 'k-imps-vpa'), 'mode'],
      ['RTGS under 2 lakh', await createPayout(payoutBody(bank, { mode: 'RTGS' }), 'k-rtgs'), 'amount'],
      ['UPI over 1 lakh', await createPayout(payoutBody(vpa, { mode: 'UPI', amount: 10_000_001 }), 'k-upi-max'), 'amount'],
    ];
    for (const [what, answer, field, description] of refused) {
      try {
        assertRefused(answer, 400, field, description);
      } catch (err) {
        assert.fail(`${what}: ${(err as Error).message}`);
      }
    }
    assert.equal(standin.control.payouts().length, 0);
    assert.equal(standin.control.balance(), 10_000_000);
    const good = await createPayout(payoutBody(vpa, { mode: 'UPI' }), 'k-good');
    assert.deepEqual([good.status, good.body.status], [200, 'processing']);
  });

  test('a payout the balance cannot cover is refused with insufficient_funds unless queueing is asked for', async () => {
    const fa = await beneficiary();
    const short = await createPayout(payoutBody(fa), 'k-short');
    assertRefused(short, 400, null);
    assert.equal(short.body.error.reason, 'insufficient_funds');
    assert.equal(standin.control.payouts().length, 0);

    const queued = await createPayout(payoutBody(fa, { queue_if_low_balance: true }), 'k-queued');
    assert.equal(queued.body.status, 'queued');
    assert.deepEqual([queued.body.status_details.reason, queued.body.fees, queued.body.tax], ['low_balance', 0, 0]);
    standin.control.deposit(20_000);
    const now = await call('GET', `/v1/payouts/${queued.body.id}`);
    assert.deepEqual([now.body.status, now.body.fees, now.body.tax], ['processing', 1062, 162]);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents().filter((e) => e.startsWith('payout.')), ['payout.queued', 'payout.initiated']);
  });
});

describe('idempotency', () => {
  test('the same key and body answer the payout as it is now; another body is refused; a re-ordered body is the same body', async () => {
    standin.control.deposit(1_000_000);
    const fa = await beneficiary();
    const first = await createPayout(payoutBody(fa), 'po_0001-key');
    assert.deepEqual([first.status, first.body.status], [200, 'processing']);
    standin.control.processPayout(first.body.id, { utr: 'HDFCN00000000001' });

    const again = await createPayout(payoutBody(fa), 'po_0001-key');
    assert.deepEqual([again.status, again.body.id, again.body.status, again.body.utr], [200, first.body.id, 'processed', 'HDFCN00000000001']);
    const reordered = Object.fromEntries(Object.entries(payoutBody(fa)).reverse());
    assert.equal((await createPayout(reordered, 'po_0001-key')).body.id, first.body.id);

    const other = await createPayout(payoutBody(fa, { amount: 20_000 }), 'po_0001-key');
    assertRefused(other, 400, 'X-Payout-Idempotency', /Different request body sent for the same Idempotency Header/);
    assert.equal(standin.control.payouts().length, 1);
    assert.equal(standin.control.requests({ method: 'POST', path: '/v1/payouts' }).length, 4);
  });
});

describe('statement and lists', () => {
  test('deposit, payout debit (amount + fees, tax inside fees) and reversal credit each carry the balance after them', async () => {
    standin.control.deposit(100_000, { payerName: 'Acme Treasury' });
    const fa = await beneficiary();
    const payout = (await createPayout(payoutBody(fa), 'k-statement')).body;
    assert.deepEqual([payout.fees, payout.tax], [1062, 162]);
    assert.equal(standin.control.balance(), 100_000 - 10_000 - 1062);
    standin.control.processPayout(payout.id);
    standin.control.reversePayout(payout.id, { source: 'beneficiary_bank', reason: 'bank_account_closed', description: 'The beneficiary account is closed.' });
    assert.equal(standin.control.balance(), 100_000);

    const list = await call('GET', `/v1/transactions?account_number=${ACCOUNT}&count=100`);
    assert.equal(list.status, 200);
    assert.equal(list.body.entity, 'collection');
    const oldestFirst = [...list.body.items].reverse();
    assert.deepEqual(oldestFirst.map((t: any) => [t.source.entity, t.credit, t.debit, t.balance]), [
      ['bank_transfer', 100_000, 0, 100_000],
      ['payout', 0, 11_062, 88_938],
      ['reversal', 11_062, 0, 100_000],
    ]);
    assert.equal(oldestFirst[1].source.id, payout.id);
    assert.equal(oldestFirst[2].source.payout_id, payout.id);
    const one = await call('GET', `/v1/transactions/${oldestFirst[1].id}`);
    assert.equal(one.body.source.status, 'reversed');

    const planted = standin.control.adjustBalance(-250, 'unexplained charge');
    assert.deepEqual([planted.debit, planted.balance, planted.source.entity], [250, 99_750, 'adjustment']);

    const paged = await call('GET', `/v1/transactions?account_number=${ACCOUNT}&count=1&skip=2`);
    assert.deepEqual(paged.body.items.map((t: any) => t.id), [oldestFirst[1].id]);
    assertRefused(await call('GET', `/v1/transactions?account_number=${ACCOUNT}&count=101`), 400, 'count', /may not be greater than 100/);
    assertRefused(await call('GET', '/v1/transactions'), 400, 'account_number');
  });

  test('payouts are found by reference_id and status, newest first', async () => {
    standin.control.deposit(1_000_000);
    const fa = await beneficiary();
    const a = (await createPayout(payoutBody(fa, { reference_id: 'ref-a' }), 'k-list-a')).body;
    const b = (await createPayout(payoutBody(fa, { reference_id: 'ref-b' }), 'k-list-b')).body;
    standin.control.processPayout(b.id);
    const byRef = await call('GET', `/v1/payouts?account_number=${ACCOUNT}&reference_id=ref-a`);
    assert.deepEqual(byRef.body.items.map((p: any) => p.id), [a.id]);
    const all = await call('GET', `/v1/payouts?account_number=${ACCOUNT}`);
    assert.deepEqual(all.body.items.map((p: any) => p.id), [b.id, a.id]);
    const processed = await call('GET', `/v1/payouts?account_number=${ACCOUNT}&status=processed`);
    assert.deepEqual(processed.body.items.map((p: any) => p.id), [b.id]);
    assertRefused(await call('GET', `/v1/payouts?account_number=${ACCOUNT}&colour=red`), 400, 'colour');
    assertRefused(await call('GET', '/v1/payouts/pout_00000000000000'), 400, 'id', /does not exist/);
  });
});

describe('webhooks', () => {
  test('each state change is POSTed with an X-Razorpay-Signature node:crypto verifies and a unique X-Razorpay-Event-Id', async () => {
    standin.control.deposit(100_000);
    const fa = await beneficiary();
    const payout = (await createPayout(payoutBody(fa), 'k-hooks')).body;
    standin.control.processPayout(payout.id, { utr: 'UTR0001' });
    await standin.control.webhooksIdle();
    const got = received();
    assert.deepEqual(hookEvents(), ['transaction.created', 'payout.initiated', 'transaction.created', 'payout.processed']);
    for (const r of got) {
      assert.ok(verify(r.body, r.headers['x-razorpay-signature']), 'signature verifies');
      assert.match(r.headers['x-razorpay-event-id'], /^evt_/);
    }
    assert.equal(new Set(got.map((r) => r.headers['x-razorpay-event-id'])).size, got.length);
    const processed = JSON.parse(got[3].body);
    assert.deepEqual([processed.entity, processed.contains, processed.payload.payout.entity.id, processed.payload.payout.entity.utr], ['event', ['payout'], payout.id, 'UTR0001']);
    const deposit = JSON.parse(got[0].body).payload.transaction.entity;
    assert.deepEqual([deposit.credit, deposit.balance, deposit.source.entity], [100_000, 100_000, 'bank_transfer']);
  });

  test('a delivery answered 5xx is retried with the same event id and body', async () => {
    receiver.respond(hookPath, (nth) => (nth === 1 ? 500 : 200));
    standin.control.deposit(5_000);
    await standin.control.webhooksIdle();
    const got = received();
    assert.deepEqual(got.map((r) => r.status), [500, 200]);
    assert.equal(got[0].headers['x-razorpay-event-id'], got[1].headers['x-razorpay-event-id']);
    assert.equal(got[0].body, got[1].body);
  });

  test('duplicate, reversed, badly signed and dropped deliveries; resend; a rotated secret', async () => {
    standin.control.deposit(100_000);
    await standin.control.webhooksIdle();
    const fa = await beneficiary();
    freshHookPath();

    standin.control.duplicateWebhooks({ event: 'payout.initiated' });
    const p1 = (await createPayout(payoutBody(fa), 'k-dup')).body;
    await standin.control.webhooksIdle();
    const initiated = received().filter((r) => JSON.parse(r.body).event === 'payout.initiated');
    assert.equal(initiated.length, 2);
    assert.equal(initiated[0].headers['x-razorpay-event-id'], initiated[1].headers['x-razorpay-event-id']);

    freshHookPath();
    standin.control.holdWebhooks();
    standin.control.processPayout(p1.id);
    standin.control.reversePayout(p1.id);
    assert.equal(received().length, 0);
    await standin.control.releaseWebhooks('reverse');
    assert.deepEqual(hookEvents(), ['payout.reversed', 'payout.processed']);

    freshHookPath();
    receiver.respond(hookPath, (_nth, r) => (verify(r.body, r.headers['x-razorpay-signature']) ? 200 : 400));
    standin.control.badlySignWebhooks({ event: 'payout.*' });
    const p2 = (await createPayout(payoutBody(fa, { reference_id: 'p2' }), 'k-badsig')).body;
    await standin.control.webhooksIdle();
    const bad = received().filter((r) => JSON.parse(r.body).event === 'payout.initiated');
    assert.deepEqual(bad.map((r) => r.status), [400], 'sent once, not retried');
    const badEvent = standin.control.webhookEvents().find((e) => e.event === 'payout.initiated' && JSON.parse(e.body).payload.payout.entity.id === p2.id)!;
    await standin.control.resendWebhook(badEvent.id);
    assert.equal(received().at(-1)!.status, 200);

    freshHookPath();
    standin.control.dropWebhooks({ event: 'payout.processed' });
    standin.control.processPayout(p2.id);
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents(), []);
    assert.deepEqual(standin.control.droppedWebhooks().map((e) => e.event), ['payout.processed']);

    standin.control.rotateWebhookSecret('rotated-secret');
    standin.control.deposit(1_000);
    await standin.control.webhooksIdle();
    const fresh = received().at(-1)!;
    assert.ok(verify(fresh.body, fresh.headers['x-razorpay-signature'], 'rotated-secret'), 'a new event is signed with the new secret');
    receiver.respond(hookPath, () => 200);
    await standin.control.resendWebhook(badEvent.id);
    const old = received().at(-1)!;
    assert.ok(verify(old.body, old.headers['x-razorpay-signature'], HOOK_SECRET), 'an older event keeps the secret of its time');
  });
});

describe('request fault switches', () => {
  test('500 after creating: the payout exists once, and the retry with the same key answers it', async () => {
    standin.control.deposit(100_000);
    const fa = await beneficiary();
    standin.control.failNext({ method: 'POST', path: '/v1/payouts', when: 'after' });
    const lost = await createPayout(payoutBody(fa), 'k-500-after');
    assertRefused(lost, 500, null, /facing some trouble/);
    assert.equal(standin.control.payouts().length, 1);
    const retry = await createPayout(payoutBody(fa), 'k-500-after');
    assert.deepEqual([retry.status, retry.body.id], [200, standin.control.payouts()[0].id]);
    assert.equal(standin.control.payouts().length, 1);
  });

  test('500 before creating leaves nothing; a 503 can be asked for', async () => {
    standin.control.deposit(100_000);
    const fa = await beneficiary();
    standin.control.failNext({ method: 'POST', path: '/v1/payouts', status: 503 });
    assert.equal((await createPayout(payoutBody(fa), 'k-503')).status, 503);
    assert.equal(standin.control.payouts().length, 0);
  });

  test('a timeout after creating holds the connection; the payout exists and the retry finds it', async () => {
    standin.control.deposit(100_000);
    const fa = await beneficiary();
    standin.control.timeoutNext({ method: 'POST', path: '/v1/payouts', when: 'after' });
    await assert.rejects(fetch(`${standin.baseUrl}/v1/payouts`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`, 'content-type': 'application/json', 'X-Payout-Idempotency': 'k-timeout' },
      body: JSON.stringify(payoutBody(fa)),
      signal: AbortSignal.timeout(300),
    }));
    assert.equal(standin.control.payouts().length, 1);
    assert.equal(standin.control.requests({ path: '/v1/payouts' })[0].status, 'held');
    const retry = await createPayout(payoutBody(fa), 'k-timeout');
    assert.equal(retry.body.id, standin.control.payouts()[0].id);

    standin.control.timeoutNext({ method: 'POST', path: '/v1/payouts' });
    await assert.rejects(fetch(`${standin.baseUrl}/v1/payouts`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(300) }));
    assert.equal(standin.control.payouts().length, 1, 'a timeout before creating creates nothing');
  });

  test('429 for the next N requests, and a per-second ceiling', async () => {
    standin.control.throttleNext({ path: '/v1/payouts/*', times: 2 });
    const path = '/v1/payouts/pout_00000000000000';
    const statuses = [(await call('GET', path)).status, (await call('GET', path)).status, (await call('GET', path)).status];
    assert.deepEqual(statuses, [429, 429, 400]);

    standin.control.setRateLimit(3);
    const burst = await Promise.all([...Array(6)].map(() => call('GET', `/v1/payouts?account_number=${ACCOUNT}`)));
    assert.deepEqual(burst.map((a) => a.status).sort(), [200, 200, 200, 429, 429, 429]);
    assertRefused(burst.find((a) => a.status === 429)!, 429, null);
    assert.ok(standin.control.peakRequestsPerSecond({ path: '/v1/payouts' }) >= 6);
  });
});

describe('payout life cycle driven by the test', () => {
  test('failed with the given status_details returns the debit; the UTR arriving later is payout.updated', async () => {
    standin.control.deposit(100_000);
    const fa = await beneficiary();
    const p = (await createPayout(payoutBody(fa), 'k-fail')).body;
    const details = { source: 'beneficiary_bank' as const, reason: 'imps_not_allowed', description: 'IMPS is not enabled on the beneficiary account.' };
    standin.control.failPayout(p.id, details);
    const now = (await call('GET', `/v1/payouts/${p.id}`)).body;
    assert.deepEqual([now.status, now.status_details], ['failed', details]);
    assert.equal(standin.control.balance(), 100_000);
    assert.throws(() => standin.control.processPayout(p.id), /not processing/);

    const q = (await createPayout(payoutBody(fa, { reference_id: 'q' }), 'k-utr')).body;
    standin.control.processPayout(q.id);
    standin.control.setPayoutUtr(q.id, 'UTR-LATE-1');
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents().filter((e) => e.startsWith('payout.')), ['payout.initiated', 'payout.failed', 'payout.initiated', 'payout.processed', 'payout.updated']);
    assert.equal(JSON.parse(received().at(-1)!.body).payload.payout.entity.utr, 'UTR-LATE-1');
  });

  test('a queued payout can be cancelled through the API; other states cannot', async () => {
    const fa = await beneficiary();
    const p = (await createPayout(payoutBody(fa, { queue_if_low_balance: true }), 'k-cancel')).body;
    const cancelled = await call('POST', `/v1/payouts/${p.id}/cancel`);
    assert.deepEqual([cancelled.status, cancelled.body.status], [200, 'cancelled']);
    assertRefused(await call('POST', `/v1/payouts/${p.id}/cancel`), 400, 'id');
  });

  test('with the approval workflow a payout waits pending, then is approved or rejected', async () => {
    await standin.stop();
    standin = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT, approvalWorkflow: true, openingBalance: 100_000 });
    freshHookPath();
    const fa = await beneficiary();
    const a = (await createPayout(payoutBody(fa), 'k-appr-a')).body;
    const b = (await createPayout(payoutBody(fa, { reference_id: 'b' }), 'k-appr-b')).body;
    assert.deepEqual([a.status, a.fees, standin.control.balance()], ['pending', 0, 100_000]);
    assert.equal(standin.control.approvePayout(a.id).status, 'processing');
    assert.equal(standin.control.rejectPayout(b.id).status, 'rejected');
    await standin.control.webhooksIdle();
    assert.deepEqual(hookEvents().filter((e) => e.startsWith('payout.')), ['payout.pending', 'payout.pending', 'payout.initiated', 'payout.rejected']);
  });
});

describe('control from another process', () => {
  test('connectRazorpayStandin drives the same account over /_control', async () => {
    const remote = connectRazorpayStandin(standin.baseUrl);
    const txn = await remote.deposit(12_345);
    assert.equal(txn.balance, 12_345);
    assert.equal(await remote.balance(), 12_345);
    await assert.rejects(remote.processPayout('pout_missing'), /does not exist/);
    await waitUntil('deposit webhook', () => hookEvents().includes('transaction.created'));
  });
});
