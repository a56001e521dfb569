// The migration that gives each live object its connection (Migration20261207030000_object_connections), run on
// data written at the schema version before it: an account whose provider account was connected three times (A and B
// share a key id, B and C a payout account number, so the three are one provider account, C the newest), and another
// account whose one connection shares A's key id. The migration keeps the newest connection of each group: the older
// ones are disabled and marked superseded by it, and every live object of the account points at it, while a payout
// keeps the payout account number of the connection the account had when the payout was made. Sandbox objects get no
// connection. The real service then starts on the migrated database, and a provider webhook sent to the superseded
// connection A's URL is still verified with A's own webhook secret.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { signatureOf } from '../../src/connectors/razorpay/webhooks.ts';
import { connectionKeySecretContext, connectionWebhookSecretContext } from '../../src/db/connections.ts';
import { ensureDatabaseExists, openOrm, type Orm } from '../../src/db/orm.ts';
import { createSecretBox } from '../../src/db/sealed.ts';
import { newId } from '../../src/domain/ids.ts';
import { createHttp } from '../helpers/http.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

/** The last migration before the one under test. */
const BEFORE = 'Migration20261207010000_provider_event_matching';

const secrets = createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64'));
/** Nothing listens there: the service must not need the provider to start. */
const BASE_URL = 'http://127.0.0.1:9';
const NUMBER_A = '2323230000000001';
const NUMBER_BC = '2323230000000002';
const NUMBER_D = '2323230000000004';

// A database of this file's own, next to the one test/helpers/file-database.ts gave the file (its name starts with
// that one's, so the run's teardown drops it too should `after` not).
const databaseUrl = (() => {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `${url.pathname}_migration`;
  return url.toString();
})();

let orm: Orm;
let service: TestService | undefined;

const sql = <T = any>(query: string, params: unknown[] = []): Promise<T[]> => orm.em.fork().execute(query, params);

interface Seeded {
  id: string;
  webhookSecret: string;
}

async function insertConnection(accountId: string, keyId: string, number: string, status: 'active' | 'disabled', createdAt: string): Promise<Seeded> {
  const id = newId('connection');
  const webhookSecret = `whsec-${id}`;
  await sql(
    `insert into connections (id, account_id, provider, key_id, key_secret, webhook_secret, payout_account_number, base_url, status, created_at)
     values (?, ?, 'razorpay', ?, ?, ?, ?, ?, ?, ?)`,
    [id, accountId, keyId, secrets.seal(`key-secret-${id}`, connectionKeySecretContext(id)), secrets.seal(webhookSecret, connectionWebhookSecretContext(id)), number, BASE_URL, status, createdAt],
  );
  return { id, webhookSecret };
}

const account = newId('account');
const otherAccount = newId('account');
let A: Seeded;
let B: Seeded;
let C: Seeded;
let D: Seeded;
/** The first account's live objects by table, and the payout account number each payout was sent from. */
const live: { table: string; id: string }[] = [];
const payoutNumbers = new Map<string, string>();
const sandbox: { table: string; id: string }[] = [];
let otherPayout: string;

async function insertPayout(accountId: string, mode: 'live' | 'sandbox', beneficiaryId: string, createdAt: string): Promise<string> {
  const id = newId('payout');
  await sql(
    `insert into payouts (id, account_id, mode, beneficiary_id, amount, transfer_mode, status, idempotency_key, created_at)
     values (?, ?, ?, ?, 10000, 'IMPS', 'completed', ?, ?)`,
    [id, accountId, mode, beneficiaryId, `mig-${id}`, createdAt],
  );
  return id;
}

async function insertPayment(accountId: string, mode: 'live' | 'sandbox', createdAt: string): Promise<string> {
  const id = newId('payment');
  await sql(
    `insert into payments (id, account_id, mode, amount, status, method, vpa, captured_at, idempotency_key, created_at)
     values (?, ?, ?, 25000, 'captured', 'upi', ?, ?, ?, ?)`,
    [id, accountId, mode, mode === 'sandbox' ? 'payer@upi' : null, createdAt, `mig-${id}`, createdAt],
  );
  return id;
}

