// What every rail has in common, whoever is behind it (a provider's connector, or the sandbox simulator):
// each resource is handed over once under our id, as the provider's idempotency key (a lost answer is sent again
// with the same key, then looked up by that id: never created a second time under another key), and every answer
// carries the resource's state in our words, the provider's own reference for it and what it charged.
// What an answer means for the resource is decided in src/domain (payoutRailDecision and its siblings).
import type { Mode } from '../domain/modes.ts';

/** What a rail said of one resource. */
export interface RailAnswer<State> {
  /** Its state in our words (src/domain: PayoutRailState, PaymentRailState, RefundRailState). */
  outcome: State;
  /** The provider's id of it; null where the rail has none of its own (the sandbox). */
  providerReference: string | null;
  /** What the provider charged for it, in paise, its GST included; 0 in the sandbox. */
  fees: number;
}

/** A lookup by our reference (the id the resource was handed over under). */
export type RailLookup<State> = { found: true; answer: RailAnswer<State> } | { found: false };

/**
 * A change a rail reports on its own, after the resource's workflow has stopped asking (a payout reversed days
 * after it completed): brought by a provider's webhook, the reconciliation, or the sandbox's own timer.
 * `key` names the change once, so a repeated report is the same report (a provider's event id; the sandbox's
 * state name).
 */
export interface RailReport<State> {
  id: string;
  accountId: string;
  mode: Mode;
  key: string;
  answer: RailAnswer<State>;
}

/**
 * Where a rail hands its reports: the worker's composition root applies each one through the same transition
 * path a test helper's move of a closed resource takes (a short transition workflow), `delayMs` from now.
 * Idempotent by (resource, key). Resolves once the report is durably scheduled.
 */
export type RailReportSink<State> = (report: RailReport<State>, options: { delayMs: number }) => Promise<void>;
