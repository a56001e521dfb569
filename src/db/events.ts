// The event outbox: an event row is written in the same database transaction as the change it
// describes, with the resource as GET shows it at that moment. Webhook delivery reads these rows.
import type { EntityManager } from '@mikro-orm/postgresql';
import { newId } from '../domain/ids.ts';
import type { Mode } from '../domain/modes.ts';

export async function recordEvent(
  em: EntityManager,
  event: { accountId: string; mode: Mode; type: string; object: object },
): Promise<string> {
  const id = newId('event');
  await em.execute(`insert into events (id, account_id, mode, type, data) values (?, ?, ?, ?, ?::jsonb)`, [
    id,
    event.accountId,
    event.mode,
    event.type,
    JSON.stringify({ object: event.object }),
  ]);
  return id;
}
