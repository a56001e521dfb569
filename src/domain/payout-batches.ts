// Payout batches: a batch is `processing` until every one of its payouts has settled, then `completed`.
// Its items' own statuses are payout statuses (src/domain/payouts.ts).

export const payoutBatchStatuses = ['pending_approval', 'scheduled', 'processing', 'completed', 'rejected', 'cancelled'] as const;
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number];

/** A batch that waits as a whole (for its approvals, then its time) before any of its payouts goes on. */
export const payoutBatchWaitStatuses = ['pending_approval', 'scheduled'] as const satisfies readonly PayoutBatchStatus[];
export const isPayoutBatchWaiting = (status: string): status is (typeof payoutBatchWaitStatuses)[number] => (payoutBatchWaitStatuses as readonly string[]).includes(status);

/**
 * At most this many batches of one account may be `processing` at once per mode (docs/api.md, Rate limits), so one
 * account's run cannot starve the others; a new batch past it is refused with `429 rate_limited`.
 */
export const MAX_PROCESSING_BATCHES = 5;
