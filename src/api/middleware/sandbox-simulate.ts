import { ApiError } from '../../domain/errors.ts';
import { type ApiMiddleware, type SandboxSimulation, sandboxSimulations } from '../context.ts';

/**
 * Reads `Sandbox-Simulate` (comma-separated values) on sandbox requests into ctx.state.simulate.
 * Live requests ignore the header: a simulation must never touch real traffic.
 */
export function sandboxSimulate(): ApiMiddleware {
  return async (ctx, next) => {
    const present = ctx.headers['sandbox-simulate'] !== undefined;
    const header = ctx.get('Sandbox-Simulate');
    if (present && ctx.state.mode === 'sandbox') {
      const values = new Set<SandboxSimulation>();
      // A header that is sent says something: empty or blank values are refused like unknown ones.
      for (const raw of header.split(',')) {
        const value = raw.trim();
        if (!(sandboxSimulations as readonly string[]).includes(value)) {
          throw new ApiError('invalid_request', `${value ? `Unknown Sandbox-Simulate value "${value}"` : 'Empty Sandbox-Simulate value'}: use one of ${sandboxSimulations.join(', ')}.`, 'Sandbox-Simulate');
        }
        values.add(value as SandboxSimulation);
      }
      ctx.state.simulate = values;
    }
    await next();
  };
}
