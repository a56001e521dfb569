// Rows → the objects callers see (the same shape in responses, event bodies and workflow results).
import type { BalanceTransaction, TopUp } from './entities.ts';
import type { Mode } from '../domain/modes.ts';

export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export interface TopUpView {
  id: string;
  object: 'top_up';
  mode: Mode;
  amount: number;
  currency: string;
  status: 'succeeded';
  description: string | null;
  metadata: Record<string, string>;
  balance_transaction_id: string | null;
  idempotency_key: string;
  created_at: number;
}

export function topUpView(row: TopUp): TopUpView {
  return {
    id: row.id,
    object: 'top_up',
    mode: row.mode,
    amount: Number(row.amount),
    currency: row.currency,
    status: 'succeeded',
    description: row.description ?? null,
    metadata: row.metadata ?? {},
    balance_transaction_id: row.balanceTransactionId ?? null,
    idempotency_key: row.idempotencyKey,
    created_at: unixSeconds(row.createdAt),
  };
}

export interface BalanceTransactionView {
  id: string;
  object: 'balance_transaction';
  mode: Mode;
  type: string;
  source_id: string;
  amount: number;
  fee: number;
  net: number;
  currency: string;
  status: string;
  description: string | null;
  created_at: number;
}

export function balanceTransactionView(row: BalanceTransaction): BalanceTransactionView {
  const amount = Number(row.amount);
  const fee = Number(row.fee);
  return {
    id: row.id,
    object: 'balance_transaction',
    mode: row.mode,
    type: row.type,
    source_id: row.sourceId,
    amount,
    fee,
    net: amount - fee,
    currency: row.currency,
    status: row.status,
    description: row.description ?? null,
    created_at: unixSeconds(row.createdAt),
  };
}
