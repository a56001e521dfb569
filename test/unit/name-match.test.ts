// The beneficiary name match (docs/api.md, "Verified beneficiaries"): what folding takes away, how the real shapes of
// Indian names score, and that the bands come from the one thresholds constant. Each row is the beneficiary's `name`,
// the bank's `name_at_bank`, the result a caller sees and, where the number itself is the point, the scores allowed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { NAME_MATCH_THRESHOLDS, type NameMatchResult, nameMatch, nameWords, resultFor } from '../../src/domain/name-match.ts';

interface Row {
  why: string;
  name: string;
  atBank: string;
  result: NameMatchResult;
  /** Inclusive bounds of the score, where the band alone says too little. */
  score?: [number, number];
}

function check(rows: Row[]): void {
  for (const row of rows) {
    const { score, result } = nameMatch(row.name, row.atBank);
    const seen = `${row.why}: ${JSON.stringify(row.name)} against ${JSON.stringify(row.atBank)} scored ${score} (${result})`;
    assert.equal(result, row.result, seen);
    assert.ok(Number.isInteger(score) && score >= 0 && score <= 100, seen);
    assert.equal(result, resultFor(score), seen);
    if (row.score) assert.ok(score >= row.score[0] && score <= row.score[1], `${seen}, expected ${row.score[0]} to ${row.score[1]}`);
  }
}

