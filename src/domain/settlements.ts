// Settlements: a settlement row is written in the same transaction that moves its payments from
// `pending` to `available`, so `processed` is the only status it ever has.

export const settlementStatuses = ['processed'] as const;
export type SettlementStatus = (typeof settlementStatuses)[number];
