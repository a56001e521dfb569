// Transaction reports (docs/api.md, Transaction reports).
import { z } from 'zod';
import { reportFormats, reportStatuses } from '../domain/reports.ts';
import { listParams, listSchema, modeSchema } from './common.ts';
import { type Paths, errorResponse, errors, idPath, publicHeaders, resourceOperations } from './openapi-operations.ts';

/** A calendar day, `YYYY-MM-DD` (a real date; the route checks the range rules between the two). */
const date = (description: string) => z.iso.date().meta({ description, example: '2026-11-01' });

export const createReportParams = z.strictObject({
  from: date('First day of the range (`YYYY-MM-DD`, Asia/Kolkata calendar), inclusive.'),
  to: date('Last day of the range, inclusive: not before `from`, at most 366 days in all, not after today.'),
  format: z.enum(reportFormats).optional().meta({ description: '`csv` (default; RFC 4180, UTF-8, a header row) or `jsonl` (one JSON object per line, the same fields).' }),
});
export type CreateReportParams = z.output<typeof createReportParams>;

export const reportSchema = z
  .object({
    id: z.string().meta({ example: 'rpt_01JD3Y8X4W0000000000000000' }),
    object: z.literal('report'),
    mode: modeSchema,
    from: z.string(),
    to: z.string(),
    format: z.enum(reportFormats),
    status: z.enum(reportStatuses).meta({ description: '`pending`, `ready` (the file can be downloaded) or `failed`.' }),
    row_count: z.int().nullable().meta({ description: 'Balance transactions in the file (ready reports).' }),
    size: z.int().nullable().meta({ description: 'Bytes of the file.' }),
    sha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the file.' }),
    download_url: z.string().nullable().meta({
      description: 'A signed link that needs no API key, valid until `expires_at`: 409 while pending, 410 once expired, 403 when tampered with. Null once the file is no longer kept (30 days).',
    }),
    expires_at: z.int().nullable().meta({ description: 'Unix seconds when `download_url` stops working (24 h after it was signed).' }),
    created_at: z.int(),
    ready_at: z.int().nullable(),
    idempotency_key: z.string(),
  })
  .meta({ id: 'Report' });
export type ReportResponse = z.infer<typeof reportSchema>;

export const reportListSchema = listSchema(reportSchema, 'ReportList');
export const listReportsQuery = z.strictObject({ ...listParams });
export const reportIdPath = idPath('A report id (`rpt_...`).');

const tags = ['Reports'];
const report = resourceOperations({ noun: 'report', plural: 'reports', tags, schema: reportSchema, listSchema: reportListSchema, idPath: reportIdPath });

export const reportPaths: Paths = {
  '/v1/reports/transactions': {
    post: report.create({
      summary: 'Generate a report of every balance transaction in a date range (CSV or JSONL)',
      description:
        'Every balance transaction of the account and mode created on the days `from`..`to` (Asia/Kolkata), oldest first, as of this ' +
        'request: later rows never change the file. Columns `id,type,source_id,amount,fee,net,currency,status,created_at,reference,description` ' +
        '(`created_at` ISO 8601 with +05:30; `reference` the source\'s own reference). Waits up to 8 s, so small reports come back `ready`; ' +
        'otherwise `pending`, then `report.ready` (or `report.failed`).',
      body: createReportParams,
    }),
  },
  '/v1/reports': { get: report.list('List reports, newest first', listReportsQuery) },
  '/v1/reports/{id}': { get: report.retrieve('Retrieve a report, with a freshly signed download_url') },
  '/reports/{id}/file': {
    // Outside /v1: no API key, no rate limit, no Sandbox-Simulate; the signed link is the credential.
    get: {
      operationId: 'downloadReport',
      summary: 'Download a report file by its signed link (no API key): 409 while pending, 410 once expired, 403 when the signature does not match',
      tags,
      security: [],
      requestParams: {
        path: reportIdPath,
        query: z.object({
          expires: z.string().meta({ description: 'Unix seconds, as signed.' }),
          signature: z.string().meta({ description: 'Hex HMAC-SHA256 of the report id and expires.' }),
        }),
      },
      responses: {
        '200': {
          description: 'The file, byte for byte as it was made: CSV or JSON Lines, as the report\'s `format` says.',
          headers: publicHeaders.extend({
            'Content-Disposition': z.string().meta({ description: 'The file name to save as: `attachment; filename="transactions_2026-11-01_2026-11-30_rpt_....csv"`.' }),
            ETag: z.string().meta({ description: 'The file\'s SHA-256, quoted.' }),
          }),
          content: {
            'text/csv': { schema: z.string().meta({ description: 'RFC 4180, UTF-8, a header row (format `csv`).' }) },
            'application/x-ndjson': { schema: z.string().meta({ description: 'One JSON object per line (format `jsonl`).' }) },
          },
        },
        ...errorResponse(403, 'The signature does not match the report id and `expires`, or either is missing (`invalid_signature`): GET /v1/reports/{id} signs a fresh link.'),
        ...errorResponse(404, 'A validly signed link to a report that does not exist (`not_found`).'),
        ...errorResponse(409, 'The report is still `pending`, or `failed` with no file (`invalid_state`).'),
        ...errorResponse(410, 'The link is past `expires`, or the file is no longer kept (30 days after it was made) (`expired`).'),
        ...errors('internal_error', 'service_unavailable'),
      },
    },
  },
};
