// The payout rail: how the service hands a payout to the banking network and learns what became of it.
// The sandbox simulator implements it now; live connectors (an IMPS/UPI partner bank) implement it later.
import type { FailureCode, TransferMode } from '../domain/payouts.ts';
import type { Mode } from '../domain/modes.ts';

export interface PayoutSubmission {
  /** The payout's id: the rail's own idempotency key, so a retried submission never sends twice. */
  payoutId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  transferMode: TransferMode;
  beneficiary: { type: 'bank_account' | 'vpa'; name: string; vpa: string | null; accountNumber: string | null; ifsc: string | null };
}

export type RailPayoutStatus =
  | { state: 'processing'; checkAgainInMs: number }
  /** `final: false` means the bank may still send the money back (the caller keeps watching). */
  | { state: 'completed'; utr: string; final: boolean; checkAgainInMs?: number }
  | { state: 'failed'; code: FailureCode; message: string }
  | { state: 'reversed'; utr: string }
  /** The rail has no record of this payout id: it was never handed over, or the hand-over never arrived. */
  | { state: 'unknown' };

export interface PayoutRail {
  /**
   * Hands the payout over. `quietMs`, when given: the rail will have nothing new to say of this payout for that
   * long (the bank's processing time), so whoever follows it need not ask before then.
   */
  submit(submission: PayoutSubmission): Promise<{ reference: string; quietMs?: number }>;
  status(payoutId: string): Promise<RailPayoutStatus>;
}

/** Thrown by a rail that cannot take the payout at all; the payout fails with this reason. */
export class RailRejectedError extends Error {
  readonly code: FailureCode;
  constructor(code: FailureCode, message: string) {
    super(message);
    this.name = 'RailRejectedError';
    this.code = code;
  }
}
