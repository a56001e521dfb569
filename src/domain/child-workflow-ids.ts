import type { Mode } from './modes.ts';

// The workflow ids workflow code builds itself, for the children it starts: made of the service's own ids, no hash,
// so they run in the workflow sandbox (workflow-ids.ts, which re-exports them, hashes callers' keys with node:crypto).

/**
 * The workflow that follows a refund the service made itself (a late authorization's, a payment link's duplicate
 * payment's) until it settles: `refund-follow/{refund_id}`.
 */
export function refundFollowWorkflowId(refundId: string): string {
  return `refund-follow/${refundId}`;
}

/** The low-balance queue of an account and mode: one workflow at a time, started by what may release from it. */
export function payoutQueueWorkflowId(accountId: string, mode: Mode): string {
  return `payout-queue/${accountId}/${mode}`;
}
