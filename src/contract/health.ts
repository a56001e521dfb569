// Operations endpoints (API.md, Operations): liveness and readiness.
import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthSchema>;

export const readinessSchema = z
  .object({ status: z.literal('ok'), database: z.literal('ok'), temporal: z.literal('ok') })
  .meta({ id: 'Readiness' });
export type ReadinessResponse = z.infer<typeof readinessSchema>;
