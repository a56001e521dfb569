// What a connection's provider account is missing (docs/live-money.md, "Set-up errors are not declines"): per
// capability, the set-up refusal the provider last answered (authentication refused, an IP address not allow-listed,
// a feature not enabled). A success of the capability clears its entry; the connection shows `attention_required`
// while any entry is there, and `disabled` stays disabled (connectionStatusOf). Each change is one warning line.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../logger.ts';

/** What a connection carries, each with its own attention entry. */
export const connectionCapabilities = ['payouts', 'payments', 'recurring', 'verification'] as const;
export type ConnectionCapability = (typeof connectionCapabilities)[number];

export interface AttentionEntry {
  reason: string;
  description: string | null;
  since: string;
}
export type ConnectionAttention = Partial<Record<ConnectionCapability, AttentionEntry>>;

/** The status a connection shows: its stored one, or `attention_required` when an active one has an entry. */
export function connectionStatusOf(stored: string, attention: ConnectionAttention | null | undefined): 'active' | 'attention_required' | 'disabled' {
  if (stored === 'disabled') return 'disabled';
  return attention && Object.keys(attention).length > 0 ? 'attention_required' : 'active';
}

/** Records a set-up refusal of `capability` on the connection; one warning line when its reason changed. */
export async function needsAttention(
  em: EntityManager,
  logger: Logger | undefined,
  change: { connectionId: string; capability: ConnectionCapability; reason: string; description: string | null },
): Promise<boolean> {
  const entry = JSON.stringify({ reason: change.reason, description: change.description, since: new Date().toISOString() });
  const changed = await em.execute<{ id: string }[]>(
    `update connections set attention = attention || jsonb_build_object(?::text, ?::jsonb)
      where id = ? and (attention -> ?::text ->> 'reason') is distinct from ? returning id`,
    [change.capability, entry, change.connectionId, change.capability, change.reason],
  );
  if (changed.length === 0) return false;
  logger?.warn(
    { connectionId: change.connectionId, capability: change.capability, reason: change.reason, description: change.description },
    'connection needs attention: the provider account is not set up for this call',
  );
  return true;
}

/** Clears `capability`'s entry after one of its calls succeeded; one warning line when there was one. */
export async function attentionCleared(em: EntityManager, logger: Logger | undefined, connectionId: string, capability: ConnectionCapability): Promise<boolean> {
  const changed = await em.execute<{ id: string }[]>(
    `update connections set attention = attention - ?::text where id = ? and attention -> ?::text is not null returning id`,
    [capability, connectionId, capability],
  );
  if (changed.length === 0) return false;
  logger?.warn({ connectionId, capability }, 'connection attention cleared: the provider accepted this call again');
  return true;
}

/** What one call of `capability` said of the connection's set-up: a set-up refusal marks it, any other answer clears it. */
export async function noteSetupAnswer(
  em: EntityManager,
  logger: Logger | undefined,
  connectionId: string,
  capability: ConnectionCapability,
  refusal: { reason: string; description: string | null } | null,
): Promise<void> {
  if (refusal) await needsAttention(em, logger, { connectionId, capability, ...refusal });
  else await attentionCleared(em, logger, connectionId, capability);
}

/** Every connection's attention entries, for /metrics (`paygate_connection_attention{connection_id,reason}`). */
export async function attentionOfConnections(em: EntityManager): Promise<{ connectionId: string; capability: string; reason: string }[]> {
  const rows = await em.execute<{ id: string; capability: string; reason: string }[]>(
    `select c.id, e.key as capability, e.value ->> 'reason' as reason
       from connections c, jsonb_each(c.attention) e
      where c.status <> 'disabled' order by c.id, e.key`,
  );
  return rows.map((r) => ({ connectionId: r.id, capability: r.capability, reason: r.reason }));
}

/** Keeps what the last reconciliation of a connection came to: when, and what it could not read (null: it read). */
export async function recordReconciliation(em: EntityManager, connectionId: string, error: string | null): Promise<void> {
  await em.execute(`update connections set last_reconciliation = jsonb_build_object('at', now(), 'error', ?::text) where id = ?`, [error, connectionId]);
}
