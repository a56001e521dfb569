// Payout batches: a batch is `processing` until every one of its payouts has settled, then `completed`.
// Its items' own statuses are payout statuses (src/domain/payouts.ts).

export const payoutBatchStatuses = ['processing', 'completed'] as const;
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number];

/**
 * At most this many batches of one account may be `processing` at once per mode (docs/api.md, Rate limits), so one
 * account's run cannot starve the others; a new batch past it is refused with `429 rate_limited`.
 */
export const MAX_PROCESSING_BATCHES = 5;
