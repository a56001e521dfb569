// The payment link rules the link workflow applies (src/domain/payment-links.ts), and the hosted page's own
// parsing of what a customer types and of its form tokens.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { afterCapture, callbackTarget, cancelProblem, expire, initialLinkState, payAmountProblem, payableRange, upiIntent } from '../../src/domain/payment-links.ts';
import { formTokens, parseRupees } from '../../src/api/pages/pay.ts';

const full = initialLinkState({ amount: 10_000, acceptPartial: false, firstMinPartialAmount: null });
const partial = initialLinkState({ amount: 10_000, acceptPartial: true, firstMinPartialAmount: 4_000 });

describe('what a pay attempt may be', () => {
  test('a full link takes exactly what is due', () => {
    assert.deepEqual(payableRange(full), { min: 10_000, max: 10_000 });
    assert.equal(payAmountProblem(full, 10_000), undefined);
    assert.equal(payAmountProblem(full, 9_999), 'This link takes exactly ₹100.00.');
    assert.equal(payAmountProblem(full, 10_001), 'At most ₹100.00 is still due.');
  });

  test('a partial link: the first payment at least first_min_partial_amount, later ones at least ₹1, never past the amount', () => {
    assert.equal(payAmountProblem(partial, 3_999), 'The amount must be at least ₹40.00.');
    assert.equal(payAmountProblem(partial, 4_000), undefined);
    const after = afterCapture(partial, 'pay_1', 9_950, 1);
    assert.equal(after.status, 'partially_paid');
    assert.deepEqual(payableRange(after), { min: 50, max: 50 }, 'less than ₹1 due: exactly what is due');
    assert.equal(payAmountProblem(after, 51), 'At most ₹0.50 is still due.');
    const some = afterCapture(partial, 'pay_1', 5_000, 1);
    assert.deepEqual(payableRange(some), { min: 100, max: 5_000 });
    assert.equal(payAmountProblem(some, 99), 'The amount must be at least ₹1.00.');
    const paid = afterCapture(some, 'pay_2', 5_000, 2);
    assert.equal(paid.status, 'paid');
    assert.equal(paid.paidAt, 2);
    assert.deepEqual(paid.paymentIds, ['pay_1', 'pay_2']);
    assert.equal(payAmountProblem(paid, 1), 'This link has been paid.');
  });

  test('no amount that is not a positive whole number of paise', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 60]) assert.ok(payAmountProblem(partial, bad), String(bad));
  });

  test('expired and cancelled links take nothing; only a created link cancels', () => {
    assert.equal(payAmountProblem(expire(full, 5), 10_000), 'This link has expired.');
    assert.equal(expire(full, 5).expiredAt, 5);
    assert.equal(expire(afterCapture(full, 'p', 10_000, 1), 9).status, 'paid', 'a paid link stays paid');
    assert.equal(cancelProblem('created'), undefined);
    for (const s of ['partially_paid', 'paid', 'expired', 'cancelled'] as const) assert.ok(cancelProblem(s), s);
  });
});

describe('links the page hands out', () => {
  test('the UPI intent: payee, link as reference, amount in rupees with two decimals, INR, note; spaces as %20', () => {
    const intent = upiIntent({ vpa: 'paygate@upi', name: 'Asha & Sons' }, 'plink_1', 123_450, 'Diwali hamper');
    assert.equal(intent, 'upi://pay?pa=paygate%40upi&pn=Asha%20%26%20Sons&tr=plink_1&am=1234.50&cu=INR&tn=Diwali%20hamper');
  });

  test('the callback keeps its own query and adds the outcome', () => {
    const target = new URL(callbackTarget('https://shop.example/thanks?order=7', { linkId: 'plink_1', paymentId: 'pay_1', status: 'paid' }));
    assert.deepEqual(Object.fromEntries(target.searchParams), { order: '7', payment_link_id: 'plink_1', payment_id: 'pay_1', status: 'paid' });
  });
});

describe('what the customer types', () => {
  test('rupees: digits with up to two decimals, commas and ₹ allowed; nothing else', () => {
    assert.equal(parseRupees('500'), 50_000);
    assert.equal(parseRupees('500.5'), 50_050);
    assert.equal(parseRupees('₹1,250.05'), 125_005);
    assert.equal(parseRupees(' 0.01 '), 1);
    for (const bad of ['', '.5', '5.', '5.005', '1e3', '-1', '0x10', 'NaN', '12345678901']) assert.equal(parseRupees(bad), undefined, bad);
  });

  test('form tokens: good for their own link for an hour, not forged, not altered', () => {
    const tokens = formTokens(Buffer.alloc(32, 7));
    const t = tokens.issue('plink_A', 1_000_000_000);
    assert.equal(tokens.check('plink_A', t, 1_000_000_000 + 3_599_000), true);
    assert.equal(tokens.check('plink_A', t, 1_000_000_000 + 3_601_000), false, 'expired');
    assert.equal(tokens.check('plink_B', t, 1_000_000_000), false, 'another link');
    assert.equal(tokens.check('plink_A', `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`, 1_000_000_000), false, 'altered');
    assert.equal(formTokens(Buffer.alloc(32, 8)).check('plink_A', t, 1_000_000_000), false, 'another deployment');
    for (const junk of ['', 'x', '1.2.3', `${t}.x`, '\u0000']) assert.equal(tokens.check('plink_A', junk), false, junk);
  });
});
