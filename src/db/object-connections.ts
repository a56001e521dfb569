// The connection each live object keeps (docs/live-money.md, "Connections"). An object binds once, to the connection
// that carries its first provider call, and keeps it: its lookups, refunds and closing calls go there even after the
// connection is disabled or another one follows the account (a payout in flight must be looked up where it was sent,
// or it would read as unknown there and be failed while the provider pays it). Binding takes only an active
// connection, so a disabled one moves no new money; an object already bound uses its connection whatever its status.
// - a payout binds when it is first sent (so one that waited binds when it leaves its last wait), with the payout
//   account number it leaves from, where it is looked up;
// - a payment binds at its submit (a collection's debit to its mandate's connection: the token lives there);
// - a refund binds to its payment's connection, disabled or not;
// - a payment link binds when its first QR code is made, a mandate when it is registered.
import type { EntityManager } from '@mikro-orm/postgresql';

/** An object's connection: where its provider calls go, and the settings version its rails were built from. */
export interface ObjectConnection {
  connectionId: string;
  status: string;
  credentialsVersion: number;
}

export interface PayoutConnection extends ObjectConnection {
  /** The payout account number the payout left from (its lookups name it). */
  payoutAccountNumber: string | null;
}

type Bound = 'payouts' | 'payments' | 'refunds' | 'payment_links' | 'mandates';

const ACTIVE = `(select c.id from connections c where c.account_id = o.account_id and c.status = 'active')`;

/** What an unbound object of each table binds to. */
const bindTo: Record<Bound, string> = {
  payouts: ACTIVE,
  payments: `coalesce((select m.connection_id from collections col join mandates m on m.id = col.mandate_id where col.id = o.collection_id), ${ACTIVE})`,
  refunds: `coalesce((select p.connection_id from payments p where p.id = o.payment_id), ${ACTIVE})`,
  payment_links: ACTIVE,
  mandates: ACTIVE,
};

interface Row {
  connection_id: string;
  status: string;
  credentials_version: number;
  payout_account_number?: string | null;
}

async function connectionOf(em: EntityManager, table: Bound, id: string, bind: boolean): Promise<Row | null> {
  if (bind) {
    await em.execute(`update ${table} o set connection_id = ${bindTo[table]} where o.id = ? and o.mode = 'live' and o.connection_id is null`, [id]);
  }
  const number = table === 'payouts' ? ', o.payout_account_number' : '';
  const [row] = await em.execute<Row[]>(
    `select o.connection_id, c.status, c.credentials_version${number} from ${table} o join connections c on c.id = o.connection_id where o.id = ?`,
    [id],
  );
  return row ?? null;
}

const objectConnection = (row: Row): ObjectConnection => ({ connectionId: row.connection_id, status: row.status, credentialsVersion: row.credentials_version });

/**
 * A payout's connection and the number it left from; with `bind` (a send), an unbound payout first binds to its
 * account's active connection and that connection's payout account number. Null: unbound (nothing was sent).
 */
export async function payoutConnection(em: EntityManager, payoutId: string, bind: boolean): Promise<PayoutConnection | null> {
  if (bind) {
    await em.execute(
      `update payouts o set connection_id = c.id, payout_account_number = c.payout_account_number
         from connections c where o.id = ? and o.mode = 'live' and o.connection_id is null and c.account_id = o.account_id and c.status = 'active'`,
      [payoutId],
    );
  }
  const row = await connectionOf(em, 'payouts', payoutId, false);
  return row ? { ...objectConnection(row), payoutAccountNumber: row.payout_account_number ?? null } : null;
}

/** The connection of a payment, refund, payment link or mandate; with `bind`, an unbound one binds first (see above). */
export async function boundConnection(em: EntityManager, table: Exclude<Bound, 'payouts'>, id: string, bind: boolean): Promise<ObjectConnection | null> {
  const row = await connectionOf(em, table, id, bind);
  return row ? objectConnection(row) : null;
}
