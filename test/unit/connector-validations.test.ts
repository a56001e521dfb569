// RazorpayX fund account validations: the calls against the provider stand-in (the create body per account type, a
// lookup by our notes and our fund account only, the charge as the statement shows it), what a validation means in
// our words (translate-validations.ts), the webhook as a wake-up carrying only ids, and the probe's line.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ProviderSetupError } from '../../src/connectors/errors.ts';
import { createRazorpayHttp } from '../../src/connectors/razorpay/http.ts';
import { createPayoutsApi } from '../../src/connectors/razorpay/payouts-api.ts';
import { probeRazorpayConnection, VERIFICATION_PROBE } from '../../src/connectors/razorpay/probe.ts';
import { validationReadingOf } from '../../src/connectors/razorpay/translate-validations.ts';
import { createValidationsApi, validationRequestBody, type RazorpayValidation } from '../../src/connectors/razorpay/validations-api.ts';
import { statementLineOf } from '../../src/connectors/razorpay/translate.ts';
import { translateWebhookEvent } from '../../src/connectors/razorpay/webhooks.ts';
import { newId } from '../../src/domain/ids.ts';
import { startRazorpayStandin, type RazorpayStandin } from '../standins/razorpay/index.ts';

const ACCOUNT = '7878780080316316';
const KEY = { keyId: 'rzp_test_fav1', keySecret: 'secret-fav' };
let rzp: RazorpayStandin;
const http = () => createRazorpayHttp({ baseUrl: rzp.baseUrl, ...KEY, timeoutMs: 2_000 });

before(async () => {
  rzp = await startRazorpayStandin({ ...KEY, accountNumber: ACCOUNT, openingBalance: 1_000_000, validationMode: 'instant' });
});
after(async () => {
  await rzp?.stop();
});

async function bankFundAccount(): Promise<string> {
  const api = createPayoutsApi(http());
  const contact = await api.createContact({ name: 'Gaurav Kumar', beneficiaryId: newId('beneficiary') });
  return (await api.createFundAccount({ contactId: contact.id, type: 'bank_account', name: 'Gaurav Kumar', ifsc: 'HDFC0000053', accountNumber: `7654${Date.now()}` })).id;
}

describe('fund account validation calls', () => {
  test('a bank account is sent ₹1 in INR with our id in its notes; a VPA no amount', () => {
    assert.deepEqual(validationRequestBody({ accountNumber: ACCOUNT, fundAccountId: 'fa_1', type: 'bank_account', verificationId: 'bv_1' }), {
      account_number: ACCOUNT,
      fund_account: { id: 'fa_1' },
      notes: { verification_id: 'bv_1' },
      amount: 100,
      currency: 'INR',
    });
    assert.deepEqual(validationRequestBody({ accountNumber: ACCOUNT, fundAccountId: 'fa_1', type: 'vpa', verificationId: 'bv_1' }), {
      account_number: ACCOUNT,
      fund_account: { id: 'fa_1' },
      notes: { verification_id: 'bv_1' },
    });
  });

  test('find matches our notes on our fund account only; charge is the statement debit (penny, fee, GST)', async () => {
    const api = createValidationsApi(http());
    const fundAccountId = await bankFundAccount();
    const since = Math.floor(Date.now() / 1000) - 60;
    assert.equal(await api.find(ACCOUNT, { verificationId: 'bv_find', fundAccountId }, since), null);
    const made = await api.create({ accountNumber: ACCOUNT, fundAccountId, type: 'bank_account', verificationId: 'bv_find' });
    assert.equal((await api.find(ACCOUNT, { verificationId: 'bv_find', fundAccountId }, since))?.id, made.id);
    // The same notes on another fund account are not ours.
    assert.equal(await api.find(ACCOUNT, { verificationId: 'bv_find', fundAccountId: 'fa_someone_else' }, since), null);
    assert.equal((await api.fetch(made.id)).status, 'completed');
    assert.deepEqual(await api.charge(ACCOUNT, made.id, made.created_at - 5), { debit: 100 + 354, credit: 0 });
  });

  test('a failed validation is credited back on the statement', async () => {
    const api = createValidationsApi(http());
    rzp.control.failNextValidation();
    const made = await api.create({ accountNumber: ACCOUNT, fundAccountId: await bankFundAccount(), type: 'bank_account', verificationId: 'bv_failed' });
    assert.equal(made.status, 'failed');
    assert.deepEqual(await api.charge(ACCOUNT, made.id, made.created_at - 5), { debit: 454, credit: 454 });
  });

  test('an account without the feature answers a set-up error (feature_not_enabled), and the probe says so', async () => {
    const off = await startRazorpayStandin({ ...KEY, accountNumber: ACCOUNT, validationEnabled: false });
    try {
      const api = createValidationsApi(createRazorpayHttp({ baseUrl: off.baseUrl, ...KEY, timeoutMs: 2_000 }));
      await assert.rejects(api.find(ACCOUNT, { verificationId: 'bv_x', fundAccountId: 'fa_x' }, 0), (err: unknown) => err instanceof ProviderSetupError && err.reason === 'feature_not_enabled');
      const probes = await probeRazorpayConnection({ baseUrl: off.baseUrl, ...KEY, accountNumber: ACCOUNT });
      const line = probes.find((p) => p.name === VERIFICATION_PROBE);
      assert.equal(line?.result, 'failed');
      assert.match(line?.detail ?? '', /^feature_not_enabled/);
    } finally {
      await off.stop();
    }
  });
});

