// Balance and ledger (docs/api.md): `available` never goes below zero, whatever the concurrency, and every
// movement is a balanced double-entry transaction. Top-ups go through HTTP; debits (there is no HTTP
// endpoint for them yet) go straight to the ledger module, as the payout path will.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import { executePrepared } from '../../src/db/prepared.ts';
import { InsufficientFundsError, sqlStateOf } from '../../src/domain/failures.ts';
import { PostingNotWrittenError, post } from '../../src/ledger/ledger.ts';
import { allBalanceTransactions, balanceOf, sleep } from '../helpers/api-assert.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { postDebit } from '../helpers/ledger.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

type DebitOutcome = { ok: true; amount: number } | { ok: false; insufficient: boolean; error: unknown };

/** A test-only debit of `available`, in its own database transaction, as a payout will post it. */
async function debit(accountId: string, amount: number, sourceId: string): Promise<DebitOutcome> {
  try {
    await postDebit(service, accountId, amount, sourceId);
    return { ok: true, amount };
  } catch (error) {
    return { ok: false, insufficient: error instanceof InsufficientFundsError, error };
  }
}

/** The ledger is sound for this account: no internal balance below zero anywhere, every transaction
 * has at least two entries summing to zero, and each ledger account's balance is the sum of its entries. */
async function assertLedgerSound(accountId: string): Promise<void> {
  const negative = await service.sql(`select account_id, mode, kind, balance::text from ledger_accounts where internal and balance < 0`);
  assert.deepEqual(negative, [], 'no internal ledger account is below zero');

  const unbalanced = await service.sql(
    `select bt.id, count(le.id)::int as legs, coalesce(sum(le.amount), 0)::text as total
     from balance_transactions bt left join ledger_entries le on le.transaction_id = bt.id
     where bt.account_id = ?
     group by bt.id
     having count(le.id) < 2 or coalesce(sum(le.amount), 0) <> 0`,
    [accountId],
  );
  assert.deepEqual(unbalanced, [], 'every balance transaction has entries that sum to zero');

  const anywhere = await service.sql(`select transaction_id from ledger_entries group by transaction_id having sum(amount) <> 0`);
  assert.deepEqual(anywhere, [], 'no transaction in the whole ledger is unbalanced');

  const drift = await service.sql(
    `select la.kind, la.balance::text as balance, coalesce(sum(le.amount), 0)::text as entries
     from ledger_accounts la left join ledger_entries le on le.ledger_account_id = la.id
     where la.account_id = ?
     group by la.id
     having la.balance <> coalesce(sum(le.amount), 0)`,
    [accountId],
  );
  assert.deepEqual(drift, [], "each ledger account's balance is the sum of its entries");

  const netOfTransactions = await service.sql<{ total: string }>(
    `select coalesce(sum(amount), 0)::text as total from balance_transactions where account_id = ? and mode = 'sandbox'`,
    [accountId],
  );
  const available = await service.sql<{ balance: string }>(
    `select balance::text from ledger_accounts where account_id = ? and mode = 'sandbox' and kind = 'available'`,
    [accountId],
  );
  assert.equal(Number(netOfTransactions[0].total), Number(available[0]?.balance ?? 0), 'balance transaction amounts add up to available');
}

async function availableInDb(accountId: string): Promise<number> {
  const rows = await service.sql<{ balance: string }>(
    `select balance::text from ledger_accounts where account_id = ? and mode = 'sandbox' and kind = 'available' and currency = 'INR'`,
    [accountId],
  );
  return Number(rows[0]?.balance ?? 0);
}

