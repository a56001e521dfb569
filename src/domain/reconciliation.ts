// Reconciliation of a live connection (docs/api.md, Live mode; docs/decisions.md, "Reconciliation difference"): what the provider
// reports that no webhook brought is recorded through the webhooks' own writers, then the provider's balance is
// compared with ours and the difference reported, never corrected.

/**
 * The steps of a reconciliation, run in this order by reconcileConnectionWorkflow. Each is read at the provider by
 * an ordinary activity (activities/reconciliation.ts, `readReconcileStep`), whose work the workflow applies through
 * the one transition writer and the top-up writer, then saved (`saveReconcileStep`). Another step is a new name here
 * and its reader and saver there. The live settlements sync runs after these steps (workflows/reconcile.ts).
 */
export const reconcileSteps = ['payout_account_statement'] as const;
export type ReconcileStep = (typeof reconcileSteps)[number];

/** What a reconciliation found, as `payctl connections reconcile` prints it. */
export interface ReconciliationResult {
  connection_id: string;
  /** Unix seconds. */
  reconciled_at: number;
  cursor: string | null;
  lines_read: number;
  deposits_read: number;
  payout_reports: number;
  /** Statement lines nothing of ours explains (left alone; they show in the difference). */
  unexplained_lines: number;
  /** Paise: the provider's balance after the last statement line read. */
  provider_balance: number;
  /** Paise: live `available` plus the reserved amounts of payouts the provider has not debited yet. */
  our_balance: number;
  /** provider_balance - our_balance; reported, never corrected. */
  difference: number;
}

/** The difference as docs/decisions.md defines it. */
export function reconciliationDifference(providerBalance: number, available: number, unaccepted: number): number {
  return providerBalance - (available + unaccepted);
}
