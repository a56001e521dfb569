// Operations endpoints (docs/api.md, Operations): liveness and readiness.
import { z } from 'zod';
import { errors, ok, publicHeaders, type Paths } from './openapi-operations.ts';

export const healthSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export type HealthResponse = z.infer<typeof healthSchema>;

export const readinessSchema = z
  .object({ status: z.literal('ok'), database: z.literal('ok'), temporal: z.literal('ok') })
  .meta({ id: 'Readiness' });
export type ReadinessResponse = z.infer<typeof readinessSchema>;

const tags = ['Operations'];
/** Reachable without a key. */
const security: [] = [];

export const operationsPaths: Paths = {
  '/v1/openapi.json': {
    get: {
      security,
      operationId: 'getOpenApi',
      summary: 'This document',
      tags,
      responses: { '200': { description: 'OpenAPI 3.1 document.', headers: publicHeaders, content: { 'application/json': {} } } },
    },
  },
  '/healthz': {
    get: { security, operationId: 'getHealth', summary: 'Liveness: the process is up', tags, responses: ok('Up.', healthSchema, publicHeaders) },
  },
  '/readyz': {
    get: {
      security,
      operationId: 'getReadiness',
      summary: 'Readiness: the database and Temporal are reachable',
      tags,
      responses: { ...ok('Ready.', readinessSchema, publicHeaders), ...errors('service_unavailable') },
    },
  },
  '/metrics': {
    get: {
      security,
      operationId: 'getMetrics',
      summary: 'Prometheus metrics',
      tags,
      responses: { '200': { description: 'Prometheus text exposition format.', content: { 'text/plain': { schema: { type: 'string' } } } } },
    },
  },
};
