// What a connector tells the rest of the service, in the service's own words: no provider's names or statuses
// cross this line (DECISIONS, "One provider, built to be one of many"). A connector folder translates its provider
// into these types; activities, the transition writer and the inbound webhook route only ever see these.
import type { FailureCode } from '../domain/payouts.ts';

/** The provider's own account of why a payout stopped, kept beside our code in `failure_reason.provider`. */
export interface ProviderFailureDetails {
  source: string | null;
  reason: string | null;
  description: string | null;
}

/**
 * Where the provider says a payout is, in our terms.
 * - `initiated`: still on its way (any provider state before a final one).
 * - `completed`: the beneficiary's bank took the money.
 * - `returned`: the money came back to the business's account. Whether that is our `reversed` (we had reported
 *   `completed`) or our `failed` (we had not) depends on what we said before: see nextPayoutStatus.
 * - `failed`: it never left.
 */
export type PayoutOutcome =
  | { state: 'initiated' }
  | { state: 'completed'; utr: string | null }
  | { state: 'returned'; code: FailureCode; details: ProviderFailureDetails }
  | { state: 'failed'; code: FailureCode; details: ProviderFailureDetails };

/** One look at a payout at the provider (an answer to create or fetch, a webhook, a statement line). */
export interface ProviderPayoutReport {
  /** The provider's id of the payout (our payouts' `provider_reference`). */
  providerReference: string;
  /** Our payout id as we gave it to the provider, or null when the provider's object carries none. */
  payoutId: string | null;
  /** The provider's status word as it said it, for logs and operators. */
  providerStatus: string;
  outcome: PayoutOutcome;
  utr: string | null;
  /** Paise the provider charged for the payout, its tax included; null until the provider reports fees. */
  fees: number | null;
  /** The tax part of `fees` (not an extra charge); null until reported. */
  tax: number | null;
  /** The provider's latest explanation of the status, whatever the status. */
  details: ProviderFailureDetails | null;
}

/** Our payout statuses a provider's report can move (the contract's payout lifecycle). */
export type OurPayoutStatus = 'initiated' | 'completed' | 'failed' | 'reversed';

/** What an inbound provider webhook is about, once verified and translated. */
export type ConnectorWebhookOutcome =
  | { kind: 'payout'; eventType: string; report: ProviderPayoutReport }
  /** An event this service does not act on (downtime notices, entities it does not follow); answered 200 and logged. */
  | { kind: 'ignored'; eventType: string };

/** A line of the provider's account statement: every credit and debit of the payout account, with the balance after it. */
export interface ProviderStatementLine {
  /** The provider's transaction id: a credit becomes a top-up keyed by it, once. */
  id: string;
  /** Paise; exactly one of credit and debit is non-zero. */
  credit: number;
  debit: number;
  /** The account's balance right after this line, in paise. */
  balance: number;
  createdAt: Date;
  /** What moved the money: a payout (its provider id and our id), a deposit, or something else the provider names. */
  source: { kind: 'payout'; providerReference: string; payoutId: string | null; fees: number | null; tax: number | null } | { kind: 'deposit'; providerReference: string } | { kind: 'other'; providerReference: string | null; entity: string | null };
}
