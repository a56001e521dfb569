// A request body whose shape depends on one field (a beneficiary's `type`, a payment's `method`). The contract
// writes one strict object per variant; the document shows them as `oneOf` with a discriminator, and the route
// validates with the same objects, read as one flat object: every field of every variant in the order the
// resource declares them, optional where a variant may leave it out, and the pairing checked once the fields
// are valid. So a problem names one field as it always did (`Missing required param: vpa`, `bank_account[ifsc]`
// malformed), rather than a union failing as a whole.
import { z } from 'zod';
import type { ErrorCode } from '../domain/errors.ts';

/** The issue params that make a refinement's issue answer with another code than `invalid_request`. */
export interface IssueCode {
  apiCode: ErrorCode;
}

type Variant = z.ZodObject & z.core.$ZodTypeDiscriminable;

const flatValidators = new WeakMap<z.ZodType, z.ZodType>();

/** The schema a body is validated with: the flat reading of a variants body, otherwise the schema itself. */
export function validatorOf(schema: z.ZodType): z.ZodType {
  return flatValidators.get(schema) ?? schema;
}

const isOptional = (field: z.ZodType) => field.safeParse(undefined).success;

/**
 * `oneOf` the `variants`, told apart by `key`, validated as `flat` says plus the pairing the variants make:
 * a field that only other variants have is refused (`is only for type bank_account`), and one this variant
 * requires but `flat` leaves optional must be there. `flat` is a strict object whose fields are the variants'
 * fields (optional where a variant may lack them); `key` in it may take more values than the variants do, and
 * `unknown` then says what a value of no variant is (payments: `invalid_method`, as the contract says).
 */
export function bodyVariants<const Options extends readonly [Variant, ...Variant[]], Key extends string>(
  flat: z.ZodObject,
  key: Key,
  variants: Options,
  unknown?: { apiCode: ErrorCode; message: string },
): z.ZodDiscriminatedUnion<Options, Key> {
  const union = z.discriminatedUnion(key, variants);
  const names = Object.keys(flat.shape);
  const valuesOf = (variant: Variant) => [...(variant._zod.propValues?.[key] ?? [])];
  const owners = new Map<string, unknown[]>(); // field -> the discriminator values of the variants that have it
  for (const variant of variants) {
    for (const name of Object.keys(variant.shape)) owners.set(name, [...(owners.get(name) ?? []), ...valuesOf(variant)]);
  }
  for (const name of names) if (!owners.has(name)) throw new Error(`bodyVariants: ${name} is in no variant`);
  const validator = flat.superRefine((value: Record<string, unknown>, ctx) => {
    const variant = variants.find((v) => valuesOf(v).some((allowed) => allowed === value[key]));
    if (!variant) {
      if (unknown) ctx.addIssue({ code: 'custom', message: unknown.message, path: [key], params: { apiCode: unknown.apiCode } satisfies IssueCode });
      return;
    }
    // As the variant itself would: a field it does not take is refused before a field it misses.
    for (const name of names) {
      if (!(name in variant.shape) && value[name] !== undefined) {
        ctx.addIssue({ code: 'custom', message: `is only for ${key} ${owners.get(name)!.join(' or ')}`, path: [name] });
      }
    }
    for (const name of names) {
      const field = variant.shape[name] as z.ZodType | undefined;
      if (field && value[name] === undefined && !isOptional(field)) {
        ctx.addIssue({ code: 'custom', message: `required when ${key} is ${String(value[key])}`, path: [name] });
      }
    }
  });
  flatValidators.set(union, validator);
  return union;
}

/** The field as a variant requires it: `schema` without its `.optional()`, keeping its description. */
export function required<T extends z.ZodType>(field: z.ZodOptional<T>): T {
  const meta = field.meta();
  const inner = field.unwrap() as T;
  return (meta ? inner.meta(meta) : inner) as T;
}
