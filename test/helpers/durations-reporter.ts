// A node:test reporter beside the spec reporter: at the end of the run, a table of every test file's duration,
// slowest first, so that a slow CI run says where its time went. Used by `npm test`
// (--test-reporter=./test/helpers/durations-reporter.ts --test-reporter-destination=stderr).
//
// "wall" is the time from the previous file's end (or the run's start) to this file's end: with
// --test-concurrency=1, as `npm test` runs, that is the file's whole cost, its process start and imports included.
// "own" is what the file's process measured itself (its tests and hooks, without the process start).
import path from 'node:path';

interface FileTime {
  file: string;
  wallMs: number;
  ownMs: number;
  failed: number;
}

type Event = { type: string; data?: { file?: string; duration_ms?: number; counts?: { failed?: number } } };

const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(7);

export function durationsTable(files: FileTime[], totalMs: number): string {
  const sorted = [...files].sort((a, b) => b.wallMs - a.wallMs);
  const lines = [
    '',
    `# test file durations: ${files.length} files, ${seconds(totalMs).trim()} s in all (after the global setup), slowest first`,
    '#    wall s    own s  file',
  ];
  for (const f of sorted) lines.push(`# ${seconds(f.wallMs)}  ${seconds(f.ownMs)}  ${f.file}${f.failed ? `  (${f.failed} failed)` : ''}`);
  return `${lines.join('\n')}\n`;
}

export default async function* durationsReporter(source: AsyncIterable<Event>): AsyncGenerator<string> {
  // The reporter starts after the global setup (PostgreSQL, Temporal, the workflow bundle): that time is no file's.
  const started = performance.now();
  let previousEnd = started;
  const files: FileTime[] = [];
  for await (const event of source) {
    // A file's summary comes when its process has ended; the run's own summary carries no file.
    if (event.type !== 'test:summary' || !event.data?.file) continue;
    const now = performance.now();
    files.push({
      file: path.relative(process.cwd(), event.data.file),
      wallMs: now - previousEnd,
      ownMs: event.data.duration_ms ?? 0,
      failed: event.data.counts?.failed ?? 0,
    });
    previousEnd = now;
  }
  if (files.length) yield durationsTable(files, performance.now() - started);
}
