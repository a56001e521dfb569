// This machine's npm registry mirror lacks @swc/core's platform packages for other systems, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock. Adding
// them as optional, platform-gated entries (never installed here) makes the lock complete again.
// Run after any `npm install` that rewrites the lock: node scripts/fix-lockfile.cjs
const fs = require('node:fs');
const file = 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const platform = {
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-ppc64-gnu': { os: ['linux'], cpu: ['ppc64'], libc: ['glibc'] },
  'linux-s390x-gnu': { os: ['linux'], cpu: ['s390x'], libc: ['glibc'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-ia32-msvc': { os: ['win32'], cpu: ['ia32'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [pkgPath, meta] of Object.entries(lock.packages)) {
  const m = /^node_modules\/(@swc\/core)$/.exec(pkgPath);
  if (!m || !meta.optionalDependencies) continue;
  for (const name of Object.keys(meta.optionalDependencies)) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const suffix = name.replace('@swc/core-', '');
    const p = platform[suffix];
    if (!p) throw new Error(`unknown platform package ${name}`);
    lock.packages[key] = { version: meta.version, ...p, license: 'Apache-2.0 AND MIT', optional: true, engines: { node: '>=10' } };
    added++;
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`fix-lockfile: added ${added} entries`);
