// Workflow ids. A write is keyed by its idempotency key, so a repeated request reaches the same
// workflow. Keys that are long or carry odd characters are hashed into the id; the original key
// stays in the database.
import { createHash } from 'node:crypto';
import type { Mode } from '../domain/modes.ts';

export function keySegment(key: string): string {
  if (/^[A-Za-z0-9._:-]{1,100}$/.test(key)) return key;
  return `sha256-${createHash('sha256').update(key).digest('hex')}`;
}

export function topUpWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `top-up/${accountId}/${mode}/${keySegment(key)}`;
}

export function payoutWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `payout/${accountId}/${mode}/${keySegment(key)}`;
}

export function payoutBatchWorkflowId(accountId: string, mode: Mode, key: string): string {
  return `payout-batch/${accountId}/${mode}/${keySegment(key)}`;
}

/** A test helper's action on one payout (complete, fail, reverse). */
export function payoutActionWorkflowId(payoutId: string, action: string): string {
  return `payout-action/${payoutId}/${action}`;
}
