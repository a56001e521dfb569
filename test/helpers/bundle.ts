import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { workflowBundle } from '../../src/temporal/worker/worker.ts';

export function bundlePath(dir: string): string {
  return path.join(dir, 'workflow-bundle.js');
}

export async function writeWorkflowBundle(file: string): Promise<string> {
  const bundle = await workflowBundle();
  writeFileSync(file, bundle.code);
  return file;
}