describe('available never goes below zero', () => {
  test('200 concurrent top-ups and debits: available never below zero, every transaction balances', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    // 100 top-ups over HTTP and 100 debits straight to the ledger, all in flight together: 20 debits at
    // once (on an empty balance), then one more each time a top-up answers, while the others are still
    // running. Debits average more than a top-up, so the balance keeps hitting zero.
    const TOP_UPS = 100;
    const TOP_UP_AMOUNT = 1000;
    const EARLY_DEBITS = 20;
    const debitAmount = (i: number) => 500 + ((i * 997) % 2000);

    let stormOver = false;
    // Watch the balance the way a caller does, all the time the storm runs.
    const samples: number[] = [];
    const sampler = (async () => {
      while (!stormOver) {
        const res = await http.get('/v1/balance', { key: sandboxKey });
        assert.equal(res.status, 200, res.text);
        samples.push(res.body.available);
        await sleep(5);
      }
    })();

    let debitSeq = 0;
    const debits: Promise<DebitOutcome>[] = [];
    const fireDebit = () => {
      const i = debitSeq++;
      debits.push(debit(accountId, debitAmount(i), `test_debit_${i}`));
    };
    for (let i = 0; i < EARLY_DEBITS; i++) fireDebit();

    const topUps = await Promise.all(
      Array.from({ length: TOP_UPS }, async (_, i) => {
        const res = await http.post('/v1/test_helpers/top_ups', {
          key: sandboxKey,
          form: { amount: String(TOP_UP_AMOUNT) },
          idempotencyKey: `storm-${i}`,
        });
        if (debitSeq < TOP_UPS) fireDebit();
        return res;
      }),
    );
    const outcomes = await Promise.all(debits);
    stormOver = true;
    await sampler;
    assert.equal(outcomes.length, TOP_UPS, 'as many debits as top-ups');

    for (const res of topUps) assert.equal(res.status, 200, res.text);
    const topUpTotal = topUps.reduce((sum, r) => sum + r.body.amount, 0);
    assert.equal(topUpTotal, TOP_UPS * TOP_UP_AMOUNT);

    const succeeded = outcomes.filter((o): o is { ok: true; amount: number } => o.ok);
    const failed = outcomes.filter((o) => !o.ok) as Extract<DebitOutcome, { ok: false }>[];
    const other = failed.filter((o) => !o.insufficient).map((o) => String((o.error as Error)?.stack ?? o.error));
    assert.deepEqual(other, [], 'debits either succeed or fail with InsufficientFundsError');
    assert.ok(succeeded.length > 0, `no debit succeeded (${outcomes.length} tried)`);
    assert.ok(failed.length > 0, `no debit was refused (${outcomes.length} tried): the race did not reach zero`);
    const debitTotal = succeeded.reduce((sum, o) => sum + o.amount, 0);

    assert.ok(samples.length > 0, 'the balance was sampled during the storm');
    const negatives = samples.filter((v) => !(Number.isInteger(v) && v >= 0));
    assert.deepEqual(negatives, [], `GET /v1/balance showed available below zero (${samples.length} samples)`);

    const expected = topUpTotal - debitTotal;
    assert.ok(expected >= 0);
    assert.equal(await availableInDb(accountId), expected, 'available = successful top-ups - successful debits');
    await assertLedgerSound(accountId);

    const balance = await http.get('/v1/balance', { key: sandboxKey });
    assert.deepEqual(balance.body, { object: 'balance', mode: 'sandbox', currency: 'INR', available: expected, pending: 0, reserved: 0 });

    // The API's list shows exactly these movements.
    const txns = await allBalanceTransactions(http, sandboxKey);
    const topUpTxns = txns.filter((t) => t.type === 'top_up');
    const debitTxns = txns.filter((t) => t.type === 'payout');
    assert.equal(topUpTxns.length, TOP_UPS);
    assert.equal(debitTxns.length, succeeded.length);
    assert.equal(txns.length, TOP_UPS + succeeded.length);
    assert.equal(txns.reduce((sum, t) => sum + t.amount, 0), expected);
    assert.deepEqual(new Set(topUpTxns.map((t) => t.source_id)), new Set(topUps.map((r) => r.body.id)));
    for (const t of debitTxns) assert.ok(t.amount < 0, `a debit lowers the balance: ${JSON.stringify(t)}`);
  });

  test('concurrent debits of an exactly covered balance: exactly as many succeed as it covers', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '10000' } });
    assert.equal(res.status, 200, res.text);

    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => debit(accountId, 1000, `test_debit_exact_${i}`)));
    const succeeded = outcomes.filter((o) => o.ok);
    const insufficient = outcomes.filter((o) => !o.ok && o.insufficient);
    assert.equal(succeeded.length, 10);
    assert.equal(insufficient.length, 40);

    assert.equal(await availableInDb(accountId), 0);
    await assertLedgerSound(accountId);
    assert.equal((await balanceOf(http, sandboxKey)).available, 0);
    const txns = await allBalanceTransactions(http, sandboxKey, 'type=payout');
    assert.equal(txns.length, 10);
    // A refused debit leaves no trace: no balance transaction, no entries.
    const traces = await service.sql(`select id from balance_transactions where account_id = ? and type = 'payout'`, [accountId]);
    assert.equal(traces.length, 10);
  });

  test('a debit larger than available is refused and writes nothing', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    const res = await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '500' } });
    assert.equal(res.status, 200, res.text);
    const outcome = await debit(accountId, 501, 'test_debit_too_much');
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.insufficient, true, String(!outcome.ok && outcome.error));
    assert.equal((await balanceOf(http, sandboxKey)).available, 500);
    const entries = await service.sql(
      `select le.id from ledger_entries le join balance_transactions bt on bt.id = le.transaction_id where bt.account_id = ? and bt.type = 'payout'`,
      [accountId],
    );
    assert.deepEqual(entries, []);
    assert.equal((await debit(accountId, 500, 'test_debit_all')).ok, true);
    assert.equal((await balanceOf(http, sandboxKey)).available, 0);
    await assertLedgerSound(accountId);
  });
});