async function seed(): Promise<void> {
  await sql(`insert into accounts (id, name) values (?, 'migrated account'), (?, 'other account')`, [account, otherAccount]);
  // A, then B with A's key id and a new payout account number, then C with B's number and a new key id. One active
  // connection per account: the older ones were disabled when the next one was added.
  A = await insertConnection(account, 'rzp_test_mig_key1', NUMBER_A, 'disabled', '2026-11-01T00:00:00Z');
  B = await insertConnection(account, 'rzp_test_mig_key1', NUMBER_BC, 'disabled', '2026-11-10T00:00:00Z');
  C = await insertConnection(account, 'rzp_test_mig_key2', NUMBER_BC, 'active', '2026-11-20T00:00:00Z');
  // Another account's connection with A's key id, between A and B: a group never crosses accounts.
  D = await insertConnection(otherAccount, 'rzp_test_mig_key1', NUMBER_D, 'active', '2026-11-05T00:00:00Z');

  const liveBeneficiary = newId('beneficiary');
  const sandboxBeneficiary = newId('beneficiary');
  const otherBeneficiary = newId('beneficiary');
  await sql(
    `insert into beneficiaries (id, account_id, mode, name, type, vpa) values (?, ?, 'live', 'Live payee', 'vpa', 'payee@upi'),
       (?, ?, 'sandbox', 'Sandbox payee', 'vpa', 'payee@upi'), (?, ?, 'live', 'Other payee', 'vpa', 'other@upi')`,
    [liveBeneficiary, account, sandboxBeneficiary, account, otherBeneficiary, otherAccount],
  );

  // Payouts: one made before any connection (the account's first is taken), one under A, one under B, one under C.
  for (const [createdAt, number] of [
    ['2026-10-25T00:00:00Z', NUMBER_A],
    ['2026-11-03T00:00:00Z', NUMBER_A],
    ['2026-11-12T00:00:00Z', NUMBER_BC],
    ['2026-11-22T00:00:00Z', NUMBER_BC],
  ] as const) {
    const id = await insertPayout(account, 'live', liveBeneficiary, createdAt);
    live.push({ table: 'payouts', id });
    payoutNumbers.set(id, number);
  }
  // A payment under A, refunded under B.
  const payment = await insertPayment(account, 'live', '2026-11-04T00:00:00Z');
  live.push({ table: 'payments', id: payment });
  const refund = newId('refund');
  await sql(
    `insert into refunds (id, account_id, mode, payment_id, amount, status, idempotency_key, created_at) values (?, ?, 'live', ?, 5000, 'processed', ?, '2026-11-15T00:00:00Z')`,
    [refund, account, payment, `mig-${refund}`],
  );
  await sql(`update payments set amount_refunded = 5000 where id = ?`, [payment]);
  live.push({ table: 'refunds', id: refund });
  // A payment link made under B, expired since.
  const link = newId('paymentLink');
  await sql(
    `insert into payment_links (id, account_id, mode, amount, status, expire_by, expired_at, short_url, idempotency_key, created_at)
     values (?, ?, 'live', 50000, 'expired', '2026-11-13T00:00:00Z', '2026-11-13T00:00:00Z', 'https://pay.example/l/1', ?, '2026-11-11T00:00:00Z')`,
    [link, account, `mig-${link}`],
  );
  live.push({ table: 'payment_links', id: link });
  // A mandate made under A, expired since.
  const customer = newId('customer');
  await sql(`insert into customers (id, account_id, mode, name) values (?, ?, 'live', 'Payer')`, [customer, account]);
  const mandate = newId('mandate');
  await sql(
    `insert into mandates (id, account_id, mode, customer_id, vpa, max_amount, frequency, start_at, expire_at, status, expired_at,
       authorization_url, authorization_expires_at, idempotency_key, created_at)
     values (?, ?, 'live', ?, 'payer@upi', 100000, 'monthly', '2026-11-02T00:00:00Z', '2026-11-30T00:00:00Z', 'expired', '2026-11-30T00:00:00Z',
       'https://pay.example/m/1', '2026-11-03T00:00:00Z', ?, '2026-11-02T00:00:00Z')`,
    [mandate, account, customer, `mig-${mandate}`],
  );
  live.push({ table: 'mandates', id: mandate });

  // Sandbox objects of the same account, made while B was its connection.
  sandbox.push({ table: 'payouts', id: await insertPayout(account, 'sandbox', sandboxBeneficiary, '2026-11-12T00:00:00Z') });
  sandbox.push({ table: 'payments', id: await insertPayment(account, 'sandbox', '2026-11-12T00:00:00Z') });

  otherPayout = await insertPayout(otherAccount, 'live', otherBeneficiary, '2026-11-06T00:00:00Z');
}

async function dropDatabase(): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

before(async () => {
  await ensureDatabaseExists(databaseUrl);
  orm = await openOrm(databaseUrl, { poolMax: 2, logger: () => {} });
  const applied = await orm.migrator.up({ to: BEFORE });
  assert.equal(applied.at(-1)?.name, BEFORE);
  await seed();
  const rest = (await orm.migrator.up()).map((m) => m.name);
  assert.equal(rest[0], 'Migration20261207030000_object_connections');
});
after(async () => {
  await service?.stop();
  await orm?.close(true);
  await dropDatabase();
});

async function connection(id: string): Promise<{ status: string; superseded_by: string | null; key_id: string; payout_account_number: string }> {
  const [row] = await sql('select status, superseded_by, key_id, payout_account_number from connections where id = ?', [id]);
  assert.ok(row, id);
  return row;
}

