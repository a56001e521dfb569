// Each resource's statuses are written once, in src/domain; the entities and the contract take them from
// there, but the committed migrations spell them out in CHECK constraints that are never edited. This test
// reads those constraints from the migrated database and holds them to the domain's lists, so a status
// added to the domain without a migration (or the other way round) fails here, not in production.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { collectionStatuses } from '../../src/domain/collections.ts';
import { paymentStatuses } from '../../src/domain/payments.ts';
import { payoutBatchStatuses } from '../../src/domain/payout-batches.ts';
import { payoutStatuses } from '../../src/domain/payouts.ts';
import { refundStatuses } from '../../src/domain/refunds.ts';
import { settlementStatuses } from '../../src/domain/settlements.ts';
import { topUpStatuses } from '../../src/domain/top-ups.ts';
import { verificationStatuses } from '../../src/domain/verifications.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const statusesByTable: Record<string, readonly string[]> = {
  payouts: payoutStatuses,
  payout_batches: payoutBatchStatuses,
  payments: paymentStatuses,
  refunds: refundStatuses,
  settlements: settlementStatuses,
  collections: collectionStatuses,
  top_ups: topUpStatuses,
  beneficiary_verifications: verificationStatuses,
};

let service: TestService;

before(async () => {
  service = await startTestService({}, { role: 'api' });
});
after(async () => {
  await service?.stop();
});

/**
 * The CHECK constraints of `table` that involve its `status` column and no other, as PostgreSQL prints
 * them: `status in ('a', 'b')` reads back as `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`, and a
 * one-value list as `CHECK ((status = 'a'::text))`. Constraints tying status to another column
 * (`(status = 'failed') = (failure_code is not null)`) are not lists of statuses and are left out.
 */
async function statusChecks(table: string): Promise<string[]> {
  const rows = await service.sql<{ definition: string }>(
    `select pg_get_constraintdef(c.oid) as definition
     from pg_constraint c
     join pg_attribute a on a.attrelid = c.conrelid and a.attname = 'status'
     where c.contype = 'c' and c.conrelid = to_regclass(?) and c.conkey = array[a.attnum]
     order by c.conname`,
    [table],
  );
  return rows.map((row) => row.definition);
}

/** The statuses an IN-list CHECK allows, or undefined when the constraint is of another shape. */
function allowedStatuses(definition: string): string[] | undefined {
  const literal = String.raw`'([a-z_]+)'::text`;
  const anyOf = new RegExp(String.raw`^CHECK \(\(status = ANY \(ARRAY\[(${literal}(, ${literal})*)\]\)\)\)$`).exec(definition);
  const single = new RegExp(String.raw`^CHECK \(\(status = ${literal}\)\)$`).exec(definition);
  const list = anyOf?.[1] ?? single?.[0];
  return list === undefined ? undefined : [...list.matchAll(new RegExp(literal, 'g'))].map((m) => m[1]!);
}

describe('status CHECK constraints match the statuses in src/domain', () => {
  for (const [table, statuses] of Object.entries(statusesByTable)) {
    test(`${table}.status allows exactly: ${statuses.join(', ')}`, async () => {
      const checks = await statusChecks(table);
      assert.equal(checks.length, 1, `${table} has one CHECK on status alone; found: ${JSON.stringify(checks)}`);
      const allowed = allowedStatuses(checks[0]!);
      assert.ok(allowed, `${table}'s status CHECK is an IN list: ${checks[0]}`);
      assert.deepEqual([...allowed].sort(), [...statuses].sort());
    });
  }
});