describe('a posting written alone (one statement, outside a transaction) commits all of itself or nothing', () => {
  const reserve = (paise: number) => ({ type: 'payout' as const, legs: [{ kind: 'available' as const, amount: -BigInt(paise) }, { kind: 'reserved' as const, amount: BigInt(paise) }] });
  /** A write that rides in the posting's statement, as a payout's row, history row and event do. */
  const eventRow = (accountId: string, id: string) => ({
    sql: `insert into events (id, account_id, mode, type, data) values (?, ?, 'sandbox', 'test.posting_alone', '{}'::jsonb)`,
    params: [id, accountId],
  });
  const rowsOf = async (accountId: string, sourceId: string, eventId: string) => ({
    transactions: (await service.sql(`select id from balance_transactions where account_id = ? and source_id = ?`, [accountId, sourceId])).length,
    events: (await service.sql(`select id from events where id = ?`, [eventId])).length,
  });

  test('a ledger account used for the first time: it is made, and the posting and its alongside write are each written once', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '1000' } })).status, 200);
    const reservedBefore = await service.sql(`select id from ledger_accounts where account_id = ? and mode = 'sandbox' and kind = 'reserved'`, [accountId]);
    assert.deepEqual(reservedBefore, [], 'a new account has no reserved ledger account yet');

    await post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(400), sourceId: 'alone_first' }, [eventRow(accountId, 'evt_alone_first')], { alone: true });

    assert.deepEqual(await rowsOf(accountId, 'alone_first', 'evt_alone_first'), { transactions: 1, events: 1 });
    const balance = await balanceOf(http, sandboxKey);
    assert.deepEqual({ available: balance.available, reserved: balance.reserved }, { available: 600, reserved: 400 });
    await assertLedgerSound(accountId);
  });

  test('a guard that changes no row: nothing is written, the alongside write neither', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '1000' } })).status, 200);
    const guard = { sql: `update accounts set name = name where id = ? returning 1`, params: ['acct_that_does_not_exist'] };
    for (const sourceId of ['alone_guarded_first_use', 'alone_guarded']) {
      // The first time, `reserved` does not exist yet either; the second time it does (made by the first).
      await assert.rejects(
        post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(400), sourceId }, [eventRow(accountId, `evt_${sourceId}`)], { alone: true, guard }),
        PostingNotWrittenError,
      );
      assert.deepEqual(await rowsOf(accountId, sourceId, `evt_${sourceId}`), { transactions: 0, events: 0 }, sourceId);
    }
    const balance = await balanceOf(http, sandboxKey);
    assert.deepEqual({ available: balance.available, reserved: balance.reserved }, { available: 1000, reserved: 0 });

    // The same guard changing its row: written.
    const passing = { sql: `update accounts set name = name where id = ? returning 1`, params: [accountId] };
    await post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(400), sourceId: 'alone_guard_holds' }, [eventRow(accountId, 'evt_alone_guard_holds')], { alone: true, guard: passing });
    assert.deepEqual(await rowsOf(accountId, 'alone_guard_holds', 'evt_alone_guard_holds'), { transactions: 1, events: 1 });
    await assertLedgerSound(accountId);
  });

  test('readGuard hears the row its guard returned, once, when the posting is written; never when it is not', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '1000' } })).status, 200);
    const heard: Record<string, unknown>[] = [];
    const readGuard = (row: Record<string, unknown>) => void heard.push(row);
    // (A guard reads a table other than `accounts`: inside the posting's statement that name is one of its own parts.)
    const failing = { sql: `select id, kind from ledger_accounts where account_id = ? and kind = 'available'`, params: ['acct_that_does_not_exist'] };
    await assert.rejects(
      post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(400), sourceId: 'alone_read_none' }, [], { alone: true, guard: failing, readGuard }),
      PostingNotWrittenError,
    );
    assert.deepEqual(heard, []);
    // `reserved` is made by this first posting that uses it: the statement runs twice, the guard's row is heard once.
    const passing = { sql: `select id, kind from ledger_accounts where account_id = ? and mode = 'sandbox' and kind = 'available'`, params: [accountId] };
    await post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(400), sourceId: 'alone_read' }, [eventRow(accountId, 'evt_alone_read')], { alone: true, guard: passing, readGuard });
    const [available] = await service.sql(`select id from ledger_accounts where account_id = ? and mode = 'sandbox' and kind = 'available'`, [accountId]);
    assert.deepEqual(heard, [{ id: Number(available.id), kind: 'available' }], 'the row as JSON');
    assert.deepEqual(await rowsOf(accountId, 'alone_read', 'evt_alone_read'), { transactions: 1, events: 1 });
    await assert.rejects(post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(1), sourceId: 'x' }, [], { readGuard }), /readGuard needs a guard/);
    await assertLedgerSound(accountId);
  });

  test('more than available: InsufficientFundsError, and the alongside write is not kept', async () => {
    const { accountId, sandboxKey } = await service.newAccount();
    assert.equal((await http.post('/v1/test_helpers/top_ups', { key: sandboxKey, form: { amount: '300' } })).status, 200);
    await post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(100), sourceId: 'alone_fits' }, [], { alone: true });
    await assert.rejects(
      post(service.stack.orm.em.fork(), { accountId, mode: 'sandbox', posting: reserve(201), sourceId: 'alone_too_much' }, [eventRow(accountId, 'evt_alone_too_much')], { alone: true }),
      InsufficientFundsError,
    );
    assert.deepEqual(await rowsOf(accountId, 'alone_too_much', 'evt_alone_too_much'), { transactions: 0, events: 0 });
    assert.equal((await balanceOf(http, sandboxKey)).available, 200);
    await assertLedgerSound(accountId);
  });
});

