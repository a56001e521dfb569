// Sandbox top-ups: the credit is posted in the same transaction that writes the row, so `succeeded` is
// the only status a top-up ever has.

export const topUpStatuses = ['succeeded'] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];
