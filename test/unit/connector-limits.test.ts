// RazorpayX's rules where they are narrower than ours (docs/api.md, Live payouts), from its pages: contact names
// (api/x/contacts/create: 3-50 characters, letters, digits, space, ’ - _ / ( ) ., not ending in a special character
// other than .), bank account names (3-120, the same set), account numbers (5-35 letters and digits), IFSC (11),
// VPAs (3-100, letters, digits, . and -, one @), narrations (at most 30 letters, digits and spaces), amounts (>= 100).
// Razorpay's pages are cited by their path in its public docs (x/payouts/states-life-cycle.md is https://razorpay.com/docs/x/payouts/states-life-cycle.md).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { connectorOf } from '../../src/connectors/index.ts';
import {
  checkBankAccountName,
  checkBankAccountNumber,
  checkContactName,
  checkIfsc,
  checkLiveBeneficiary,
  checkLiveMandate,
  checkLivePayout,
  checkNarration,
  checkPayoutAmount,
  checkVpa,
  MAX_MANDATE_MAX_AMOUNT,
  MIN_PAYOUT_AMOUNT,
} from '../../src/connectors/razorpay/limits.ts';

describe('contact name', () => {
  test('3 to 50 characters of the allowed set pass', () => {
    for (const name of ['Gaurav Kumar', 'Abc', 'A'.repeat(50), "O’Brien Ltd.", "D'Souza", 'Acme (India) Pvt Ltd.', 'R_K-Traders/2', 'Dr. A. B.']) {
      assert.equal(checkContactName(name), null, name);
    }
  });
  test('too short, too long, other characters, or ending in a special character other than . are refused, naming the param', () => {
    for (const name of ['Ab', 'A'.repeat(51), 'Acme & Sons', 'Acme, Inc', 'Ravi@Shop', 'Zoë Traders', 'Acme (India)', 'Acme-', "Acme'", 'Acme_']) {
      const v = checkContactName(name);
      assert.ok(v, name);
      assert.equal(v.param, 'name');
    }
    assert.equal(checkContactName('ab', 'beneficiary.name')?.param, 'beneficiary.name');
  });
  test('a bank account holder name may be up to 120', () => {
    assert.equal(checkBankAccountName('A'.repeat(120)), null);
    assert.ok(checkBankAccountName('A'.repeat(121)));
    assert.ok(checkBankAccountName('Ab'));
  });
});

describe('bank account and VPA', () => {
  test('account numbers: 5 to 35 letters and digits', () => {
    for (const n of ['12345', '765432123456789', 'A'.repeat(35)]) assert.equal(checkBankAccountNumber(n), null, n);
    for (const n of ['1234', 'A'.repeat(36), '1234-5678', '1234 5678']) assert.equal(checkBankAccountNumber(n)?.param, 'bank_account[account_number]', n);
  });
  test('IFSC: 11 characters', () => {
    assert.equal(checkIfsc('HDFC0000053'), null);
    assert.equal(checkIfsc('HDFC000005')?.param, 'bank_account[ifsc]');
  });
  test('VPA: 3 to 100 characters, letters, digits, . and -, one @', () => {
    for (const v of ['gaurav.kumar@exampleupi', 'a@b', `${'a'.repeat(90)}@okaxis12`, 'first-last@ok-bank']) assert.equal(checkVpa(v), null, v);
    for (const v of ['a@', `${'a'.repeat(95)}@okaxis`, 'under_score@okaxis', 'two@at@okaxis', 'noat', 'plus+1@okaxis']) assert.equal(checkVpa(v)?.param, 'vpa', v);
  });
});

describe('payout', () => {
  test('narration: at most 30 letters, digits and spaces', () => {
    for (const n of ['', 'Acme Fund Transfer', 'Invoice 42', 'A'.repeat(30)]) assert.equal(checkNarration(n), null, n);
    for (const n of ['A'.repeat(31), 'Invoice #42', 'Rent - May', 'Café']) assert.equal(checkNarration(n)?.param, 'narration', n);
  });
  test('amount: at least 100 paise', () => {
    assert.equal(MIN_PAYOUT_AMOUNT, 100);
    assert.equal(checkPayoutAmount(100), null);
    assert.equal(checkPayoutAmount(99)?.param, 'amount');
    assert.equal(checkPayoutAmount(1)?.param, 'amount');
  });
  test('checkLivePayout: the amount first, then the narration', () => {
    assert.equal(checkLivePayout({ amount: 100 }), null);
    assert.equal(checkLivePayout({ amount: 100, narration: null }), null);
    assert.equal(checkLivePayout({ amount: 99, narration: 'bad #' })?.param, 'amount');
    assert.equal(checkLivePayout({ amount: 500, narration: 'bad #' })?.param, 'narration');
  });
});

