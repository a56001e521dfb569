// The Temporal worker only (production: DATABASE_URL and TEMPORAL_ADDRESS point at real servers).
import { run } from './entry.ts';

await run('worker');
