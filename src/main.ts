// All in one: API, worker, and (unless configured otherwise) embedded PostgreSQL and Temporal.
import { run } from './entry.ts';

await run('all');
