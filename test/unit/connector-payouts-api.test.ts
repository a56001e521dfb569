// The RazorpayX payout calls against the provider stand-in: contacts and fund accounts registered once, the payout
// created with X-Payout-Idempotency = our payout id and the body docs/api.md gives (the same on every retry, so a lost
// answer never pays twice), lookups by id and by reference_id, and the statement read from a cursor.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ProviderAnswerUnknownError, ProviderRejectedError } from '../../src/connectors/errors.ts';
import { createRazorpayHttp } from '../../src/connectors/razorpay/http.ts';
import { balanceOrder, createPayoutsApi, payoutRequestBody, type RazorpayPayoutsApi } from '../../src/connectors/razorpay/payouts-api.ts';
import { payoutReportOf } from '../../src/connectors/razorpay/translate.ts';
import { newId } from '../../src/domain/ids.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const ACCOUNT = '7878780080316316';
let rzp: RazorpayStandin;
let api: RazorpayPayoutsApi;

before(async () => {
  rzp = await startRazorpayStandin({ keyId: 'rzp_test_key1', keySecret: 'secret1', accountNumber: ACCOUNT, openingBalance: 10_000_000 });
  api = createPayoutsApi(createRazorpayHttp({ baseUrl: rzp.baseUrl, keyId: 'rzp_test_key1', keySecret: 'secret1', timeoutMs: 2_000 }));
});
after(async () => {
  await rzp?.stop();
});

async function vpaFundAccount(): Promise<string> {
  const beneficiaryId = newId('beneficiary');
  const contact = await api.createContact({ name: 'Gaurav Kumar', email: 'gaurav@example.com', phone: '+919876543210', beneficiaryId });
  return (await api.createFundAccount({ contactId: contact.id, type: 'vpa', address: 'gaurav.kumar@okaxis' })).id;
}

describe('beneficiaries', () => {
  test('the same details answer the same contact and fund account (registered once)', async () => {
    const beneficiaryId = newId('beneficiary');
    const input = { name: 'Gaurav Kumar', email: 'gaurav@example.com', phone: '+919876543210', beneficiaryId };
    const first = await api.createContact(input);
    const again = await api.createContact(input);
    assert.equal(again.id, first.id);
    assert.equal(first.reference_id, beneficiaryId);
    const bank = { contactId: first.id, type: 'bank_account' as const, name: 'Gaurav Kumar', ifsc: 'HDFC0000053', accountNumber: '765432123456789' };
    const fa = await api.createFundAccount(bank);
    assert.equal((await api.createFundAccount(bank)).id, fa.id);
    assert.equal(fa.account_type, 'bank_account');
    const vpa = await api.createFundAccount({ contactId: first.id, type: 'vpa', address: 'gaurav.kumar@okaxis' });
    assert.equal(vpa.account_type, 'vpa');
    assert.deepEqual(rzp.control.requests({ method: 'POST', path: '/v1/contacts' }).at(-1)?.body, { name: 'Gaurav Kumar', reference_id: beneficiaryId, email: 'gaurav@example.com', contact: '+919876543210' });
  });
});

describe('payouts', () => {
  test('create sends the contract\'s body with X-Payout-Idempotency = our payout id', async () => {
    const fundAccountId = await vpaFundAccount();
    const payoutId = newId('payout');
    const created = await api.createPayout({ payoutId, accountNumber: ACCOUNT, fundAccountId, amount: 10_000, transferMode: 'upi', narration: 'Invoice 42' });
    assert.match(created.id, /^pout_/);
    assert.equal(created.reference_id, payoutId);
    const [sent] = rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => r.idempotencyKey === payoutId);
    assert.deepEqual(sent.body, {
      account_number: ACCOUNT,
      fund_account_id: fundAccountId,
      amount: 10_000,
      currency: 'INR',
      mode: 'UPI',
      purpose: 'payout',
      queue_if_low_balance: false,
      reference_id: payoutId,
      narration: 'Invoice 42',
    });
    assert.equal(payoutReportOf(created).outcome.state, 'initiated');
  });

  test('an answer lost after the provider created the payout: the same call again answers that payout, and only one exists', async () => {
    const fundAccountId = await vpaFundAccount();
    const input = { payoutId: newId('payout'), accountNumber: ACCOUNT, fundAccountId, amount: 25_000, transferMode: 'upi' as const };
    rzp.control.failNext({ path: '/v1/payouts', method: 'POST', when: 'after' });
    await assert.rejects(api.createPayout(input), ProviderAnswerUnknownError);
    rzp.control.timeoutNext({ path: '/v1/payouts', method: 'POST', when: 'after' });
    await assert.rejects(api.createPayout(input), ProviderAnswerUnknownError);
    const third = await api.createPayout(input);
    const found = await api.findPayoutByReference(ACCOUNT, input.payoutId);
    assert.equal(found?.id, third.id);
    assert.equal(rzp.control.payouts().filter((p) => p.reference_id === input.payoutId).length, 1);
    const keys = new Set(rzp.control.requests({ method: 'POST', path: '/v1/payouts' }).filter((r) => (r.body as any)?.reference_id === input.payoutId).map((r) => r.idempotencyKey));
    assert.deepEqual([...keys], [input.payoutId], 'never a second key');
  });

  test('the body is built only from the payout, so every retry sends the same', () => {
    const input = { payoutId: 'po_1', accountNumber: ACCOUNT, fundAccountId: 'fa_1', amount: 100, transferMode: 'neft' as const, narration: null };
    assert.deepEqual(payoutRequestBody(input), payoutRequestBody({ ...input }));
    assert.equal(payoutRequestBody(input).mode, 'NEFT');
    assert.equal('narration' in payoutRequestBody(input), false);
  });

  test('fetch by id and find by reference_id; an unknown reference is null', async () => {
    const fundAccountId = await vpaFundAccount();
    const payoutId = newId('payout');
    const created = await api.createPayout({ payoutId, accountNumber: ACCOUNT, fundAccountId, amount: 5_000, transferMode: 'upi' });
    rzp.control.processPayout(created.id, { utr: 'HDFCN00000000001' });
    const fetched = await api.fetchPayout(created.id);
    const report = payoutReportOf(fetched);
    assert.deepEqual(report.outcome, { state: 'completed', utr: 'HDFCN00000000001' });
    assert.equal(report.payoutId, payoutId);
    assert.ok(report.fees !== null && report.tax !== null && report.fees > report.tax, 'fees include their tax');
    assert.equal((await api.findPayoutByReference(ACCOUNT, payoutId))?.id, created.id);
    assert.equal(await api.findPayoutByReference(ACCOUNT, newId('payout')), null);
    await assert.rejects(api.fetchPayout('pout_doesnotexist00'), ProviderRejectedError);
  });
});

