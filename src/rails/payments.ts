// The payment rail, both sides: how the service collects a payment from a customer (UPI collect,
// netbanking) and how it gives money back (refunds). The sandbox simulator implements both now; live
// connectors (a payment aggregator or acquiring bank) implement them later.
import type { Mode } from '../domain/modes.ts';
import type { PaymentFailureCode, PaymentMethod } from '../domain/payments.ts';
import type { RefundFailureCode } from '../domain/refunds.ts';

/** Where the customer pays from (and where a refund goes back to). */
export interface PaymentInstrument {
  method: PaymentMethod;
  vpa: string | null;
  bank: string | null;
}

export interface PaymentSubmission {
  /** The payment's id: the rail's own idempotency key, so a retried submission never collects twice. */
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  instrument: PaymentInstrument;
}

export type RailPaymentStatus =
  | { state: 'processing'; checkAgainInMs: number }
  | { state: 'captured'; reference: string }
  | { state: 'failed'; code: PaymentFailureCode; message: string };

export interface PaymentRail {
  submit(submission: PaymentSubmission): Promise<{ reference: string }>;
  status(paymentId: string): Promise<RailPaymentStatus>;
}

export interface RefundSubmission {
  /** The refund's id: the rail's idempotency key. */
  refundId: string;
  paymentId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  /** The instrument the payment came from; the money goes back there. */
  instrument: PaymentInstrument;
}

export type RailRefundStatus =
  | { state: 'processing'; checkAgainInMs: number }
  | { state: 'processed'; utr: string }
  | { state: 'failed'; code: RefundFailureCode; message: string };

export interface RefundRail {
  submit(submission: RefundSubmission): Promise<{ reference: string }>;
  status(refundId: string): Promise<RailRefundStatus>;
}
