// Bodies whose shape depends on one field (src/contract/variants.ts): a beneficiary's `type`, a payment's
// `method`. The route validates them as one flat object so a problem names one field; these tests hold that
// reading to the variants the document shows (`oneOf` with a discriminator): it accepts exactly what one
// variant accepts, with the same values, and refuses the rest naming the field a caller has to fix.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { z } from 'zod';
import { ApiError } from '../../src/domain/errors.ts';
import { createBeneficiaryParams } from '../../src/contract/beneficiaries.ts';
import { createOpenApiDocument } from '../../src/contract/openapi.ts';
import { createPaymentParams } from '../../src/contract/payments.ts';
import { parseParams } from '../../src/contract/validation.ts';

/** What a caller sees: the parsed params, or the error's code and param. */
function outcome(schema: z.ZodType, body: unknown): { ok: unknown } | { code: string; param: string | undefined } {
  try {
    return { ok: parseParams(schema, body) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { code: err.code, param: err.param };
  }
}

const refused = (code: string, param: string) => ({ code, param });

/** Every combination of the values given for each field (undefined: the field is left out). */
function combinations(fields: Record<string, unknown[]>): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [name, values] of Object.entries(fields)) {
    out = out.flatMap((body) => values.map((value) => (value === undefined ? body : { ...body, [name]: value })));
  }
  return out;
}

const beneficiaryBodies = combinations({
  name: [undefined, 'Ravi', ''],
  type: [undefined, 'vpa', 'bank_account', 'card', 5],
  bank_account: [undefined, { account_number: '123456789012', ifsc: 'HDFC0001234' }, { account_number: '123456789012', ifsc: 'x' }, 'text'],
  vpa: [undefined, 'ravi@okhdfc', 'ravi'],
  email: [undefined, 'ravi@example.com', 'ravi'],
  zzz: [undefined, '1'],
});
const paymentBodies = combinations({
  amount: [undefined, 100, '250', '1.5'],
  method: [undefined, 'upi', 'netbanking', 'card', ''],
  vpa: [undefined, 'success@upi', 'bad'],
  bank: [undefined, 'hdfc', 'HDFC1'],
  tip: [undefined, '5'],
});