const validation = (v: Partial<RazorpayValidation>): RazorpayValidation => ({ id: 'fav_1', status: 'created', created_at: 1, ...v });

describe('a validation in our words', () => {
  test('created: pending; completed active with a name: verified; invalid: beneficiary_account_invalid', () => {
    assert.deepEqual(validationReadingOf(validation({}), 7), { status: 'pending', checkAgainInMs: 7 });
    assert.deepEqual(validationReadingOf(validation({ status: 'completed', results: { account_status: 'active', registered_name: 'GAURAV KUMAR' } }), 7), {
      status: 'verified',
      nameAtBank: 'GAURAV KUMAR',
    });
    const invalid = validationReadingOf(validation({ status: 'completed', results: { account_status: 'invalid', registered_name: null } }), 7);
    assert.equal(invalid.status === 'failed' && invalid.code, 'beneficiary_account_invalid');
  });

  test('failed (a technical failure, its charge reversed) is provider_unavailable, not a verdict on the account; an unknown status is unknown', () => {
    const failed = validationReadingOf(validation({ status: 'failed', results: { account_status: '', registered_name: '' } }), 7);
    assert.equal(failed.status === 'failed' && failed.code, 'provider_unavailable');
    assert.deepEqual(validationReadingOf(validation({ status: 'processing' }), 7), { status: 'unknown', providerStatus: 'processing' });
    assert.deepEqual(validationReadingOf(validation({ status: 'completed', results: { account_status: 'dormant' } }), 7), { status: 'unknown', providerStatus: 'completed/dormant' });
  });

  test("a validation's statement lines (its debit, a failed one's reversal) are the verification's, for reconciliation", () => {
    const line = (source: Record<string, unknown>) => statementLineOf({ id: 'txn_1', amount: 454, credit: 0, debit: 454, balance: 0, created_at: 1, source }).source;
    assert.deepEqual(line({ id: 'fav_1', entity: 'fund_account.validation' }), { kind: 'verification', validationReference: 'fav_1' });
    assert.deepEqual(line({ id: 'rvrsl_1', entity: 'reversal', fund_account_validation_id: 'fav_1' }), { kind: 'verification', validationReference: 'fav_1' });
  });

  test('a validation webhook is a wake-up: only the validation id and the notes\' verification id, never its results', () => {
    const entity = { id: 'fav_9', entity: 'fund_account.validation', status: 'completed', notes: { verification_id: 'bv_9' }, results: { account_status: 'active', registered_name: 'X' } };
    for (const event of ['fund_account.validation.completed', 'fund_account.validation.failed']) {
      assert.deepEqual(translateWebhookEvent({ event, payload: { 'fund_account.validation': { entity } } }), { kind: 'verification', eventType: event, providerReference: 'fav_9', verificationId: 'bv_9' });
    }
  });
});
