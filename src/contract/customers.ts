// Customers: who pays, and the UPI ID (mandate) that collections charge (docs/api.md, Beneficiaries and customers).
import { z } from 'zod';
import { VPA_PATTERN } from '../domain/payments.ts';
import { EMAIL_MAX, emailParam, listParams, listSchema, metadataParam, metadataSchema, modeSchema, phoneParam } from './common.ts';
import { type Paths, idPath, resourceOperations, writeOperation } from './openapi-operations.ts';

export const NAME_MAX = 100;

export const nameParam = z.string().min(1).max(NAME_MAX).meta({ description: `The customer's name, 1 to ${NAME_MAX} characters.` });
const customerEmail = emailParam('Where to reach the customer.');
const customerPhone = phoneParam();
const vpaParam = z
  .string()
  .regex(VPA_PATTERN, 'must be a UPI ID such as name@bank')
  .meta({ description: 'The UPI ID (mandate) that collections charge, e.g. `asha@okhdfc`. Read at each charge: a changed `vpa` is used from the next charge on.' });

export const createCustomerParams = z.strictObject({
  name: nameParam,
  email: customerEmail,
  phone: customerPhone,
  vpa: vpaParam.optional(),
  metadata: metadataParam,
});
export type CreateCustomerParams = z.output<typeof createCustomerParams>;

/** Every field optional: what is given changes, the rest stays. */
export const updateCustomerParams = z.strictObject({
  name: nameParam.optional(),
  email: customerEmail.optional(),
  phone: customerPhone.optional(),
  vpa: vpaParam.optional(),
  metadata: metadataParam.meta({
    ...metadataParam.meta(),
    description:
      'Merged into the existing metadata (as Stripe does): the keys given are set, a key given an empty value is removed, ' +
      'the others stay. At most 20 keys after the merge.',
  }),
});
export type UpdateCustomerParams = z.output<typeof updateCustomerParams>;

export const customerSchema = z
  .object({
    id: z.string().meta({ example: 'cust_01JD3Y8X4W0000000000000000' }),
    object: z.literal('customer'),
    mode: modeSchema,
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    vpa: z
      .string()
      .nullable()
      .meta({ description: 'The UPI ID (mandate) that collections charge; a collection needs it. A changed `vpa` is used from the next charge on.' }),
    metadata: metadataSchema,
    created_at: z.int().meta({ description: 'Unix seconds.' }),
  })
  .meta({ id: 'Customer' });
export type CustomerResponse = z.infer<typeof customerSchema>;

export const customerListSchema = listSchema(customerSchema, 'CustomerList');

export const listCustomersQuery = z.strictObject({
  ...listParams,
  email: z.string().min(1).max(EMAIL_MAX).optional().meta({ description: 'Only customers with exactly this email (case-sensitive).' }),
});
export type ListCustomersQuery = z.output<typeof listCustomersQuery>;

export const customerIdPath = idPath('A customer id (`cust_...`).');

const tags = ['Payments'];
const customer = resourceOperations({ noun: 'customer', plural: 'customers', tags, schema: customerSchema, listSchema: customerListSchema, idPath: customerIdPath });

export const customerPaths: Paths = {
  '/v1/customers': {
    post: customer.create({ summary: 'Create a customer (who pays; `vpa` is the UPI mandate collections charge)', body: createCustomerParams }),
    get: customer.list('List customers, newest first (filter email)', listCustomersQuery),
  },
  '/v1/customers/{id}': {
    get: customer.retrieve(),
    post: writeOperation({
      operationId: 'updateCustomer',
      summary: 'Update a customer: the fields given change, the others stay; a new `vpa` is used from the next charge on',
      description:
        'Every parameter is optional. `metadata` is merged into the existing metadata: the keys given are set, a key given an ' +
        'empty value is removed, the others stay.',
      tags,
      path: customerIdPath,
      body: updateCustomerParams,
      ok: ['The customer after the update.', customerSchema],
    }),
  },
};