describe('the migration giving live objects their connection', () => {
  test('connections of one provider account (same key id or same payout account number, joined transitively) keep the newest: A and B are disabled and superseded by C', async () => {
    assert.deepEqual(await connection(A.id), { status: 'disabled', superseded_by: C.id, key_id: 'rzp_test_mig_key1', payout_account_number: NUMBER_A });
    assert.deepEqual(await connection(B.id), { status: 'disabled', superseded_by: C.id, key_id: 'rzp_test_mig_key1', payout_account_number: NUMBER_BC });
    assert.deepEqual(await connection(C.id), { status: 'active', superseded_by: null, key_id: 'rzp_test_mig_key2', payout_account_number: NUMBER_BC });
  });

  test("another account's connection with the same key id is a group of its own and stays active, superseded by none", async () => {
    assert.deepEqual(await connection(D.id), { status: 'active', superseded_by: null, key_id: 'rzp_test_mig_key1', payout_account_number: NUMBER_D });
    const [payout] = await sql('select connection_id, payout_account_number from payouts where id = ?', [otherPayout]);
    assert.deepEqual(payout, { connection_id: D.id, payout_account_number: NUMBER_D });
  });

  test('every live payout, payment, refund, payment link and mandate of the account points at the newest connection C, whenever it was made', async () => {
    assert.deepEqual(new Set(live.map((o) => o.table)), new Set(['payouts', 'payments', 'refunds', 'payment_links', 'mandates']));
    for (const { table, id } of live) {
      const [row] = await sql(`select connection_id from ${table} where id = ?`, [id]);
      assert.equal(row?.connection_id, C.id, `${table} ${id}`);
    }
  });

  test('a live payout keeps the payout account number of the connection the account had when it was made (A\'s before B was added, the first one\'s before any)', async () => {
    const rows = await sql<{ id: string; payout_account_number: string }>(
      `select id, payout_account_number from payouts where account_id = ? and mode = 'live' order by created_at`,
      [account],
    );
    assert.deepEqual(rows.map((r) => r.payout_account_number), [NUMBER_A, NUMBER_A, NUMBER_BC, NUMBER_BC]);
    for (const r of rows) assert.equal(r.payout_account_number, payoutNumbers.get(r.id));
  });

  test('sandbox objects keep no connection and no payout account number', async () => {
    for (const { table, id } of sandbox) {
      const [row] = await sql(`select * from ${table} where id = ?`, [id]);
      assert.equal(row.connection_id, null, `${table} ${id}`);
      if (table === 'payouts') assert.equal(row.payout_account_number, null);
    }
    const counts = await sql(`select count(*)::int as n from payouts where mode = 'sandbox' and (connection_id is not null or payout_account_number is not null)`);
    assert.deepEqual(counts, [{ n: 0 }]);
  });

  test("the service starts on the migrated data; a webhook to superseded A's URL verifies with A's webhook secret (200), one signed otherwise answers 400", async () => {
    service = await startTestService({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', PROVIDER_MAX_RPS: '50' });
    const http = createHttp(service.url);
    const body = JSON.stringify({ entity: 'event', event: 'payout.downtime.started', contains: [], payload: {}, created_at: 1 });
    const post = (connectionId: string, eventId: string, signature: string) =>
      http.post(`/connectors/razorpay/${connectionId}/webhooks`, {
        headers: { 'x-razorpay-event-id': eventId, 'x-razorpay-signature': signature },
        raw: { body, contentType: 'application/json' },
      });

    const signed = await post(A.id, 'evt_mig_a_signed', signatureOf(body, A.webhookSecret));
    assert.equal(signed.status, 200, signed.text);
    assert.deepEqual(await service.sql('select connection_id, type from provider_events where event_id = ?', ['evt_mig_a_signed']), [
      { connection_id: A.id, type: 'payout.downtime.started' },
    ]);
    // Signed with the newest connection's secret, or with nothing valid: A's URL takes only A's.
    for (const [eventId, signature] of [
      ['evt_mig_a_by_c', signatureOf(body, C.webhookSecret)],
      ['evt_mig_a_bad', signatureOf(body, 'not-a-webhook-secret')],
    ] as const) {
      const refused = await post(A.id, eventId, signature);
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.body.error.param, 'x-razorpay-signature');
    }
    assert.deepEqual(await service.sql("select event_id from provider_events where event_id in ('evt_mig_a_by_c', 'evt_mig_a_bad')"), []);
    // B's URL, and the newest C's, each still verify with their own secret.
    assert.equal((await post(B.id, 'evt_mig_b_signed', signatureOf(body, B.webhookSecret))).status, 200);
    assert.equal((await post(C.id, 'evt_mig_c_signed', signatureOf(body, C.webhookSecret))).status, 200);
  });
});