describe('a statement run prepared (src/db/prepared.ts) is the statement em.execute runs', () => {
  test('the same rows and errors, and inside a transaction it is part of it', async () => {
    const em = service.stack.orm.em.fork();
    const sql = `select ? as a, ?::bigint + 1 as n, ? = 'x' as b, ?::jsonb as j`;
    const params = ["it's", '9007199254740993', 'x', JSON.stringify({ k: [1, 'two'] })];
    const expected = await em.execute(sql, params);
    // Twice: the first run prepares it on its connection, the next may meet it there already.
    assert.deepEqual(await executePrepared(em, sql, params), expected);
    assert.deepEqual(await executePrepared(em, sql, params), expected);
    const [row] = expected as { a: unknown; n: unknown; b: unknown; j: unknown }[];
    assert.deepEqual({ ...row, n: String(row!.n) }, { a: "it's", n: '9007199254740994', b: true, j: { k: [1, 'two'] } });

    const failing = `select 1 / (? - 1) as x`;
    const viaOrm = await em.execute(failing, [1]).then(() => undefined, (err: unknown) => sqlStateOf(err));
    const viaPrepared = await executePrepared(em, failing, [1]).then(() => undefined, (err: unknown) => sqlStateOf(err));
    assert.equal(viaOrm, '22012');
    assert.equal(viaPrepared, '22012');

    // A statement of a transaction is rolled back with it (it must not run on a connection of its own).
    const key = `prepared-${randomUUID()}`;
    await assert.rejects(
      service.stack.orm.em.fork().transactional(async (tx) => {
        await executePrepared(tx, `insert into rail_submissions (rail, idempotency_key, duplicate, payload, created_at) values (?, ?, false, '{}'::jsonb, now())`, ['test', key]);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(await service.sql(`select 1 from rail_submissions where idempotency_key = ?`, [key]), []);
  });
});
