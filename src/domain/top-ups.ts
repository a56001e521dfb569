// Sandbox top-ups: the credit is posted in the same transaction that writes the row, so `succeeded` is
// the only status a top-up ever has.

export const topUpStatuses = ['succeeded'] as const;
export type TopUpStatus = (typeof topUpStatuses)[number];

/** Where a top-up's money came from: a sandbox test helper, or the provider (a credit to a live payout account). */
export const topUpSources = ['test_helper', 'provider'] as const;
export type TopUpSource = (typeof topUpSources)[number];
