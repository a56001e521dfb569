// Payout batches: a batch is `processing` until every one of its payouts has settled, then `completed`.
// Its items' own statuses are payout statuses (src/domain/payouts.ts).

export const payoutBatchStatuses = ['processing', 'completed'] as const;
export type PayoutBatchStatus = (typeof payoutBatchStatuses)[number];
