// How alike a beneficiary's name is to the name its bank holds (docs/api.md, "Verified beneficiaries"). Folding takes
// away what does not change who is meant; the words left are paired across the two names and each pair is scored by
// cmpstr's Damerau-Levenshtein similarity, so a transposed pair of letters costs one edit, as a slip of the fingers
// should. A name scores as its least alike pair: "Asha Kumar" and "RAMESH KUMAR" share a surname but are two people,
// and an average would carry the shared word into `partial`. Words one name has and the other lacks lower the score
// by their share of all the words, an initial counting as the word it stands for ("Ramesh" against "RAMESH KUMAR" is
// partial, not a match).
import { CmpStr } from 'cmpstr';

export type NameMatchResult = 'match' | 'partial' | 'mismatch';

export interface NameMatch {
  /** 0 to 100, a whole number. */
  score: number;
  result: NameMatchResult;
}

/** The only place the bands are decided: `match` from 85, `partial` from 60, `mismatch` below. */
export const NAME_MATCH_THRESHOLDS = { match: 85, partial: 60 } as const;

export function resultFor(score: number): NameMatchResult {
  if (score >= NAME_MATCH_THRESHOLDS.match) return 'match';
  if (score >= NAME_MATCH_THRESHOLDS.partial) return 'partial';
  return 'mismatch';
}

/**
 * Longer than any name a bank holds (ours take 100 characters). The folded name is cut here, so a huge input costs
 * no more than this: pairing compares every word with every other. Folding runs before the cut, so a name and its
 * capitals ("Straße", STRASSE) are cut alike; the raw guard only keeps folding itself from reading megabytes.
 */
const MAX_FOLDED = 256;
const MAX_RAW = 16 * MAX_FOLDED;

/**
 * Dropped wherever they stand: the order of words is folded away, so an honorific's place cannot be relied on (some
 * banks write it last: "KUMAR RAMESH MR"). `messrs` is what M/s folds to; the Devanagari ones are as people type them.
 */
const honorifics = new Set(['mr', 'mrs', 'ms', 'miss', 'messrs', 'shri', 'sri', 'shree', 'smt', 'shrimati', 'srimati', 'kumari', 'kum', 'dr', 'श्री', 'श्रीमती', 'सुश्री', 'कुमारी', 'डॉ']);

/**
 * Business suffixes are dropped on both sides rather than made one canonical word: banks abbreviate and truncate
 * them at will ("ACME PRIVATE LIMI", "ACME P LTD", or none at all), so their presence or spelling says nothing about
 * which holder is meant, and the company's own name is still compared. `private` and `p` count only before `ltd`
 * or `limited`, where they cannot be a word of the name or an initial.
 */
const suffixes = new Set(['ltd', 'limited', 'llp', 'pvt']);
const beforeLimited = new Set(['private', 'p']);

function isDropped(words: string[], i: number): boolean {
  const word = words[i];
  if (honorifics.has(word) || suffixes.has(word)) return true;
  return beforeLimited.has(word) && (words[i + 1] === 'ltd' || words[i + 1] === 'limited');
}

