// `scheduled_at` of a payout or a batch (docs/api.md, "Payouts that wait"): 15 minutes to 90 days ahead. A test run
// may lower the 15-minute floor for sandbox keys (PAYOUT_SCHEDULE_MIN_SECONDS); live keys always keep it.
import type { Config } from '../config.ts';
import { ApiError } from '../domain/errors.ts';
import type { Mode } from '../domain/modes.ts';

const MIN_SECONDS = 900;
const MAX_SECONDS = 90 * 86_400;

export function checkScheduledAt(scheduledAt: number | undefined, mode: Mode, config: Pick<Config, 'PAYOUT_SCHEDULE_MIN_SECONDS'>): void {
  if (scheduledAt === undefined) return;
  const floor = mode === 'sandbox' ? config.PAYOUT_SCHEDULE_MIN_SECONDS : MIN_SECONDS;
  const ahead = scheduledAt - Date.now() / 1000;
  if (ahead < floor || ahead > MAX_SECONDS) throw new ApiError('invalid_request', `scheduled_at must be ${floor} seconds to 90 days from now.`, 'scheduled_at');
}
