// The stand-in's RazorpayX Fund Account Validation, over HTTP as a connector would call it: penny drops to bank
// accounts and VPA validations, each documented refusal, the charge on the balance and statement, the outcomes
// (auto, instant, manual, scripted, slow, failed), the signed webhooks, and a create whose answer is lost.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { connectRazorpayStandin, startRazorpayStandin } from '../standins/razorpay/index.ts';
import type { RazorpayStandin, RazorpayStandinOptions } from '../standins/razorpay/index.ts';
import { startWebhookReceiver, waitUntil } from '../helpers/webhook-receiver.ts';
import type { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { type StandinAnswer, assertStandinRefused, standinCaller } from '../helpers/standin-calls.ts';

const KEY_ID = 'rzp_test_standin';
const KEY_SECRET = 'standin-key-secret';
const ACCOUNT = '7878780080316316';
const HOOK_SECRET = 'standin-webhook-secret';
const BANK_ACCOUNT = '765432123456789';
const VPA = 'gaurav.kumar@exampleupi';
/** The default charge: 300 paise plus 18% GST. */
const FEES = 354;
const PATH = '/v1/fund_accounts/validations';

let receiver: WebhookReceiver;
let standin: RazorpayStandin;
let hookPath = '';
let hookPaths = 0;

type Answer = StandinAnswer;
const call = standinCaller(() => standin.baseUrl, KEY_ID, KEY_SECRET);
/** Every refusal here is a 4xx BAD_REQUEST_ERROR. */
const assertRefused = (answer: Answer, status: number, field: string | null, description?: RegExp) => assertStandinRefused(answer, status, field, description);

async function start(opts: Partial<RazorpayStandinOptions> = {}): Promise<void> {
  await standin?.stop();
  standin = await startRazorpayStandin({ keyId: KEY_ID, keySecret: KEY_SECRET, accountNumber: ACCOUNT, webhookRetryDelaysMs: [50, 50], openingBalance: 100_000, ...opts });
  hookPath = `/hooks/razorpay/validation/${++hookPaths}`;
  standin.control.setWebhook({ url: receiver.url(hookPath), secret: HOOK_SECRET });
}

async function fundAccount(kind: 'bank_account' | 'vpa', name = 'Gaurav Kumar', account = kind === 'vpa' ? VPA : BANK_ACCOUNT): Promise<string> {
  const contact = await call('POST', '/v1/contacts', { name, type: 'vendor' });
  const fa = await call('POST', '/v1/fund_accounts', kind === 'vpa'
    ? { contact_id: contact.body.id, account_type: 'vpa', vpa: { address: account } }
    : { contact_id: contact.body.id, account_type: 'bank_account', bank_account: { name, ifsc: 'HDFC0000053', account_number: account } });
  assert.ok(fa.status === 200 || fa.status === 201, JSON.stringify(fa.body));
  return fa.body.id;
}

const bankBody = (faId: string, over: Record<string, unknown> = {}) =>
  ({ account_number: ACCOUNT, fund_account: { id: faId }, amount: 100, currency: 'INR', notes: { beneficiary: 'ben_1' }, ...over });
const vpaBody = (faId: string, over: Record<string, unknown> = {}) => ({ account_number: ACCOUNT, fund_account: { id: faId }, notes: { beneficiary: 'ben_2' }, ...over });
const validate = (body: unknown) => call('POST', PATH, body);
const fetchValidation = async (id: string) => (await call('GET', `${PATH}/${id}`)).body;
const hooks = () => receiver.received(hookPath).map((r) => ({ ...r, json: JSON.parse(r.body) }));
const waitStatus = (id: string, status: string) => waitUntil(`validation ${id} ${status}`, async () => ((await fetchValidation(id)).status === status ? true : undefined), 5000);

before(async () => {
  receiver = await startWebhookReceiver();
});
beforeEach(async () => {
  await start();
});
after(async () => {
  await standin?.stop();
  await receiver.close();
});

describe('a validation of a bank account (penny drop)', () => {
  test('is answered created, completes shortly after as active with the holder in capitals, and sends a signed webhook', async () => {
    const fa = await fundAccount('bank_account');
    const created = await validate(bankBody(fa));
    assert.equal(created.status, 200);
    const v = created.body;
    assert.match(v.id, /^fav_/);
    assert.deepEqual(
      [v.entity, v.status, v.amount, v.currency, v.results, v.utr, v.notes, v.fund_account.id, v.fund_account.bank_account.account_number],
      ['fund_account.validation', 'created', 100, 'INR', { account_status: null, registered_name: null }, null, { beneficiary: 'ben_1' }, fa, BANK_ACCOUNT],
    );
    await waitStatus(v.id, 'completed');
    const done = await fetchValidation(v.id);
    assert.deepEqual(done.results, { account_status: 'active', registered_name: 'GAURAV KUMAR' });
    assert.match(done.utr, /^[0-9]{12}$/);

    await standin.control.webhooksIdle();
    const [hook] = hooks();
    assert.equal(hook.headers['x-razorpay-signature'], createHmac('sha256', HOOK_SECRET).update(hook.body).digest('hex'));
    assert.equal(hook.json.event, 'fund_account.validation.completed');
    assert.deepEqual(hook.json.contains, ['fund_account.validation']);
    const entity = hook.json.payload['fund_account.validation'].entity;
    assert.deepEqual([entity.id, entity.status, entity.utr], [v.id, 'completed', done.utr]);
    assert.deepEqual(entity.results, { account_status: 'active', registered_name: 'GAURAV KUMAR', details: 'The beneficiary account is valid.', name_match_score: 100 });
  });

  test('debits the penny and the fee with tax once, in the balance and the statement, and sends no transaction.created', async () => {
    const fa = await fundAccount('bank_account');
    const v = (await validate(bankBody(fa))).body;
    assert.equal(standin.control.balance(), 100_000 - 100 - FEES);
    const statement = (await call('GET', `/v1/transactions?account_number=${ACCOUNT}`)).body.items;
    assert.equal(statement.length, 2);
    const [debit] = statement;
    assert.deepEqual([debit.debit, debit.credit, debit.balance], [100 + FEES, 0, 100_000 - 100 - FEES]);
    assert.deepEqual([debit.source.id, debit.source.entity, debit.source.fees, debit.source.tax], [v.id, 'fund_account.validation', FEES, 54]);
    await waitStatus(v.id, 'completed');
    assert.equal(standin.control.balance(), 100_000 - 100 - FEES, 'a completed validation keeps its charge');
    const [record] = standin.control.validationRecords();
    assert.deepEqual([record.fees, record.tax, record.charged, record.refunded], [FEES, 54, 100 + FEES, 0]);
    await standin.control.webhooksIdle();
    assert.deepEqual(hooks().map((h) => h.json.event), ['fund_account.validation.completed']);
  });
});

describe('a validation of a VPA', () => {
  test('takes no amount, charges the fee only, and completes with the contact\'s name and no UTR', async () => {
    const fa = await fundAccount('vpa', 'Saurav Kumar');
    const created = await validate(vpaBody(fa));
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.deepEqual([created.body.amount, created.body.currency, created.body.fund_account.vpa.address], [null, null, VPA]);
    assert.equal(standin.control.balance(), 100_000 - FEES);
    await waitStatus(created.body.id, 'completed');
    const done = await fetchValidation(created.body.id);
    assert.deepEqual([done.results.account_status, done.results.registered_name, done.utr], ['active', 'SAURAV KUMAR', null]);
    assertRefused(await validate(vpaBody(fa, { amount: 100 })), 400, 'amount', /not required and should not be sent/);
    assertRefused(await validate(vpaBody(fa, { currency: 'INR' })), 400, 'currency');
  });
});

describe('refusals', () => {
  test('each refusal names its field, creates nothing and charges nothing', async () => {
    const bank = await fundAccount('bank_account');
    const refused: [string, Answer, string | null, RegExp?][] = [
      ['missing account number', await validate(bankBody(bank, { account_number: undefined })), 'account_number', /account number field is required/],
      ['the contact\'s account number', await validate(bankBody(bank, { account_number: BANK_ACCOUNT })), 'account_number', /account number is invalid/],
      ['missing fund account', await validate(bankBody(bank, { fund_account: undefined })), 'fund_account', /fund account field is required/],
      ['fund account without id', await validate(bankBody(bank, { fund_account: {} })), 'fund_account.id'],
      ['fund account with more than an id', await validate(bankBody(bank, { fund_account: { id: bank, name: 'x' } })), 'fund_account.name', /not required/],
      ['unknown fund account', await validate(bankBody('fa_00000000000000')), 'fund_account.id', /id provided does not exist/],
      ['missing amount', await validate(bankBody(bank, { amount: undefined })), 'amount', /amount field is required/],
      ['amount under ₹1', await validate(bankBody(bank, { amount: 99 })), 'amount'],
      ['amount over ₹2', await validate(bankBody(bank, { amount: 201 })), 'amount'],
      ['amount not an integer', await validate(bankBody(bank, { amount: 100.5 })), 'amount'],
      ['currency', await validate(bankBody(bank, { currency: 'USD' })), 'currency'],
      ['reference_id (composite only)', await validate(bankBody(bank, { reference_id: 'ben_1' })), 'reference_id', /not required/],
      ['unknown field', await validate(bankBody(bank, { purpose: 'payout' })), 'purpose', /not required/],
      ['16 notes', await validate(bankBody(bank, { notes: Object.fromEntries([...Array(16).keys()].map((i) => [`k${i}`, 'v'])) })), 'notes'],
      ['composite body', await validate({ source_account_number: ACCOUNT, validation_type: 'pennydrop', fund_account: { account_type: 'vpa', vpa: { address: VPA } } }), null, /composite/],
    ];
    for (const [what, answer, field, description] of refused) {
      try {
        assertRefused(answer, 400, field, description);
      } catch (err) {
        assert.fail(`${what}: ${(err as Error).message}`);
      }
    }
    assert.deepEqual([standin.control.validations().length, standin.control.balance()], [0, 100_000]);
    assertRefused(await call('GET', `${PATH}/fav_00000000000000`), 400, 'id', /id provided does not exist/);
  });

  test('a validation the balance cannot cover is refused with insufficient_funds', async () => {
    await start({ openingBalance: 100 + FEES - 1 });
    const answer = await validate(bankBody(await fundAccount('bank_account')));
    assertRefused(answer, 400, null, /not have enough balance/);
    assert.equal(answer.body.error.reason, 'insufficient_funds');
    assert.equal(standin.control.validations().length, 0);
    standin.control.deposit(1);
    assert.equal((await validate(bankBody(standin.control.fundAccounts()[0].id))).status, 200);
    assert.equal(standin.control.balance(), 0);
  });

  test('an account without the feature answers the provider\'s URL-not-found until it is enabled', async () => {
    await start({ validationEnabled: false });
    const fa = await fundAccount('bank_account');
    assertRefused(await validate(bankBody(fa)), 400, null, /requested URL was not found on the server/);
    assertRefused(await call('GET', `${PATH}?account_number=${ACCOUNT}`), 400, null, /requested URL was not found/);
    assert.equal((await call('GET', `/v1/fund_accounts/${fa}`)).status, 200, 'fund accounts themselves still work');
    standin.control.setFeature('fund_account_validation', true);
    assert.equal((await validate(bankBody(fa))).status, 200);
  });
});

describe('listing', () => {
  test('account_number is mandatory; newest first with count, skip, from and to; undocumented filters are refused', async () => {
    await start({ validationMode: 'manual' });
    const bank = await fundAccount('bank_account');
    const vpa = await fundAccount('vpa');
    const ids = [];
    for (const body of [bankBody(bank), vpaBody(vpa), bankBody(bank)]) ids.push((await validate(body)).body.id);
    const all = (await call('GET', `${PATH}?account_number=${ACCOUNT}`)).body;
    assert.deepEqual([all.entity, all.count, all.items.map((v: any) => v.id)], ['collection', 3, [...ids].reverse()]);
    assert.deepEqual((await call('GET', `${PATH}?account_number=${ACCOUNT}&count=1&skip=1`)).body.items.map((v: any) => v.id), [ids[1]]);
    const now = Math.floor(Date.now() / 1000);
    assert.equal((await call('GET', `${PATH}?account_number=${ACCOUNT}&from=${now + 60}`)).body.count, 0);
    assert.equal((await call('GET', `${PATH}?account_number=${ACCOUNT}&from=${now - 60}&to=${now + 60}`)).body.count, 3);
    assertRefused(await call('GET', PATH), 400, 'account_number', /account number field is required/);
    assertRefused(await call('GET', `${PATH}?account_number=1121431121541121`), 400, 'account_number');
    assertRefused(await call('GET', `${PATH}?account_number=${ACCOUNT}&reference_id=ben_1`), 400, 'reference_id');
    assertRefused(await call('GET', `${PATH}?account_number=${ACCOUNT}&count=101`), 400, 'count');
  });
});

describe('modes and controls', () => {
  test('instant mode answers completed in the create', async () => {
    await start({ validationMode: 'instant' });
    const v = (await validate(bankBody(await fundAccount('bank_account')))).body;
    assert.deepEqual([v.status, v.results.account_status, v.results.registered_name], ['completed', 'active', 'GAURAV KUMAR']);
    await standin.control.webhooksIdle();
    assert.deepEqual(hooks().map((h) => h.json.event), ['fund_account.validation.completed']);
  });

  test('manual mode stays created; completeValidation as invalid keeps the charge; failValidation credits it back', async () => {
    await start({ validationMode: 'manual' });
    const fa = await fundAccount('bank_account');
    const first = (await validate(bankBody(fa))).body.id;
    const second = (await validate(bankBody(fa))).body.id;
    await new Promise((r) => setTimeout(r, 250));
    assert.equal((await fetchValidation(first)).status, 'created');

    const invalid = standin.control.completeValidation(first, { accountStatus: 'invalid' });
    assert.deepEqual([invalid.status, invalid.results, invalid.utr], ['completed', { account_status: 'invalid', registered_name: null }, null]);
    assert.throws(() => standin.control.completeValidation(first), /is completed, not created/);
    const failed = standin.control.failValidation(second, { reason: 'imps_disabled' });
    assert.deepEqual([failed.status, failed.results], ['failed', { account_status: '', registered_name: '' }]);
    assert.equal(standin.control.balance(), 100_000 - 100 - FEES, 'only the failed one was credited back');
    const [credit] = (await call('GET', `/v1/transactions?account_number=${ACCOUNT}`)).body.items;
    assert.deepEqual([credit.credit, credit.source.entity, credit.source.fund_account_validation_id], [100 + FEES, 'reversal', second]);
    assert.equal(standin.control.validationRecords()[1].failureReason, 'imps_disabled');

    await standin.control.webhooksIdle();
    const events = hooks().map((h) => [h.json.event, h.json.payload['fund_account.validation'].entity.results]);
    assert.deepEqual(events, [
      ['fund_account.validation.completed', { account_status: 'invalid', registered_name: null, details: 'The beneficiary account is invalid.', name_match_score: null }],
      ['fund_account.validation.failed', { account_status: '', registered_name: '', details: null, name_match_score: null }],
    ]);
  });

  test('outcomes are scripted per account number or VPA; the switches make one slow and one failed', async () => {
    await start({ validationMode: 'instant', validationOutcomes: { '1121431121541121': { accountStatus: 'invalid' }, [VPA]: { registeredName: 'G KUMAR' } } });
    const invalid = (await validate(bankBody(await fundAccount('bank_account', 'Gaurav Kumar', '1121431121541121')))).body;
    assert.deepEqual(invalid.results, { account_status: 'invalid', registered_name: null });
    const vpa = (await validate(vpaBody(await fundAccount('vpa')))).body;
    assert.deepEqual(vpa.results, { account_status: 'active', registered_name: 'G KUMAR' });

    const bank = await fundAccount('bank_account');
    standin.control.slowValidationNext({ ms: 400 });
    const slow = (await validate(bankBody(bank))).body;
    assert.equal(slow.status, 'created');
    await new Promise((r) => setTimeout(r, 150));
    assert.equal((await fetchValidation(slow.id)).status, 'created');
    await waitStatus(slow.id, 'completed');

    standin.control.failNextValidation({ reason: 'beneficiary_bank_down' });
    const failed = (await validate(bankBody(bank))).body;
    assert.equal(failed.status, 'failed');
    standin.control.setValidationOutcome(BANK_ACCOUNT, { failed: true });
    assert.equal((await validate(bankBody(bank))).body.status, 'failed');
    standin.control.setValidationOutcome(BANK_ACCOUNT, null);
    assert.equal((await validate(bankBody(bank))).body.status, 'completed');
    await standin.control.webhooksIdle();
    assert.deepEqual(hooks().map((h) => h.json.event).filter((e) => e.endsWith('failed')), ['fund_account.validation.failed', 'fund_account.validation.failed']);
  });

  test('another process drives the same controls over /_control', async () => {
    await start({ validationMode: 'manual' });
    const remote = connectRazorpayStandin(standin.baseUrl);
    const id = (await validate(vpaBody(await fundAccount('vpa')))).body.id;
    const done = await remote.completeValidation(id, { registeredName: 'GAURAV K' });
    assert.deepEqual(done.results, { account_status: 'active', registered_name: 'GAURAV K' });
    await remote.setValidationMode('instant');
    assert.equal((await validate(vpaBody(standin.control.fundAccounts()[0].id))).body.status, 'completed');
    await assert.rejects(remote.failValidation(id), /is completed, not created/);
  });
});

describe('a create whose answer is lost', () => {
  test('the validation exists and is charged once; a caller that lists and matches its notes does not send it again', async () => {
    const fa = await fundAccount('bank_account');
    standin.control.failNext({ method: 'POST', path: PATH, when: 'after' });
    const lost = await validate(bankBody(fa, { notes: { beneficiary: 'ben_9', attempt: 'a1' } }));
    assert.equal(lost.status, 500);
    const listed = (await call('GET', `${PATH}?account_number=${ACCOUNT}`)).body.items;
    const match = listed.filter((v: any) => v.notes.beneficiary === 'ben_9' && v.fund_account.id === fa);
    assert.equal(match.length, 1, 'the lost create made its validation');
    assert.equal(standin.control.balance(), 100_000 - 100 - FEES, 'charged once');
    assert.equal(standin.control.requests({ method: 'POST', path: PATH })[0].resourceId, match[0].id);
    await waitStatus(match[0].id, 'completed');

    // Nothing on the pages makes the create idempotent: sending it again is a second validation and a second charge.
    assert.equal((await validate(bankBody(fa, { notes: { beneficiary: 'ben_9', attempt: 'a1' } }))).status, 200);
    assert.deepEqual([standin.control.validations().length, standin.control.balance()], [2, 100_000 - 2 * (100 + FEES)]);
  });

  test('a create held unanswered after its work still made the validation', async () => {
    const fa = await fundAccount('vpa');
    standin.control.timeoutNext({ method: 'POST', path: PATH, when: 'after' });
    await assert.rejects(fetch(standin.baseUrl + PATH, {
      method: 'POST', signal: AbortSignal.timeout(300),
      headers: { authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify(vpaBody(fa)),
    }));
    assert.equal((await call('GET', `${PATH}?account_number=${ACCOUNT}`)).body.count, 1);
    assert.equal(standin.control.balance(), 100_000 - FEES);
  });
});
