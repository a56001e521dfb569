#!/usr/bin/env node
// `payctl` as installed by npm: runs src/cli/payctl.ts with the node that runs this file. Node strips the
// types itself from 22.18 / 23.6 on; 22.17 (the oldest we support) still needs --experimental-strip-types,
// and then runs it in a child process with that flag.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../src/cli/payctl.ts', import.meta.url));
const [major, minor] = process.versions.node.split('.').map(Number);

if (major < 22 || (major === 22 && minor < 17)) {
  process.stderr.write(`payctl: Node.js >= 22.17 is required (this is ${process.version}).\n`);
  process.exit(1);
}

if (process.features.typescript) {
  await import(entry);
} else {
  const child = spawn(
    process.execPath,
    ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', entry, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  // The child gets Ctrl-C from the terminal itself; pass on signals sent to this process alone.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}
