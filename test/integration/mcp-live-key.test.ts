// `payctl mcp` never sends a live key over plain HTTP beyond this machine: with PAYGATE_BASE_URL http:// to anything
// but loopback it exits non-zero with a clear message before it speaks to anyone. HTTPS, loopback and sandbox keys start.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const liveKey = `sk_live_${'A1b2C3d4'.repeat(5)}`;
const sandboxKey = `sk_sandbox_${'A1b2C3d4'.repeat(5)}`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `payctl mcp` with only these variables and closes its standard input at once (an MCP client that left). */
function payctlMcp(env: Record<string, string>): Promise<Run> {
  const flags = process.features.typescript ? [] : ['--experimental-strip-types'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...flags, path.join(root, 'src/cli/payctl.ts'), 'mcp'], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end();
  });
}

test('a live key with an http:// base URL that is not loopback: exits non-zero, says why, sends nothing', async () => {
  for (const baseUrl of ['http://api.example.in:3000/v1', 'http://10.0.0.5:3000']) {
    const run = await payctlMcp({ PAYGATE_API_KEY: liveKey, PAYGATE_BASE_URL: baseUrl });
    assert.notEqual(run.code, 0, `${baseUrl}: ${run.stderr}`);
    assert.match(run.stderr, /live API key over plain HTTP/, baseUrl);
    assert.match(run.stderr, /https:\/\//, baseUrl);
    assert.doesNotMatch(run.stderr, new RegExp(liveKey), 'the key is not printed');
    assert.equal(run.stdout, '', 'nothing on the MCP channel');
  }
});

test('a live key over https, or over http to loopback, and a sandbox key anywhere: the server starts (and ends with its client)', async () => {
  const cases: [string, string][] = [
    [liveKey, 'https://api.example.in'],
    [liveKey, 'http://localhost:3000/v1'],
    [liveKey, 'http://[::1]:3000'],
    [sandboxKey, 'http://api.example.in'],
  ];
  for (const [key, baseUrl] of cases) {
    const run = await payctlMcp({ PAYGATE_API_KEY: key, PAYGATE_BASE_URL: baseUrl });
    assert.equal(run.code, 0, `${key.slice(0, 8)} ${baseUrl}: ${run.stderr}`);
  }
});