describe('statement', () => {
  test('read from a cursor: every line once, oldest first, with the balance after each', async () => {
    const all = await api.statementSince(ACCOUNT, null);
    assert.ok(all.lines.length > 0);
    assert.ok(all.cursor);
    for (let i = 1; i < all.lines.length; i++) assert.ok(all.lines[i - 1].createdAt <= all.lines[i].createdAt);
    assert.equal(all.lines.at(-1)?.balance, rzp.control.balance());
    assert.equal(new Set(all.lines.map((l) => l.id)).size, rzp.control.transactions().length);

    const none = await api.statementSince(ACCOUNT, all.cursor);
    assert.deepEqual(none, { lines: [], cursor: all.cursor });

    const deposit = rzp.control.deposit(123_456);
    const fundAccountId = await vpaFundAccount();
    const created = await api.createPayout({ payoutId: newId('payout'), accountNumber: ACCOUNT, fundAccountId, amount: 2_000, transferMode: 'upi' });
    const next = await api.statementSince(ACCOUNT, all.cursor);
    assert.deepEqual(next.lines.map((l) => l.id), [deposit.id, ...rzp.control.transactions().filter((t) => t.id !== deposit.id && !all.lines.some((l) => l.id === t.id)).map((t) => t.id)]);
    assert.deepEqual(next.lines[0].source, { kind: 'deposit', providerReference: (deposit.source as { id: string }).id });
    assert.equal(next.lines[0].credit, 123_456);
    const debit = next.lines.find((l) => l.source.kind === 'payout');
    assert.equal(debit?.source.kind === 'payout' && debit.source.providerReference, created.id);
    assert.equal(next.lines.at(-1)?.balance, rzp.control.balance());
  });

  test('more than a page of lines is read whole', async () => {
    for (let i = 0; i < 120; i++) rzp.control.deposit(100 + i);
    const all = await api.statementSince(ACCOUNT, null);
    assert.equal(all.lines.length, rzp.control.transactions().length);
    assert.ok(all.lines.length > 120);
  });
});

describe('order within one second', () => {
  const line = (id: string, credit: number, debit: number, balance: number, at = 1_700_000_000) => ({ id, amount: credit || debit, credit, debit, balance, created_at: at });
  test('lines of one second follow their balances, whatever order they came in', () => {
    const a = line('txn_a', 1_000, 0, 11_000);
    const b = line('txn_b', 0, 300, 10_700);
    const c = line('txn_c', 50, 0, 10_750);
    const earlier = line('txn_0', 10_000, 0, 10_000, 1_699_999_999);
    assert.deepEqual(balanceOrder([earlier, c, a, b]).map((t) => t.id), ['txn_0', 'txn_a', 'txn_b', 'txn_c']);
    assert.deepEqual(balanceOrder([earlier, b, c, a]).map((t) => t.id), ['txn_0', 'txn_a', 'txn_b', 'txn_c']);
  });
  test('an ambiguous chain is left as it came', () => {
    const x = line('txn_x', 100, 0, 1_100);
    const y = line('txn_y', 0, 100, 1_000);
    assert.deepEqual(balanceOrder([y, x]).map((t) => t.id), ['txn_y', 'txn_x']);
    assert.deepEqual(balanceOrder([x, y]).map((t) => t.id), ['txn_x', 'txn_y']);
  });
});