test('case, spacing and punctuation do not change who is meant', () => {
  check([
    { why: 'identical', name: 'Ramesh Kumar', atBank: 'Ramesh Kumar', result: 'match', score: [100, 100] },
    { why: 'the bank writes capitals', name: 'Ramesh Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'extra spaces', name: '  ramesh   KUMAR ', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'dots, commas and hyphens', name: 'Ramesh-Kumar.', atBank: 'RAMESH, KUMAR', result: 'match', score: [100, 100] },
    { why: 'an apostrophe the bank leaves out', name: "Joseph D'Souza", atBank: 'JOSEPH DSOUZA', result: 'match', score: [100, 100] },
    { why: 'one word at the bank for two', name: 'Venkata Ramana', atBank: 'VENKATARAMANA', result: 'match', score: [100, 100] },
    { why: 'accents the bank does not keep', name: 'Zoë Fernandes', atBank: 'ZOE FERNANDES', result: 'match', score: [100, 100] },
    { why: 'full-width letters (NFKC)', name: 'Ｒａｍｅｓｈ Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
  ]);
});

test('honorifics are dropped: Mr, Mrs, Ms, Shri, Smt, Kumari, Dr, M/s', () => {
  check([
    { why: 'Mr.', name: 'Mr. Ramesh Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'Mrs on one side, Smt on the other', name: 'Mrs Sunita Devi', atBank: 'SMT SUNITA DEVI', result: 'match', score: [100, 100] },
    { why: 'Ms', name: 'Ms. Meera Iyer', atBank: 'MEERA IYER', result: 'match', score: [100, 100] },
    { why: 'Shri', name: 'Shri Ramesh Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'Smt.', name: 'Smt. Sunita Devi', atBank: 'SUNITA DEVI', result: 'match', score: [100, 100] },
    { why: 'Kumari', name: 'Kumari Anita Sharma', atBank: 'ANITA SHARMA', result: 'match', score: [100, 100] },
    { why: 'Dr.', name: 'Dr. Meera Iyer', atBank: 'MEERA IYER', result: 'match', score: [100, 100] },
    { why: 'M/s before a firm', name: 'M/s Sharma Traders', atBank: 'SHARMA TRADERS', result: 'match', score: [100, 100] },
    { why: 'an honorific the bank writes last', name: 'Ramesh Kumar', atBank: 'KUMAR RAMESH MR', result: 'match', score: [100, 100] },
    { why: 'Shri in Devanagari', name: 'श्री रमेश कुमार', atBank: 'रमेश कुमार', result: 'match', score: [100, 100] },
  ]);
  assert.deepEqual(nameWords('M/s. Sharma & Sons'), ['sharma', 'sons']);
});

test('the order of names does not matter', () => {
  check([
    { why: 'surname first at the bank', name: 'Ramesh Kumar', atBank: 'KUMAR RAMESH', result: 'match', score: [100, 100] },
    { why: 'surname first in the name', name: 'KUMAR RAMESH', atBank: 'Ramesh Kumar', result: 'match', score: [100, 100] },
    { why: 'three names turned round', name: 'Sharma Rajesh Kumar', atBank: 'RAJESH KUMAR SHARMA', result: 'match', score: [100, 100] },
  ]);
});

test('initials stand for the names they begin', () => {
  check([
    { why: 'R. for Ramesh', name: 'R. Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'two initials', name: 'R K Sharma', atBank: 'RAJESH KUMAR SHARMA', result: 'match', score: [100, 100] },
    { why: 'two initials with dots', name: 'R. K. Sharma', atBank: 'Rajesh Kumar Sharma', result: 'match', score: [100, 100] },
    { why: 'initials written together', name: 'RK Sharma', atBank: 'RAJESH KUMAR SHARMA', result: 'match', score: [100, 100] },
    { why: 'the initials at the bank', name: 'Ramesh Kumar', atBank: 'KUMAR R', result: 'match', score: [100, 100] },
    { why: 'an initial for a different name', name: 'S. Kumar', atBank: 'RAMESH KUMAR', result: 'mismatch' },
    { why: 'two different initials', name: 'R Kumar', atBank: 'S KUMAR', result: 'mismatch' },
  ]);
});

test('business suffixes: Pvt Ltd is Private Limited, and the suffix does not decide', () => {
  check([
    { why: 'Pvt Ltd against Private Limited', name: 'Acme Pvt Ltd', atBank: 'ACME PRIVATE LIMITED', result: 'match', score: [100, 100] },
    { why: 'Ltd against Limited', name: 'Acme Ltd', atBank: 'ACME LIMITED', result: 'match', score: [100, 100] },
    { why: 'the same LLP', name: 'Sharma Traders LLP', atBank: 'SHARMA TRADERS LLP', result: 'match', score: [100, 100] },
    { why: '(P) Ltd. against Pvt. Ltd.', name: 'Acme (P) Ltd.', atBank: 'ACME PVT. LTD.', result: 'match', score: [100, 100] },
    { why: 'no suffix at the bank', name: 'Acme Pvt Ltd', atBank: 'ACME', result: 'match', score: [100, 100] },
    { why: 'Pvt alone', name: 'Acme Pvt', atBank: 'ACME PRIVATE LIMITED', result: 'match', score: [100, 100] },
    { why: 'M/s and a suffix', name: 'M/s Sharma Traders Pvt Ltd', atBank: 'SHARMA TRADERS PRIVATE LIMITED', result: 'match', score: [100, 100] },
    { why: 'another company with the same suffix', name: 'Acme Pvt Ltd', atBank: 'ZENITH PRIVATE LIMITED', result: 'mismatch' },
  ]);
});

test('a typing slip is partial: close enough to look at, not enough to pass unseen', () => {
  check([
    // One transposed pair in a six-letter name is one edit in six; the name scores as that word, 83.
    { why: 'a transposed pair', name: 'Ramesh Kumar', atBank: 'RAMEHS KUMAR', result: 'partial', score: [80, 84] },
    { why: 'one letter left out of a long name', name: 'Venkatesh Iyer', atBank: 'VENKTESH IYER', result: 'match', score: [85, 95] },
    { why: 'one letter wrong in a firm', name: 'Acme Corp', atBank: 'ACNE CORP', result: 'partial' },
  ]);
});

test('a different person is not a match, even with a shared name', () => {
  check([
    { why: 'one different surname', name: 'Ramesh Kumar', atBank: 'RAMESH SHARMA', result: 'mismatch', score: [0, 40] },
    { why: 'a different first name, the same surname', name: 'Suresh Kumar', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 59] },
    { why: 'the sandbox holder against a Kumar', name: 'Gaurav Kumar', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 40] },
    { why: 'the sandbox holder against another Kumar', name: 'Asha Kumar', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 40] },
    { why: 'the sandbox holder against a third Kumar', name: 'Ravi Kumar', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 40] },
    { why: 'nobody alike', name: 'Priya Nair', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 20] },
    { why: 'nobody alike, two names each', name: 'Meera Iyer', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 20] },
  ]);
});

test('a name the other lacks makes it partial', () => {
  check([
    { why: 'no surname', name: 'Ramesh', atBank: 'RAMESH KUMAR', result: 'partial', score: [60, 75] },
    { why: 'no middle name', name: 'Rajesh Sharma', atBank: 'RAJESH KUMAR SHARMA', result: 'partial', score: [75, 84] },
    { why: 'an extra surname at the bank', name: 'Ramesh Kumar', atBank: 'RAMESH KUMAR SINGH', result: 'partial', score: [75, 84] },
    { why: 'an initial the bank does not have', name: 'Ramesh K', atBank: 'RAMESH', result: 'partial' },
  ]);
});

