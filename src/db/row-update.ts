// The UPDATE of a row's changed scalar columns, as SQL to run inside a larger statement (a status change writes
// its row, its posting, its history row and its event in one round trip: activities/lifecycle.ts).
import type { EntityManager, EntityName } from '@mikro-orm/postgresql';
import type { SqlStatement } from './events.ts';

type Scalar = string | number | boolean | Date | null | undefined;

const same = (a: Scalar, b: Scalar) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

/** The entity's own scalar values (what `rowUpdate` compares against after a change). */
export function scalarSnapshot<Row extends object>(em: EntityManager, entity: EntityName<Row>, row: Row): Record<string, Scalar> {
  const snapshot: Record<string, Scalar> = {};
  for (const prop of em.getMetadata(entity).props) snapshot[prop.name] = (row as Record<string, Scalar>)[prop.name];
  return snapshot;
}

/**
 * `update <table> set <changed columns> where <primary key> = ?` for the properties of `row` that differ from
 * `before`, or undefined when none does. Only scalar values (text, numbers, booleans, times, null) may change:
 * anything else is a defect of the caller, and throws. With `guard`, the UPDATE changes the row only while those
 * properties still hold those values, and returns what it changed (`returning 1`): a guard (src/ledger's post).
 */
export function rowUpdate<Row extends object>(
  em: EntityManager,
  entity: EntityName<Row>,
  row: Row,
  before: Record<string, Scalar>,
  guard?: { while: Partial<Record<keyof Row & string, Scalar>> },
): SqlStatement | undefined {
  const meta = em.getMetadata(entity);
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const prop of meta.props) {
    const value = (row as Record<string, unknown>)[prop.name];
    if (same(value as Scalar, before[prop.name])) continue;
    if (value !== null && value !== undefined && !['string', 'number', 'boolean'].includes(typeof value) && !(value instanceof Date)) {
      throw new Error(`${meta.className}.${prop.name}: only scalar values are written this way`);
    }
    sets.push(`"${prop.fieldNames[0]}" = ?`);
    params.push(value ?? null);
  }
  if (sets.length === 0) return undefined;
  const [pk] = meta.primaryKeys;
  const pkProp = meta.properties[pk];
  const conditions = [`"${pkProp.fieldNames[0]}" = ?`];
  params.push((row as Record<string, unknown>)[pk as string]);
  for (const [name, value] of Object.entries(guard?.while ?? {})) {
    const prop = meta.properties[name as keyof typeof meta.properties];
    if (!prop || value === null || value === undefined) throw new Error(`${meta.className}.${name}: a guard needs a column and a value`);
    conditions.push(`"${prop.fieldNames[0]}" = ?`);
    params.push(value);
  }
  return { sql: `update "${meta.tableName}" set ${sets.join(', ')} where ${conditions.join(' and ')}${guard ? ' returning 1' : ''}`, params };
}
