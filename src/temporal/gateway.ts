// What the API needs from Temporal, as an interface: src/api depends on this, not on the SDK.
import type { Mode } from '../domain/modes.ts';
import type { TopUpView } from '../db/views.ts';

export interface CreateTopUpInput {
  accountId: string;
  mode: Mode;
  /** The caller's Idempotency-Key (or a fresh one the API made up when there was none). */
  idempotencyKey: string;
  amount: number;
  currency: 'INR';
  description: string | null;
  metadata: Record<string, string>;
}

export interface TemporalGateway {
  /**
   * Starts (or joins) the top-up workflow keyed by (account, mode, key) with Update-with-Start and
   * answers once the top-up is written. Throws ApiError('service_unavailable') when Temporal is unreachable.
   */
  createTopUp(input: CreateTopUpInput): Promise<TopUpView>;
  /** True when the Temporal frontend answers (for /readyz). */
  isReachable(): Promise<boolean>;
}
