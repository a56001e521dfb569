// What every payment link operation shares: what a link is made of, what its workflow saves, and how a link
// row is read.
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Mode } from '../../src/domain/modes.ts';
import type { PaymentLinkState } from '../../src/domain/payment-links.ts';
import { PaymentLinkEntity, type PaymentLink } from '../../src/db/entities.ts';
import { refuse } from '../lifecycle.ts';

export interface PaymentLinkRequest {
  linkId: string;
  accountId: string;
  mode: Mode;
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  description: string | null;
  customer: { name: string | null; email: string | null; phone: string | null };
  referenceId: string | null;
  acceptPartial: boolean;
  firstMinPartialAmount: number | null;
  /** Unix ms. */
  expireBy: number;
  shortUrl: string;
  callbackUrl: string | null;
  metadata: Record<string, string>;
  /** Sandbox-Simulate webhook values of the creating request, inherited by the link's and its payments' events. */
  simulate?: readonly string[];
}

export interface PayRequestInput {
  linkId: string;
  /** The page form's token: one payment per token, however often the form is sent. */
  token: string;
  amount: number;
  vpa: string;
}

/** A state the link workflow reached; `version` orders its writes, so a retried older one is a no-op. */
export interface SavePaymentLinkStateInput {
  linkId: string;
  version: number;
  state: PaymentLinkState;
}

/**
 * What every payment of a link carries of the link, however it was paid (its pay page in the sandbox, its QR code
 * live): a UPI payment with the link's reference_id as its receipt (the business's own reference of each of its
 * payments), the link's description (else one naming it) and metadata.
 */
export function linkPaymentFields(link: PaymentLink, vpa: string | null) {
  return {
    method: 'upi' as const,
    vpa,
    bank: null,
    receipt: link.referenceId ?? null,
    customerId: null,
    description: link.description ?? `Payment link ${link.id}`,
    metadata: link.metadata ?? {},
    paymentLinkId: link.id,
  };
}

export async function loadLink(em: EntityManager, linkId: string, lock = false): Promise<PaymentLink> {
  const row = await em.findOne(PaymentLinkEntity, { id: linkId }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!row) throw refuse('NotFound', `payment link ${linkId} not found`);
  return row;
}