describe('checkLiveBeneficiary', () => {
  test('the name first, then the VPA or the bank account', () => {
    assert.equal(checkLiveBeneficiary({ name: 'Gaurav Kumar', type: 'vpa', vpa: 'gaurav@okaxis' }), null);
    assert.equal(checkLiveBeneficiary({ name: 'Gaurav Kumar', type: 'bank_account', bankAccount: { accountNumber: '765432123456789', ifsc: 'HDFC0000053' } }), null);
    assert.equal(checkLiveBeneficiary({ name: 'Al', type: 'vpa', vpa: 'x_y@okaxis' })?.param, 'name');
    assert.equal(checkLiveBeneficiary({ name: 'Gaurav Kumar', type: 'vpa', vpa: 'x_y@okaxis' })?.param, 'vpa');
    assert.equal(checkLiveBeneficiary({ name: 'Gaurav Kumar', type: 'bank_account', bankAccount: { accountNumber: '12-34', ifsc: 'HDFC0000053' } })?.param, 'bank_account[account_number]');
    assert.equal(checkLiveBeneficiary({ name: 'Gaurav Kumar', type: 'bank_account', bankAccount: { accountNumber: '765432123456789', ifsc: 'HDFC' } })?.param, 'bank_account[ifsc]');
  });
});

test('the registry gives the API these checks by provider, without naming it', () => {
  const limits = connectorOf('razorpay')?.limits;
  assert.ok(limits);
  assert.equal(limits.checkPayout({ amount: 99 })?.param, 'amount');
  assert.equal(limits.checkBeneficiary({ name: 'Gaurav Kumar', type: 'vpa', vpa: 'g_k@okaxis' })?.param, 'vpa');
});

// UPI AutoPay (api/payments/recurring-payments/upi/create-authorization-transaction.md: max_amount 100 to 9,999,900
// paise for most businesses; frequency weekly, monthly, quarterly, yearly, as_presented; api/customers/create.md:
// contact at most 15 characters with the country code, email at most 64; every debit names both).
describe('checkLiveMandate', () => {
  const customer = { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com', phone: '+919876543210' };
  const mandate = { maxAmount: 500_000, frequency: 'monthly' as const, customer };

  test('max_amount of 100 to 9,999,900 paise passes; outside it is refused naming max_amount', () => {
    assert.equal(MAX_MANDATE_MAX_AMOUNT, 9_999_900);
    for (const maxAmount of [100, 9_999_900]) assert.equal(checkLiveMandate({ ...mandate, maxAmount }), null, String(maxAmount));
    for (const maxAmount of [99, 9_999_901, 10_000_000, 100.5]) {
      const v = checkLiveMandate({ ...mandate, maxAmount });
      assert.equal(v?.param, 'max_amount', String(maxAmount));
      assert.match(v.message, /9999900/);
    }
  });

  test('every frequency of ours is one the provider documents', () => {
    for (const frequency of ['weekly', 'monthly', 'yearly', 'as_presented'] as const) assert.equal(checkLiveMandate({ ...mandate, frequency }), null, frequency);
    assert.equal(checkLiveMandate({ ...mandate, frequency: 'daily' as never })?.param, 'frequency');
  });

  test('the customer needs an email and phone the customer API takes, naming customer_id', () => {
    const refused = [
      { ...customer, email: null },
      { ...customer, phone: null },
      { ...customer, email: 'not-an-email' },
      { ...customer, phone: '12345' },
      { ...customer, email: `${'a'.repeat(53)}@example.com` },
      { ...customer, phone: '+9198765432101' + '23' },
    ];
    for (const c of refused) {
      const v = checkLiveMandate({ ...mandate, customer: c });
      assert.equal(v?.param, 'customer_id', JSON.stringify(c));
      assert.match(v.message, /customer/);
      assert.doesNotMatch(v.message, /payments/);
    }
    assert.equal(checkLiveMandate({ ...mandate, customer: { ...customer, email: `${'a'.repeat(52)}@example.com`, phone: '+91987654321012' } }), null, 'at the limits');
  });

  test('the registry gives it as checkMandate', () => {
    const limits = connectorOf('razorpay')?.limits;
    assert.equal(limits?.checkMandate({ ...mandate, maxAmount: 10_000_000 })?.param, 'max_amount');
    assert.equal(limits?.checkMandate(mandate), null);
  });
});
