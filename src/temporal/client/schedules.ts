// Creating a Temporal Schedule, or bringing it up to date when it exists: every worker does it for every Schedule at
// every start (and `payctl connections add` for the connection's), so it must be idempotent, and a changed setting (a
// new time, a new interval) takes effect then. Every Schedule of the service is made through it.
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