/** The words of a name with case, accents on Latin letters, punctuation, spacing, honorifics and suffixes folded. */
export function nameWords(name: string): string[] {
  const text = name
    .slice(0, MAX_RAW)
    .normalize('NFKC')
    // Through capitals and back: lower-cased alone, "Weiß" stays "weiß" while the bank's WEISS is "weiss".
    .toUpperCase()
    .toLowerCase()
    // Accents on Latin letters only: a bank writes ZOE for Zoë, but a Devanagari vowel sign is part of the word.
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    // Before the slash becomes a space and leaves "m s", which would read as two initials.
    .replace(/(^|\s)m\s*\/\s*s(?=\s|\.|$)/gu, '$1messrs')
    // Joined, not spaced: banks write D'Souza as DSOUZA, and "o" alone would pass for an initial.
    .replace(/['‘’`]/gu, '')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .slice(0, MAX_FOLDED);
  const words = text.split(' ').filter(Boolean);
  return words.filter((_, i) => !isDropped(words, i));
}

interface Pair {
  /** Words of both names in the pair (an initial and its word are two, "RK" and "Rajesh Kumar" three). */
  words: number;
  similarity: number;
}

const damerau = CmpStr.create({ metric: 'damerau' });
const isInitial = (word: string): boolean => [...word].length === 1;

const take = (words: string[], i: number): void => void words.splice(i, 1);

/** Words both names have, each pair once. */
function pairSame(a: string[], b: string[], pairs: Pair[]): void {
  for (let i = a.length - 1; i >= 0; i--) {
    const j = b.indexOf(a[i]);
    if (j < 0) continue;
    take(b, j);
    take(a, i);
    pairs.push({ words: 2, similarity: 1 });
  }
}

/** "R" against "Ramesh": an initial stands for a whole word of the other name that starts with it. */
function pairInitials(initials: string[], words: string[], pairs: Pair[]): void {
  for (let i = initials.length - 1; i >= 0; i--) {
    if (!isInitial(initials[i])) continue;
    const j = words.findIndex((word) => !isInitial(word) && word.startsWith(initials[i]));
    if (j < 0) continue;
    take(words, j);
    take(initials, i);
    pairs.push({ words: 2, similarity: 1 });
  }
}

/** "RK" against "Rajesh Kumar": initials written together stand for as many words of the other name, in order. */
function pairJoinedInitials(joined: string[], words: string[], pairs: Pair[]): void {
  for (let i = joined.length - 1; i >= 0; i--) {
    const chars = [...joined[i]];
    if (chars.length < 2 || chars.length > 3 || !chars.every((c) => /\p{L}/u.test(c))) continue;
    const picked: number[] = [];
    for (const c of chars) {
      const j = words.findIndex((word, k) => !picked.includes(k) && !isInitial(word) && word.startsWith(c));
      if (j < 0) break;
      picked.push(j);
    }
    if (picked.length < chars.length) continue;
    for (const j of picked.sort((x, y) => y - x)) take(words, j);
    take(joined, i);
    pairs.push({ words: 1 + chars.length, similarity: 1 });
  }
}

/** What is left, most alike first: each word pairs with the most alike word of the other name not yet paired. */
function pairAlike(a: string[], b: string[], pairs: Pair[]): void {
  const candidates = a.flatMap((x, i) => b.map((y, j) => ({ i, j, similarity: damerau.compare(x, y) })));
  candidates.sort((p, q) => q.similarity - p.similarity);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const { i, j, similarity } of candidates) {
    if (usedA.has(i) || usedB.has(j)) continue;
    usedA.add(i);
    usedB.add(j);
    pairs.push({ words: 2, similarity });
  }
  for (const i of [...usedA].sort((x, y) => y - x)) take(a, i);
  for (const j of [...usedB].sort((x, y) => y - x)) take(b, j);
}

/** 0 to 1: the least alike pair, scaled by the share of words that found a pair at all. */
function alike(wordsA: string[], wordsB: string[]): number {
  const a = [...wordsA];
  const b = [...wordsB];
  const total = a.length + b.length;
  const pairs: Pair[] = [];
  pairSame(a, b, pairs);
  pairInitials(a, b, pairs);
  pairInitials(b, a, pairs);
  pairJoinedInitials(a, b, pairs);
  pairJoinedInitials(b, a, pairs);
  pairAlike(a, b, pairs);
  if (pairs.length === 0) return 0;
  const paired = pairs.reduce((sum, pair) => sum + pair.words, 0);
  return Math.min(...pairs.map((pair) => pair.similarity)) * (paired / total);
}

/** The beneficiary's `name` against the bank's `name_at_bank`: a score from 0 to 100 and its band. */
export function nameMatch(name: string, nameAtBank: string): NameMatch {
  const a = nameWords(name);
  const b = nameWords(nameAtBank);
  if (a.length === 0 || b.length === 0) return { score: 0, result: 'mismatch' };
  // Spacing within a name: "Venkata Ramana" is VENKATARAMANA at many banks.
  const score = a.join('') === b.join('') ? 100 : Math.round(100 * alike(a, b));
  return { score, result: resultFor(score) };
}