describe('bodies of variants', () => {
  test('a payment: upi may name a vpa (the sandbox route requires it; live UPI goes by intent), netbanking needs bank, each refuses the other, anything else is invalid_method', () => {
    const base = { amount: 100, method: 'upi', vpa: 'success@upi' };
    assert.deepEqual(outcome(createPaymentParams, base), { ok: { amount: 100, currency: 'INR', method: 'upi', vpa: 'success@upi' } });
    assert.deepEqual(outcome(createPaymentParams, { amount: '100', method: 'netbanking', bank: 'hdfc' }), { ok: { amount: 100, currency: 'INR', method: 'netbanking', bank: 'HDFC' } });
    assert.deepEqual(outcome(createPaymentParams, { ...base, method: 'card' }), refused('invalid_method', 'method'));
    assert.deepEqual(outcome(createPaymentParams, { ...base, method: undefined }), refused('invalid_request', 'method'));
    assert.deepEqual(outcome(createPaymentParams, { ...base, vpa: undefined }), { ok: { amount: 100, currency: 'INR', method: 'upi', vpa: undefined } });
    assert.deepEqual(outcome(createPaymentParams, { ...base, return_url: 'https://shop.example/back' }), refused('invalid_request', 'return_url'));
    assert.deepEqual(outcome(createPaymentParams, { ...base, bank: 'HDFC' }), refused('invalid_request', 'bank'));
    assert.deepEqual(outcome(createPaymentParams, { ...base, vpa: undefined, bank: 'HDFC' }), refused('invalid_request', 'bank'));
    assert.deepEqual(outcome(createPaymentParams, { amount: 100, method: 'netbanking' }), refused('invalid_request', 'bank'));
    assert.deepEqual(outcome(createPaymentParams, { amount: 100, method: 'netbanking', bank: 'HDFC', vpa: 'a@upi' }), refused('invalid_request', 'vpa'));
    // A malformed field is named before the pairing and before an unknown method.
    assert.deepEqual(outcome(createPaymentParams, { amount: 0, method: 'card' }), refused('invalid_request', 'amount'));
    assert.deepEqual(outcome(createPaymentParams, { ...base, method: 'netbanking', bank: 'HDFC1' }), refused('invalid_request', 'bank'));
  });

  test('a beneficiary: type vpa needs vpa, bank_account needs bank_account, each refuses the other', () => {
    const vpa = { name: 'Ravi', type: 'vpa', vpa: 'ravi@okhdfc' };
    const bank = { name: 'Ravi', type: 'bank_account', bank_account: { account_number: '123456789012', ifsc: 'HDFC0001234' } };
    assert.deepEqual(outcome(createBeneficiaryParams, vpa), { ok: vpa });
    assert.deepEqual(outcome(createBeneficiaryParams, bank), { ok: bank });
    assert.deepEqual(outcome(createBeneficiaryParams, { ...vpa, vpa: undefined }), refused('invalid_request', 'vpa'));
    assert.deepEqual(outcome(createBeneficiaryParams, { ...bank, bank_account: undefined }), refused('invalid_request', 'bank_account'));
    assert.deepEqual(outcome(createBeneficiaryParams, { ...vpa, bank_account: bank.bank_account }), refused('invalid_request', 'bank_account'));
    assert.deepEqual(outcome(createBeneficiaryParams, { ...bank, vpa: 'ravi@okhdfc' }), refused('invalid_request', 'vpa'));
    // The field that does not belong is named before the one that is missing, as for payments.
    assert.deepEqual(outcome(createBeneficiaryParams, { ...bank, bank_account: undefined, vpa: 'ravi@okhdfc' }), refused('invalid_request', 'vpa'));
    assert.deepEqual(outcome(createBeneficiaryParams, { ...vpa, type: 'card' }), refused('invalid_request', 'type'));
    assert.deepEqual(outcome(createBeneficiaryParams, { ...bank, bank_account: { ...bank.bank_account, ifsc: 'hdfc0001234' } }), refused('invalid_request', 'bank_account[ifsc]'));
  });

  test('the route accepts exactly what one variant of the document accepts, with the same values', () => {
    for (const [schema, bodies] of [
      [createBeneficiaryParams, beneficiaryBodies],
      [createPaymentParams, paymentBodies],
    ] as const) {
      let accepted = 0;
      for (const body of bodies) {
        const route = outcome(schema, body);
        const variants = schema.options.filter((variant) => variant.safeParse(body).success);
        assert.ok(variants.length <= 1, `${JSON.stringify(body)} fits more than one variant`);
        if ('ok' in route) {
          accepted++;
          assert.equal(variants.length, 1, `${JSON.stringify(body)}: accepted, but fits no variant`);
          assert.deepEqual(route.ok, variants[0].parse(body));
        } else {
          assert.equal(variants.length, 0, `${JSON.stringify(body)}: refused (${route.param}), but fits a variant`);
        }
      }
      assert.ok(accepted >= 4, `only ${accepted} of ${bodies.length} bodies accepted`);
    }
  });

  test('the document: oneOf with a discriminator mapping each value to its variant, requests and responses alike', () => {
    const doc = createOpenApiDocument() as any;
    const schemas = doc.components.schemas;
    const cases: { path: string; key: string; variants: Record<string, string>; other: Record<string, string>; response: string }[] = [
      { path: '/v1/beneficiaries', key: 'type', variants: { bank_account: 'bank_account', vpa: 'vpa' }, other: { bank_account: 'vpa', vpa: 'bank_account' }, response: 'Beneficiary' },
      // A UPI payment's vpa is optional in the document (live UPI goes by intent; the sandbox route requires it).
      { path: '/v1/payments', key: 'method', variants: { upi: '', netbanking: 'bank' }, other: { upi: 'bank', netbanking: 'vpa' }, response: 'Payment' },
    ];
    for (const c of cases) {
      const content = doc.paths[c.path].post.requestBody.content;
      for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
        const body = content[type].schema;
        assert.equal(body.discriminator.propertyName, c.key, `${c.path} ${type}`);
        assert.deepEqual(Object.keys(body.discriminator.mapping), Object.keys(c.variants));
        assert.deepEqual(body.oneOf.map((s: { $ref: string }) => s.$ref), Object.values(body.discriminator.mapping));
        for (const [value, field] of Object.entries(c.variants)) {
          const variant = schemas[body.discriminator.mapping[value].split('/').pop()];
          assert.equal(variant.properties[c.key].const, value);
          if (field) assert.ok(variant.required.includes(field), `${c.path} ${value} requires ${field}`);
          assert.equal(variant.properties[c.other[value]], undefined);
          assert.equal(variant.additionalProperties, false);
          // The text rule reaches the variants: a string field without a pattern of its own refuses NUL.
          assert.ok(Object.values<any>(variant.properties).every((p) => p.type !== 'string' || p.pattern || p.const || p.enum));
        }
      }
      const response = schemas[c.response];
      assert.equal(response.discriminator.propertyName, c.key);
      for (const [value, field] of Object.entries(c.variants)) {
        const variant = schemas[response.discriminator.mapping[value].split('/').pop()];
        assert.notDeepEqual(variant.properties[field], { type: 'null' });
        assert.deepEqual(variant.properties[c.other[value]], { type: 'null' });
      }
    }
    assert.deepEqual(doc.paths['/v1/beneficiaries'].post.requestBody.content['application/x-www-form-urlencoded'].encoding, { bank_account: { style: 'deepObject', explode: true } });
  });
});
