// Creating a Temporal Schedule at worker start, or bringing it up to date when it exists: every worker does it at
// every start, so it must be idempotent, and a changed setting (a new time, a new interval) takes effect then.
import { type Client, ScheduleAlreadyRunning, type ScheduleOptions } from '@temporalio/client';

export async function ensureSchedule(client: Client, options: Pick<ScheduleOptions, 'scheduleId' | 'spec' | 'action' | 'policies'>): Promise<string> {
  const { scheduleId, spec, action, policies } = options;
  try {
    await client.schedule.create({ scheduleId, spec, action, policies });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((previous) => ({ ...previous, spec, action, policies }));
  }
  return scheduleId;
}
