// Beneficiaries: where payouts go, a bank account or a UPI ID (docs/api.md, Beneficiaries and customers).
import { z } from 'zod';
import { verificationFailureCodes, verificationStatuses } from '../domain/verifications.ts';
import { booleanParam, emailParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, phoneParam } from './common.ts';
import { type Paths, idPath, readOperation, resourceOperations, writeOperation } from './openapi-operations.ts';
import { bodyVariants, required } from './variants.ts';

export const beneficiaryTypes = ['bank_account', 'vpa'] as const;
export const NAME_MAX = 100;

const bankAccountParam = z
  .strictObject({
    account_number: z
      .string()
      .regex(/^[0-9]{9,18}$/, 'must be 9 to 18 digits')
      .meta({ description: 'The full account number, 9 to 18 digits. Never shown again: responses carry only `last4`.' }),
    ifsc: z
      .string()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code: 4 capital letters, 0, then 6 capital letters or digits')
      .meta({ description: 'The branch IFSC code, e.g. `HDFC0001234`.' }),
  })
  .optional()
  .meta({ description: 'The bank account to pay out to. Form: `bank_account[ifsc]=...`.' });

const vpaParam = z
  .string()
  .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/, 'must be a UPI ID such as name@bank')
  .optional()
  .meta({ description: 'The UPI ID to pay out to.' });

const typeDescription = '`bank_account` (IMPS, NEFT, RTGS payouts, with `bank_account`) or `vpa` (UPI payouts, with `vpa`).';

/** Every field a beneficiary may be created with, in this order; `type` decides which of the middle two it takes. */
const beneficiaryFields = z.strictObject({
  name: z.string().min(1).max(NAME_MAX).meta({ description: `The account holder's name, 1 to ${NAME_MAX} characters.` }),
  type: z.enum(beneficiaryTypes).meta({ description: typeDescription }),
  bank_account: bankAccountParam,
  vpa: vpaParam,
  email: emailParam('Where to reach the beneficiary.').optional(),
  phone: phoneParam().optional(),
  metadata: metadataParam,
  verify: booleanParam(
    'Start a verification of the new beneficiary at once, as `POST /v1/beneficiaries/{id}/verify` does: the answer shows it `pending`. Default false.',
  ).optional(),
});

/** `type` decides which of `bank_account` and `vpa` must be given; the other must be absent (src/contract/variants.ts). */
export const createBeneficiaryParams = bodyVariants(beneficiaryFields, 'type', [
  beneficiaryFields
    .omit({ vpa: true })
    .extend({ type: z.literal('bank_account').meta({ description: typeDescription }), bank_account: required(bankAccountParam) })
    .meta({ id: 'CreateBankAccountBeneficiary', description: 'A beneficiary paid into a bank account (IMPS, NEFT, RTGS).' }),
  beneficiaryFields
    .omit({ bank_account: true })
    .extend({ type: z.literal('vpa').meta({ description: typeDescription }), vpa: required(vpaParam) })
    .meta({ id: 'CreateVpaBeneficiary', description: 'A beneficiary paid by UPI to a UPI ID.' }),
]);
export type CreateBeneficiaryParams = z.output<typeof createBeneficiaryParams>;

/** The latest verification of a beneficiary (docs/api.md, "Verified beneficiaries"); `null` before any. */
export const verificationSchema = z
  .object({
    status: z.enum(verificationStatuses).meta({ description: '`pending` until the bank has answered, then `verified` or `failed`; it never changes after.' }),
    name_at_bank: z.string().nullable().meta({ description: 'The name the bank holds for the account or UPI ID (provider-supplied); `null` unless `verified`.', example: 'ASHA RAO' }),
    name_match: z
      .object({
        score: z.int().min(0).max(100).meta({ description: 'How alike `name` and `name_at_bank` are, 0 to 100, after folding case, punctuation, honorifics, word order, initials and business suffixes.' }),
        result: z.enum(['match', 'partial', 'mismatch']).meta({ description: '`match` (score >= 85), `partial` (60-84) or `mismatch` (< 60).' }),
      })
      .nullable()
      .meta({ description: '`null` unless `verified`.' }),
    verified_at: z.int().nullable().meta({ description: 'Unix seconds when it ended `verified`; `null` otherwise.' }),
    failure_reason: z
      .object({
        code: z.enum(verificationFailureCodes).meta({ description: '`beneficiary_account_invalid` (closed or unknown at the bank) or `provider_unavailable` (the connection cannot verify).' }),
        message: z.string(),
      })
      .nullable()
      .meta({ description: '`null` unless `failed`.' }),
  })
  .nullable()
  .meta({ id: 'BeneficiaryVerification', description: 'The latest verification: `null` before any. Asking again while one is `pending` returns it; after it ended, a new one starts.' });