test('a name that folds to nothing scores 0', () => {
  check([
    { why: 'both empty', name: '', atBank: '', result: 'mismatch', score: [0, 0] },
    { why: 'empty name', name: '', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 0] },
    { why: 'only an honorific', name: 'Mr.', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 0] },
    { why: 'only honorifics on both sides', name: 'Mr', atBank: 'MR', result: 'mismatch', score: [0, 0] },
    { why: 'only punctuation', name: '-- . ,', atBank: 'RAMESH KUMAR', result: 'mismatch', score: [0, 0] },
    { why: 'only a suffix', name: 'Pvt Ltd', atBank: 'PRIVATE LIMITED', result: 'mismatch', score: [0, 0] },
  ]);
});

test('other scripts and odd characters score without throwing', () => {
  check([
    { why: 'Devanagari on both sides', name: 'रमेश कुमार', atBank: 'रमेश कुमार', result: 'match', score: [100, 100] },
    // No transliteration: a name in Devanagari shares no letter with its Latin spelling.
    { why: 'Devanagari against Latin', name: 'रमेश कुमार', atBank: 'RAMESH KUMAR', result: 'mismatch' },
    { why: 'a German sharp s the bank writes SS', name: 'Jürgen Weiß', atBank: 'JURGEN WEISS', result: 'match', score: [100, 100] },
    { why: 'emoji and control characters', name: 'Ramesh\u0000 Kumar 🙂', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
    { why: 'a lone surrogate', name: 'Ramesh \ud800Kumar', atBank: 'RAMESH KUMAR', result: 'match', score: [100, 100] },
  ]);
});

test('a very long input returns quickly', () => {
  const started = performance.now();
  check([
    { why: 'ten thousand characters of one name', name: 'Ramesh '.repeat(1_430), atBank: 'RAMESH KUMAR', result: 'mismatch' },
    { why: 'ten thousand characters against itself', name: 'Ramesh Kumar '.repeat(770), atBank: 'RAMESH KUMAR '.repeat(770), result: 'match' },
    { why: 'one ten-thousand-letter word', name: 'x'.repeat(10_000), atBank: 'y'.repeat(10_000), result: 'mismatch' },
    { why: 'thousands of initials', name: 'a b c d e f g h i j '.repeat(500), atBank: 'ab cd ef gh '.repeat(900), result: 'mismatch' },
  ]);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1_000, `took ${Math.round(elapsed)} ms`);
});

test('the result follows the thresholds constant at its edges', () => {
  assert.deepEqual(NAME_MATCH_THRESHOLDS, { match: 85, partial: 60 });
  const edges: [number, NameMatchResult][] = [
    [100, 'match'],
    [NAME_MATCH_THRESHOLDS.match, 'match'],
    [NAME_MATCH_THRESHOLDS.match - 1, 'partial'],
    [NAME_MATCH_THRESHOLDS.partial, 'partial'],
    [NAME_MATCH_THRESHOLDS.partial - 1, 'mismatch'],
    [0, 'mismatch'],
  ];
  for (const [score, result] of edges) assert.equal(resultFor(score), result, `score ${score}`);
  assert.deepEqual([85, 84, 60, 59].map(resultFor), ['match', 'partial', 'partial', 'mismatch']);
});

test('any name against itself in capitals (the sandbox bank) is a match, unless it folds to nothing', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })), (name) => {
      const { score, result } = nameMatch(name, name.toUpperCase());
      if (nameWords(name).length === 0) return score === 0 && result === 'mismatch';
      return score === 100 && result === 'match';
    }),
    { seed: 47, numRuns: 1_000 },
  );
});

test('the score is the same either way round', () => {
  const names = ['Ramesh Kumar', 'R. Kumar', 'RK Sharma', 'Rajesh Kumar Sharma', 'Suresh Kumar', 'Acme Pvt Ltd', 'Ramehs', 'Priya Nair', 'Ramesh'];
  for (const a of names) for (const b of names) assert.equal(nameMatch(a, b).score, nameMatch(b, a).score, `${a} / ${b}`);
});
