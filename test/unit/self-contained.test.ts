// The repository explains itself (issue #47): whatever a comment, a test or a document cites is in the repository.
// A clone has no contract, decisions or notes beside it, so a citation of one of those, of a folder beside the
// repository or of a path of one machine points a reader at nothing. What the rules say lives in docs/ (the
// contract: docs/api.md; the design decisions: docs/decisions.md), and every link of a document there must reach a
// file that exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const self = 'test/unit/self-contained.test.ts';

/** Documents that exist only outside the repository, folders beside it, and absolute paths of one machine. */
const outside = [
  /\bAPI\.md\b/,
  /\bDECISIONS\b/,
  /\binterface\.md\b/,
  /\bNOTES\.md\b/,
  /\bSTYLE\.md\b/,
  /\bARCHITECTURE\.md\b/,
  /\.\.\/(shared|providers)\b/,
  /(^|[^\w.~-])\/work\//,
];

/** Where comments, tests and documents are: every tracked file of these, plus the top-level files named. */
const places = ['src', 'activities', 'workflows', 'test', 'packages', 'docs', 'scripts', 'bin', '.ci'];
const topLevel = ['README.md', 'Dockerfile', 'docker-compose.yml', 'package.json', 'tsconfig.json'];
/**
 * Recorded Temporal histories and generated code: data, not anyone's writing. And landed migrations: a migration is
 * never edited once it has run anywhere (not even its comments), so what its comments cite is history; what they
 * explain is in docs/ now.
 */
const notWritten = [/^test\/fixtures\//, /\/generated\//, /^src\/db\/migrations\//];

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.name === 'node_modules' || entry.name.startsWith('.data')) return [];
    return entry.isDirectory() ? walk(rel) : [rel];
  });
}

/** The tracked files (git ls-files), or every file of the places when the tree is not a git checkout. */
function files(): string[] {
  let listed: string[];
  try {
    listed = execFileSync('git', ['ls-files', '--', ...places, ...topLevel], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    listed = [...places.filter((p) => existsSync(path.join(root, p))).flatMap(walk), ...topLevel];
  }
  return listed.filter((f) => existsSync(path.join(root, f)) && statSync(path.join(root, f)).isFile() && !notWritten.some((p) => p.test(f)));
}

test('no comment, test or document cites a file outside the repository', () => {
  const found: string[] = [];
  const checked = files();
  for (const file of checked) {
    if (file === self) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    if (text.includes('\u0000')) continue; // binary
    text.split('\n').forEach((line, i) => {
      const hit = outside.find((p) => p.test(line));
      if (hit) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  assert.ok(checked.length > 300, `only ${checked.length} files were read`);
  assert.deepEqual(found, [], `these lines cite what a clone does not have; cite docs/ instead:\n${found.join('\n')}`);
});

test('every link of a document in docs/ points at a file of the repository that exists', () => {
  const documents = readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`);
  assert.ok(documents.includes('docs/api.md') && documents.includes('docs/decisions.md'), 'docs/api.md and docs/decisions.md exist');
  const broken: string[] = [];
  for (const doc of documents) {
    const text = readFileSync(path.join(root, doc), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue; // a web page, or a heading of this page
      const file = path.resolve(path.dirname(path.join(root, doc)), decodeURI(target.replace(/#.*$/, '')));
      if (!file.startsWith(root) || !existsSync(file)) broken.push(`${doc}: ${target}`);
    }
  }
  assert.deepEqual(broken, [], `links to files that are not in the repository:\n${broken.join('\n')}`);
});

test("a file that cites the provider's pages by path says where they are published", () => {
  // `x/payouts/states-life-cycle.md` alone names nothing a reader can open: the file must say that such paths are
  // Razorpay's public docs (https://razorpay.com/docs/<path>, from the repository razorpay/markdown-docs).
  const providerPath = /(^|[^/\w.-])(api|webhooks|payments|errors|x)\/[\w./-]+\.md\b/;
  const unplaced = files().filter((file) => {
    if (file === self || !/\.(ts|md)$/.test(file)) return false;
    const text = readFileSync(path.join(root, file), 'utf8');
    return providerPath.test(text) && !/razorpay\.com\/docs|markdown-docs/.test(text);
  });
  assert.deepEqual(unplaced, [], `these files cite Razorpay's pages by path without saying where they are:\n${unplaced.join('\n')}`);
});
