// Ids that open key-less pages and links (plink_, rpt_) and the Request-Id anybody can read carry 80 fresh random bits
// each (docs/api.md, Conventions): made in the same millisecond, one is never a small step from another. Ids whose order
// within a millisecond is all the order there is (events) stay monotonic, from a factory of their own.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newId, type IdKind } from '../../src/domain/ids.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomPart = (id: string) => [...id.slice(-16)].reduce((n, c) => n * 32n + BigInt(CROCKFORD.indexOf(c)), 0n);
const timePart = (id: string) => id.slice(-26, -16);

/** Ids of these kinds, made in turn as fast as possible, grouped by their millisecond. */
function sameMillisecond(kinds: IdKind[], count: number): string[][] {
  const ids = Array.from({ length: count }, (_, i) => newId(kinds[i % kinds.length]!));
  return [...Map.groupBy(ids, timePart).values()].filter((group) => group.length > 1);
}

test('plink_, rpt_ and req_ ids made in the same millisecond are not a small step from one another', () => {
  const groups = sameMillisecond(['paymentLink', 'request', 'report'], 3000);
  assert.ok(groups.length > 0, 'some ids share a millisecond');
  for (const group of groups) {
    const sorted = group.map(randomPart).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (let i = 1; i < sorted.length; i++) assert.ok(sorted[i]! - sorted[i - 1]! > 1n << 40n, `ids within a small step: ${group.join(', ')}`);
  }
});

test('ids still sort by time, and events made in turn keep their order within a millisecond', () => {
  const ids = Array.from({ length: 2000 }, () => newId('paymentLink'));
  const times = ids.map(timePart);
  assert.deepEqual(times, [...times].sort(), 'the time part never goes back');
  const events = Array.from({ length: 2000 }, () => newId('event'));
  assert.deepEqual(events, [...events].sort(), 'events sort in the order they were made');
  for (const id of [...ids, ...events]) assert.match(id, /^(plink|evt)_[0-9A-HJKMNP-TV-Z]{26}$/);
});
