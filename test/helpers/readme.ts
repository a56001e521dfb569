// The README's curl examples, read as a shell would read them, for the tests that check them (issue 35: a wrong
// example is a defect): test/unit/readme.test.ts against the OpenAPI document, and
// test/integration/readme-examples.test.ts against the running service.
import { readFileSync } from 'node:fs';

export const README_URL = new URL('../../README.md', import.meta.url);

export interface CurlCommand {
  /** The words as written ($API and $KEY unexpanded), for messages. */
  argv: string[];
  method: string;
  /** `$API/...` as written, query string included. */
  url: string;
  headers: [string, string][];
  /** Each `-d` value, and each `--data-urlencode` value encoded as curl encodes it, in order. */
  data: string[];
  /** The `-d` values as written (curl sends them as they are). */
  rawData: string[];
}

/**
 * Every curl command of the README's shell blocks that calls `$API`: quotes (which may span lines) and backslash
 * continuations as a shell reads them, comments dropped, no expansion.
 */
export function readmeCurlCommands(readme = readFileSync(README_URL, 'utf8')): CurlCommand[] {
  const commands: CurlCommand[] = [];
  for (const [, block] of readme.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let argv: string[] = [];
    for (const m of block.replace(/\\\n/g, ' ').matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(#[^\n]*)|(\n)|([^\s'"]+)/g)) {
      if (m[4] !== undefined) {
        if (argv[0] === 'curl' && argv.some((w) => w.startsWith('$API/'))) commands.push(parse(argv));
        argv = [];
      } else if (m[3] === undefined) argv.push(m[1] ?? m[2] ?? m[5]);
    }
  }
  return commands;
}

function parse(argv: string[]): CurlCommand {
  const headers: [string, string][] = [];
  const data: string[] = [];
  const rawData: string[] = [];
  let method: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const next = argv[i + 1];
    if (argv[i] === '-X') (method = next.toUpperCase()), i++;
    else if (argv[i] === '-H') headers.push([next.slice(0, next.indexOf(':')).trim(), next.slice(next.indexOf(':') + 1).trim()]), i++;
    else if (argv[i] === '-d') data.push(next), rawData.push(next), i++;
    else if (argv[i] === '--data-urlencode') {
      const at = next.indexOf('=');
      data.push(`${next.slice(0, at)}=${encodeURIComponent(next.slice(at + 1))}`);
      i++;
    } else if (argv[i] === '-u') i++;
  }
  return { argv, method: method ?? (data.length > 0 ? 'POST' : 'GET'), url: argv.find((w) => w.startsWith('$API/'))!, headers, data, rawData };
}
