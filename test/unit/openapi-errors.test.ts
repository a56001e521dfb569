// The document lists each operation's error answers by status, and each one names the error codes it stands for
// (issue 18: "every status code each operation can answer with its error codes"), codes of that status only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOpenApiDocument } from '../../src/contract/openapi.ts';
import { errorCodes } from '../../src/domain/errors.ts';

test('every error response of every operation names its error codes, each a code of that status', () => {
  const doc = createOpenApiDocument() as unknown as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { description: string }> }>> };
  let checked = 0;
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item)) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status.startsWith('2')) continue;
        const named = [...response.description.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((word) => Object.hasOwn(errorCodes, word));
        assert.ok(named.length > 0, `${op.operationId} ${status} names no error code: ${response.description}`);
        for (const code of named) assert.equal(errorCodes[code as keyof typeof errorCodes].status, Number(status), `${op.operationId} ${status} names ${code}`);
        checked++;
      }
    }
  }
  assert.ok(checked > 350, `${checked} error responses`);
});

test('operations that can answer a code document it: test helpers sandbox_only, money out insufficient_funds, actions invalid_state', () => {
  const doc = createOpenApiDocument() as any;
  const says = (path: string, method: string, status: string, code: string) =>
    assert.match(doc.paths[path][method].responses[status]?.description ?? '', new RegExp(`\`${code}\``), `${method.toUpperCase()} ${path} ${status} ${code}`);
  for (const path of Object.keys(doc.paths).filter((p) => p.startsWith('/v1/test_helpers/'))) says(path, 'post', '403', 'sandbox_only');
  for (const path of ['/v1/payouts', '/v1/refunds']) says(path, 'post', '402', 'insufficient_funds');
  for (const path of ['/v1/payouts', '/v1/payments']) says(path, 'post', '400', 'invalid_method');
  for (const path of ['/v1/refunds', '/v1/collections/{id}/{action}', '/v1/payment_links/{id}/cancel', '/v1/test_helpers/payouts/{id}/{action}', '/v1/test_helpers/collections/{id}/advance']) says(path, 'post', '409', 'invalid_state');
  for (const [status, code] of [['403', 'invalid_signature'], ['409', 'invalid_state'], ['410', 'expired']]) says('/reports/{id}/file', 'get', status, code);
  // An operation that cannot answer invalid_method or sandbox_only does not say it can.
  assert.doesNotMatch(doc.paths['/v1/balance'].get.responses['400'].description, /invalid_method/);
  assert.doesNotMatch(doc.paths['/v1/balance'].get.responses['403'].description, /sandbox_only/);
});
