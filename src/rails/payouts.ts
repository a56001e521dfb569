// The payout rail: how the service hands a payout to the banking network and learns what became of it.
// The sandbox simulator implements it; a provider's connector (src/connectors) implements it for live money.
import type { PayoutRailState, TransferMode } from '../domain/payouts.ts';
import type { Mode } from '../domain/modes.ts';
import type { RailAnswer, RailLookup } from './rail.ts';

export interface PayoutSubmission {
  /** The payout's id: our reference at the rail and its idempotency key, so a retried submission never sends twice. */
  payoutId: string;
  accountId: string;
  mode: Mode;
  amount: number;
  transferMode: TransferMode;
  /** The beneficiary's details; its email and phone, where it has them, go to a provider's contact. */
  beneficiary: { type: 'bank_account' | 'vpa'; name: string; vpa: string | null; accountNumber: string | null; ifsc: string | null; email?: string | null; phone?: string | null };
  /** The beneficiary's id (a provider registers it once, under this reference) and the payout's narration. */
  beneficiaryId?: string;
  narration?: string | null;
}

export interface PayoutRail {
  /**
   * Hands the payout over under its id (the same key and body on every retry) and answers what the rail said of it:
   * usually `processing`, with when asking again may tell more; a refusal is a `failed` answer, never an error.
   * Throws only when no answer came (the caller retries with the same key, then looks it up).
   */
  submit(submission: PayoutSubmission): Promise<RailAnswer<PayoutRailState>>;
  /** What the rail says of the payout handed over under `payoutId`, or that it has no record of it. */
  lookup(payoutId: string): Promise<RailLookup<PayoutRailState>>;
}