export type VerificationResponse = z.infer<typeof verificationSchema>;

const beneficiaryShape = z.object({
  id: z.string().meta({ example: 'bene_01JD3Y8X4W0000000000000000' }),
  object: z.literal('beneficiary'),
  mode: modeSchema,
  name: z.string(),
  type: z.enum(beneficiaryTypes),
  bank_account: z.null(),
  vpa: z.null(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  metadata: metadataSchema,
  active: z.boolean().meta({ description: 'False once deleted: a deactivated beneficiary takes no new payouts.' }),
  created_at: z.int().meta({ description: 'Unix seconds.' }),
  verification: verificationSchema,
});

/** A beneficiary as responses show it: `type` decides which of `bank_account` and `vpa` is set (the other is null). */
export const beneficiarySchema = z
  .discriminatedUnion('type', [
    beneficiaryShape
      .extend({
        type: z.literal('bank_account'),
        bank_account: z.object({
          last4: z.string().meta({ description: 'The last 4 digits of the account number.', example: '9012' }),
          ifsc: z.string().meta({ example: 'HDFC0001234' }),
        }),
      })
      .meta({ id: 'BankAccountBeneficiary', description: 'A beneficiary paid into a bank account: `vpa` is null.' }),
    beneficiaryShape
      .extend({ type: z.literal('vpa'), vpa: z.string().meta({ description: 'The UPI ID.' }) })
      .meta({ id: 'VpaBeneficiary', description: 'A beneficiary paid by UPI: `bank_account` is null.' }),
  ])
  .meta({ id: 'Beneficiary', description: 'A bank account or a UPI ID to pay out to; `type` says which.' });
export type BeneficiaryResponse = z.infer<typeof beneficiarySchema>;

export const beneficiaryListSchema = listSchema(beneficiarySchema, 'BeneficiaryList');

export const listBeneficiariesQuery = z.strictObject({
  ...listParams,
  type: z.enum(beneficiaryTypes).optional().meta({ description: 'Only beneficiaries of this type.' }),
});
export type ListBeneficiariesQuery = z.output<typeof listBeneficiariesQuery>;

export const beneficiaryIdPath = idPath('A beneficiary id (`bene_...`).');

const tags = ['Payouts'];
const beneficiary = resourceOperations({ noun: 'beneficiary', plural: 'beneficiaries', tags, schema: beneficiarySchema, listSchema: beneficiaryListSchema, idPath: beneficiaryIdPath });

export const beneficiaryPaths: Paths = {
  '/v1/beneficiaries': {
    post: beneficiary.create({
      summary: 'Create a beneficiary (a bank account or a UPI ID to pay out to)',
      body: createBeneficiaryParams,
      ok: 'The beneficiary; the account number shows only as `last4`.',
      errors: ['connection_required'],
    }),
    get: beneficiary.list('List beneficiaries, newest first', listBeneficiariesQuery),
  },
  '/v1/beneficiaries/{id}/verify': {
    post: writeOperation({
      operationId: 'verifyBeneficiary',
      summary: "Verify a beneficiary: ask its bank whose name the account or UPI ID is in, and compare it with `name`",
      description:
        'Answers the beneficiary with `verification` `pending`; it ends by itself (`beneficiary.verified` or `beneficiary.verification_failed`). Asking again while it is pending returns it; after it ended a new one starts. At most 3 a day per beneficiary (`429`). Live keys need an active provider connection.',
      tags,
      path: beneficiaryIdPath,
      ok: ['The beneficiary, with its `verification`.', beneficiarySchema],
      errors: ['invalid_state', 'connection_required', 'rate_limited'],
    }),
  },
  '/v1/beneficiaries/{id}': {
    get: beneficiary.retrieve(undefined, 'The beneficiary; a deleted one too, with `active: false`.'),
    delete: readOperation({
      operationId: 'deleteBeneficiary',
      summary: 'Deactivate a beneficiary (it takes no new payouts; deleting again changes nothing)',
      description: 'The beneficiary is not removed: payouts refer to it, so GET and lists still show it, with `active: false`.',
      tags,
      path: beneficiaryIdPath,
      ok: ['The beneficiary, with `active: false`.', beneficiarySchema],
    }),
  },
};
