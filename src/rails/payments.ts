// The payment rail, both sides: how the service collects a payment from a customer (UPI, netbanking) and how
// it gives money back (refunds). The sandbox simulator implements both; a provider's connector implements them
// for live money. Like the payout rail, each resource is handed over under its own id (the provider's receipt or
// idempotency key) and looked up by it.
import type { Mode } from '../domain/modes.ts';
import type { PaymentMethod, PaymentRailState } from '../domain/payments.ts';
import type { RefundRailState } from '../domain/refunds.ts';
import type { RailAnswer, RailLookup } from './rail.ts';

/** Where the customer pays from (and where a refund goes back to). */
export interface PaymentInstrument {
  method: PaymentMethod;
  vpa: string | null;
  bank: string | null;
}

export interface PaymentSubmission {
  /** The payment's id: our reference at the rail and its idempotency key, so a retried submission never collects twice. */
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  instrument: PaymentInstrument;
}

export interface PaymentRail {
  /** Hands the payment over under its id and answers what the rail said of it (a decline is a `failed` answer). */
  submit(submission: PaymentSubmission): Promise<RailAnswer<PaymentRailState>>;
  lookup(paymentId: string): Promise<RailLookup<PaymentRailState>>;
}

export interface RefundSubmission {
  /** The refund's id: our reference at the rail and its idempotency key. */
  refundId: string;
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  /** The instrument the payment came from; the money goes back there. */
  instrument: PaymentInstrument;
}

export interface RefundRail {
  /** Hands the refund over under its id and answers what the rail said of it. */
  submit(submission: RefundSubmission): Promise<RailAnswer<RefundRailState>>;
  lookup(refundId: string): Promise<RailLookup<RefundRailState>>;
}
