// Beneficiaries: where payouts go, a bank account or a UPI ID (API.md, Beneficiaries and customers).
import { z } from 'zod';
import { emailParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, phoneParam } from './common.ts';
import { type Paths, idPath, readOperation, resourceOperations } from './openapi-operations.ts';

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
  .meta({ description: 'Required when `type` is `bank_account`, not allowed otherwise. Form: `bank_account[ifsc]=...`.' });

/**
 * `type` decides which of `bank_account` and `vpa` must be given; the other must be absent. The fields
 * are optional in the object and the pairing is checked after, so a field that is missing names itself
 * (`Missing required param: vpa`) rather than failing a union as a whole.
 */
export const createBeneficiaryParams = z
  .strictObject({
    name: z.string().min(1).max(NAME_MAX).meta({ description: `The account holder's name, 1 to ${NAME_MAX} characters.` }),
    type: z.enum(beneficiaryTypes).meta({ description: '`bank_account` (IMPS, NEFT, RTGS payouts) or `vpa` (UPI payouts).' }),
    bank_account: bankAccountParam,
    vpa: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{2,256}@[a-zA-Z]{2,64}$/, 'must be a UPI ID such as name@bank')
      .optional()
      .meta({ description: 'The UPI ID. Required when `type` is `vpa`, not allowed otherwise.' }),
    email: emailParam('Where to reach the beneficiary.').optional(),
    phone: phoneParam().optional(),
    metadata: metadataParam,
  })
  .meta({
    // The pairing checked below, said in the document: `type` decides which of the two is required.
    override: {
      if: { properties: { type: { const: 'bank_account' } } },
      then: { required: ['bank_account'], not: { required: ['vpa'] } },
      else: { required: ['vpa'], not: { required: ['bank_account'] } },
    },
  })
  .superRefine((value, ctx) => {
    if (value.type === 'bank_account') {
      if (value.bank_account === undefined) ctx.addIssue({ code: 'custom', message: 'is required when type is bank_account', path: ['bank_account'] });
      if (value.vpa !== undefined) ctx.addIssue({ code: 'custom', message: 'is not allowed when type is bank_account', path: ['vpa'] });
    } else {
      if (value.vpa === undefined) ctx.addIssue({ code: 'custom', message: 'is required when type is vpa', path: ['vpa'] });
      if (value.bank_account !== undefined) ctx.addIssue({ code: 'custom', message: 'is not allowed when type is vpa', path: ['bank_account'] });
    }
  });
export type CreateBeneficiaryParams = z.output<typeof createBeneficiaryParams>;

export const beneficiarySchema = z
  .object({
    id: z.string().meta({ example: 'bene_01JD3Y8X4W0000000000000000' }),
    object: z.literal('beneficiary'),
    mode: modeSchema,
    name: z.string(),
    type: z.enum(beneficiaryTypes),
    bank_account: z
      .object({
        last4: z.string().meta({ description: 'The last 4 digits of the account number.', example: '9012' }),
        ifsc: z.string().meta({ example: 'HDFC0001234' }),
      })
      .nullable()
      .meta({ description: 'Set when `type` is `bank_account`.' }),
    vpa: z.string().nullable().meta({ description: 'Set when `type` is `vpa`.' }),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    metadata: metadataSchema,
    active: z.boolean().meta({ description: 'False once deleted: a deactivated beneficiary takes no new payouts.' }),
    created_at: z.int().meta({ description: 'Unix seconds.' }),
  })
  .meta({ id: 'Beneficiary' });
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
    }),
    get: beneficiary.list('List beneficiaries, newest first', listBeneficiariesQuery),
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
