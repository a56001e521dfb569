// Runs before `npm start`, `npm test` and the other entry scripts (npm's pre-scripts), on whatever node
// npm found first on PATH. npm scripts normally run on the Node 24 that the `node` dev dependency installs
// into node_modules/.bin; this says in one line what to do when that did not happen (for example
// `npm install --omit=dev`, or an install whose scripts were skipped), instead of a stack trace about ".ts".
// Plain CommonJS on purpose: it must run on any Node.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(
    `paygate needs Node.js >= 22.18 to run its TypeScript sources, and npm found ${process.version} (${process.execPath}). ` +
      'Run `npm install` (it installs Node 24 into node_modules/.bin through the "node" dev dependency), then try again.\n',
  );
  process.exit(1);
}
