// What reconciliation reads of a RazorpayX account (the connector's ProviderAccountReader), against the stand-in:
// the statement since a cursor in our words (deposits, payout debits with their fees, reversals, lines nothing
// explains), every page of it (`count`/`skip` past the provider's 100), each request at the connection's pace, a
// 429 waited out, and a payout as the provider shows it now.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createRazorpayAccountReader } from '../../src/connectors/razorpay/account-reader.ts';
import { createPayoutsApi } from '../../src/connectors/razorpay/payouts-api.ts';
import { createRazorpayHttp } from '../../src/connectors/razorpay/http.ts';
import type { ProviderAccountReader } from '../../src/rails/provider.ts';
import { newId } from '../../src/domain/ids.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const ACCOUNT = '7878780080316316';
const KEY = { keyId: 'rzp_test_reader1', keySecret: 'reader-secret' };
let rzp: RazorpayStandin;
let reader: ProviderAccountReader;
let paced = 0;

before(async () => {
  rzp = await startRazorpayStandin({ ...KEY, accountNumber: ACCOUNT });
  reader = createRazorpayAccountReader({
    connectionId: 'conn_test',
    baseUrl: rzp.baseUrl,
    ...KEY,
    accountNumber: ACCOUNT,
    em: () => assert.fail('the reader keeps no records'),
    pace: async () => {
      paced++;
    },
    checkAgainInMs: 1_000,
  });
});
after(async () => {
  await rzp?.stop();
});

test('the statement since a cursor, in our words, each line once, at the pace', async () => {
  const deposit = rzp.control.deposit(500_000);
  const api = createPayoutsApi(createRazorpayHttp({ baseUrl: rzp.baseUrl, ...KEY }));
  const contact = await api.createContact({ name: 'Gaurav Kumar', beneficiaryId: newId('beneficiary') });
  const fa = await api.createFundAccount({ contactId: contact.id, type: 'vpa', address: 'gaurav.reader@okaxis' });
  const payoutId = newId('payout');
  const payout = await api.createPayout({ payoutId, accountNumber: ACCOUNT, fundAccountId: fa.id, amount: 10_000, transferMode: 'upi' });
  rzp.control.processPayout(payout.id);
  rzp.control.reversePayout(payout.id);
  rzp.control.adjustBalance(-500, 'unexplained');

  const before = paced;
  const all = await reader.listTransactions(null);
  assert.ok(paced > before, 'every request waits for the pace');
  assert.deepEqual(all.lines.map((l) => l.source.kind), ['deposit', 'payout', 'reversal', 'other']);
  assert.equal(all.lines[0].id, deposit.id);
  assert.equal(all.lines[0].credit, 500_000);
  const debit = all.lines[1].source;
  assert.equal(debit.kind, 'payout');
  if (debit.kind === 'payout') {
    assert.equal(debit.providerReference, payout.id);
    assert.equal(debit.fees, rzp.control.payout(payout.id).fees);
  }
  const reversal = all.lines[2].source;
  assert.ok(reversal.kind === 'reversal' && reversal.payoutProviderReference === payout.id);
  assert.equal(all.lines.at(-1)!.balance, rzp.control.balance());

  assert.deepEqual((await reader.listTransactions(all.cursor)).lines, []);
  const later = rzp.control.deposit(1_000);
  const next = await reader.listTransactions(all.cursor);
  assert.deepEqual(next.lines.map((l) => l.id), [later.id]);

  const report = await reader.payout(payout.id);
  assert.equal(report.payoutId, payoutId);
  assert.equal(report.outcome.state, 'returned');
});

test('a statement longer than one page is read whole (count and skip), and a 429 is waited out', async () => {
  const { cursor } = await reader.listTransactions(null);
  for (let i = 0; i < 130; i++) rzp.control.deposit(100 + i);
  rzp.control.throttleNext({ path: '/v1/transactions' });
  const read = await reader.listTransactions(cursor);
  assert.equal(read.lines.length, 130);
  assert.equal(new Set(read.lines.map((l) => l.id)).size, 130);
  assert.equal(read.lines.at(-1)!.balance, rzp.control.balance());
  const pages = rzp.control.requests({ method: 'GET', path: '/v1/transactions' }).slice(-3);
  assert.deepEqual(pages.map((r) => [r.status, r.query.count, r.query.skip]), [[429, '100', '0'], [200, '100', '0'], [200, '100', '100']]);
});
