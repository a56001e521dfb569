// The service and its OpenAPI document agree (issue 18): each defect Schemathesis found, as a regression test
// through the real API, driven by the served document itself so that every list and every route added later is
// covered without being named here.
//   - No text in a query string produces a 5xx: a NUL in any query parameter of any list is a 400 naming it.
//   - Unknown query parameters are refused like unknown body parameters.
//   - Metadata keys or values holding NUL or a lone surrogate are a 400, in a customer and in a batch item.
//   - Fields the document calls required when another field decides it (a vpa beneficiary's vpa, in the variant
//     its discriminator maps `type: vpa` to) are required by the service, and the other way round: what the
//     service requires, the document says is required.
//   - Every answer the service gives to such requests is a status the operation documents; a report's key-less
//     download link answers only what its operation documents (its file's content type, 403, 409, 410).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import { createSecretBox } from '../../src/db/sealed.ts';
import { assertApiError } from '../helpers/api-assert.ts';
import { createHttp, type ApiResponse, type Http } from '../helpers/http.ts';
import { startTestService, TEST_SECRETS_KEY, type TestService } from '../helpers/service.ts';

let service: TestService;
let http: Http;
let doc: any;

before(async () => {
  service = await startTestService();
  http = createHttp(service.url);
  doc = (await http.get('/v1/openapi.json')).body;
});
after(async () => {
  await service?.stop();
});

interface QueryParameter {
  name: string;
  in: string;
  style?: string;
  schema?: { properties?: Record<string, unknown> };
}

/** The list operations of the document (GET with a `limit` query parameter), with their query parameters. */
function listOperations(): { path: string; params: QueryParameter[] }[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>)
    .filter(([, item]) => (item.get?.parameters ?? []).some((p: QueryParameter) => p.in === 'query' && p.name === 'limit'))
    .map(([path, item]) => ({ path, params: (item.get.parameters as QueryParameter[]).filter((p) => p.in === 'query') }));
}

/** Each query parameter as it is spelled in a query string: deepObject ones by each of their fields. */
function spellings(param: QueryParameter): string[] {
  if (param.style === 'deepObject') return Object.keys(param.schema?.properties ?? {}).map((k) => `${param.name}[${k}]`);
  return [param.name];
}

function documented(res: ApiResponse, path: string, method: string): void {
  const responses = doc.paths[path][method].responses as Record<string, unknown>;
  assert.ok(String(res.status) in responses, `${method.toUpperCase()} ${path} answered ${res.status}, which it does not document (${Object.keys(responses).join(', ')})`);
}

test('every list: a NUL in any query parameter is a 400 naming it, an unknown parameter is a 400 naming it, and both cursors together are a 400', async () => {
  const { sandboxKey: key, accountId } = await service.newAccount();
  const lists = listOperations();
  assert.ok(lists.length >= 15, `the document has ${lists.length} lists`);
  const ids: Record<string, string> = { id: 'we_00000000000000000000000000' };
  for (const { path, params } of lists) {
    const url = path.replace('{id}', ids.id);
    for (const name of params.flatMap(spellings)) {
      for (const value of ['%00', 'a%00b']) {
        const res = await http.get(`${url}?${encodeURIComponent(name).replaceAll('%5B', '[').replaceAll('%5D', ']')}=${value}`, { key });
        // The path's own id (deliveries of an unknown endpoint) may be what is refused first.
        if (res.status === 404) assertApiError(res, 404, 'not_found', 'id');
        else assertApiError(res, 400, 'invalid_request', name);
        documented(res, path, 'get');
      }
    }
    const unknown = await http.get(`${url}?colour=red`, { key });
    if (unknown.status !== 404) assertApiError(unknown, 400, 'invalid_request', 'colour');
    documented(unknown, path, 'get');
    const both = await http.get(`${url}?starting_after=x&ending_before=y`, { key });
    if (both.status !== 404) assert.equal(both.status, 400, `${path}: both cursors`);
    documented(both, path, 'get');
  }
  const [row] = await service.sql<{ n: number }>(`select count(*)::int as n from customers where account_id = ?`, [accountId]);
  assert.equal(row.n, 0);
});

test('metadata holding NUL or a lone surrogate is a 400 naming it, for a customer and for a batch item; nothing is created', async () => {
  const { sandboxKey: key, accountId } = await service.newAccount();
  const customer = { name: 'Asha', email: 'asha@example.com', phone: '+919876543210' };
  // JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse on the server turns back into one.
  const cases: [string, string, string][] = [
    ['/v1/customers', JSON.stringify({ ...customer, metadata: { 'k\u0000': 'v' } }), 'metadata'],
    ['/v1/customers', JSON.stringify({ ...customer, metadata: { k: 'v\u0000' } }), 'metadata[k]'],
    ['/v1/customers', JSON.stringify({ ...customer, metadata: { 'k\ud800': 'v' } }), 'metadata'],
    ['/v1/customers', JSON.stringify({ ...customer, metadata: { k: '\udfffv' } }), 'metadata[k]'],
  ];
  const item = { beneficiary_id: 'bene_00000000000000000000000000', amount: 100, mode: 'upi', idempotency_key: 'item-1' };
  cases.push(
    ['/v1/payout_batches', JSON.stringify({ payouts: [{ ...item, metadata: { k: 'v\u0000' } }] }), 'payouts[0][metadata][k]'],
    ['/v1/payout_batches', JSON.stringify({ payouts: [{ ...item, metadata: { 'k\ud800': 'v' } }] }), 'payouts[0][metadata]'],
  );
  for (const [path, body, param] of cases) {
    const res = await http.post(path, { key, raw: { body, contentType: 'application/json' } });
    assertApiError(res, 400, 'invalid_request', param);
    documented(res, path, 'post');
  }
  const [row] = await service.sql<{ customers: number; batches: number }>(
    `select (select count(*)::int from customers where account_id = ?) as customers, (select count(*)::int from payout_batches where account_id = ?) as batches`,
    [accountId, accountId],
  );
  assert.deepEqual(row, { customers: 0, batches: 0 });
});

test('what the service requires, the document requires: a vpa beneficiary without vpa, a sandbox upi payment without vpa, a customer without name', async () => {
  const { sandboxKey: key } = await service.newAccount();
  // oneOf with a discriminator: the variant `type: vpa` maps to requires vpa; so does `method: upi` for a payment.
  const variant = (path: string, value: string) => {
    const body = doc.paths[path].post.requestBody.content['application/json'].schema;
    const ref = body.discriminator?.mapping?.[value] as string | undefined;
    return ref ? doc.components.schemas[ref.split('/').pop()!] : undefined;
  };
  assert.ok(variant('/v1/beneficiaries', 'vpa')?.required?.includes('vpa'), 'the document says a vpa beneficiary requires vpa');
  const beneficiary = await http.post('/v1/beneficiaries', { key, json: { name: 'Ravi', type: 'vpa' } });
  assertApiError(beneficiary, 400, 'invalid_request', 'vpa');
  documented(beneficiary, '/v1/beneficiaries', 'post');
  // A live UPI payment may leave vpa out (the intent flow needs none; docs/api.md, Live payments), so the document cannot
  // require it; it says the sandbox does, and the sandbox's 400 is an answer it documents.
  const upi = variant('/v1/payments', 'upi');
  assert.ok(upi?.properties?.vpa, 'the document names vpa on a upi payment');
  assert.match(JSON.stringify(upi.properties.vpa), /sandbox/i, 'the document says the sandbox requires vpa');
  const payment = await http.post('/v1/payments', { key, form: { amount: '100', method: 'upi' } });
  assertApiError(payment, 400, 'invalid_request', 'vpa');
  documented(payment, '/v1/payments', 'post');

  const customerBody = doc.paths['/v1/customers'].post.requestBody.content['application/json'].schema;
  assert.ok(customerBody.required.includes('name'), 'the document says a customer requires name');
  const res = await http.post('/v1/customers', { key, json: { email: 'asha@example.com', phone: '+919876543210' } });
  assertApiError(res, 400, 'invalid_request', 'name');
  documented(res, '/v1/customers', 'post');
});

test('Sandbox-Simulate: an unknown or empty value is a 400 naming it, on reads and writes alike, and documented there', async () => {
  const { sandboxKey: key } = await service.newAccount();
  for (const value of ['nonsense', '', ' , ']) {
    const read = await http.get('/v1/balance', { key, headers: { 'Sandbox-Simulate': value } });
    assertApiError(read, 400, 'invalid_request', 'Sandbox-Simulate');
    documented(read, '/v1/balance', 'get');
    const write = await http.post('/v1/customers', { key, json: { name: 'Asha', email: 'asha@example.com', phone: '+919876543210' }, headers: { 'Sandbox-Simulate': value } });
    assertApiError(write, 400, 'invalid_request', 'Sandbox-Simulate');
    documented(write, '/v1/customers', 'post');
  }
});

test('an Idempotency-Key reused with other parameters is a 422 the operation documents', async () => {
  const { sandboxKey: key } = await service.newAccount();
  const first = await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 100 }, idempotencyKey: 'reuse-1' });
  assert.equal(first.status, 200, first.text);
  const reused = await http.post('/v1/test_helpers/top_ups', { key, json: { amount: 200 }, idempotencyKey: 'reuse-1' });
  assertApiError(reused, 422, 'idempotency_key_reused');
  documented(reused, '/v1/test_helpers/top_ups', 'post');
});

test('a report download link answers what its operation documents: the file as text/csv, 403 tampered, 409 pending, 410 expired', async () => {
  const { sandboxKey: key, accountId } = await service.newAccount();
  const op = doc.paths['/reports/{id}/file'].get;
  let created = await http.post('/v1/reports/transactions', { key, json: { from: '2026-10-01', to: '2026-10-01' } });
  assert.equal(created.status, 200, created.text);
  // The POST answers within 2 s, `pending` if the file is not made by then: read it until it is ready.
  for (let i = 0; created.body.status === 'pending' && i < 300; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    created = await http.get(`/v1/reports/${created.body.id}`, { key });
  }
  assert.equal(created.body.status, 'ready', created.text);
  const link = new URL(created.body.download_url);
  const file = await fetch(`${service.url}${link.pathname}${link.search}`);
  await file.arrayBuffer();
  assert.equal(file.status, 200);
  const type = file.headers.get('content-type')!.split(';')[0];
  assert.ok(type in (op.responses['200'].content ?? {}), `the file's ${type} is a content type the operation documents`);
  for (const name of Object.keys(op.responses['200'].headers ?? {})) assert.ok(file.headers.has(name), `the file answer carries ${name}`);

  // Signed as this deployment signs (the test knows its key): expired, and a report still pending.
  const sign = (id: string, expires: number) => createHmac('sha256', createSecretBox(Buffer.from(TEST_SECRETS_KEY, 'base64')).derive('report-download-links')).update(`${id}.${expires}`).digest('hex');
  const tampered = await http.get(`${link.pathname}?expires=${link.searchParams.get('expires')}&signature=${'0'.repeat(64)}`);
  assertApiError(tampered, 403, 'invalid_signature');
  const past = Math.floor(Date.now() / 1000) - 10;
  const expired = await http.get(`${link.pathname}?expires=${past}&signature=${sign(created.body.id, past)}`);
  assertApiError(expired, 410, 'expired');
  const pendingId = 'rpt_01JD3Y8X4W00000000000000PD';
  await service.sql(
    `insert into reports (id, account_id, mode, from_date, to_date, format, status, requested_at, idempotency_key) values (?, ?, 'sandbox', '2026-10-01', '2026-10-01', 'csv', 'pending', now(), ?)`,
    [pendingId, accountId, `pending-${pendingId}`],
  );
  const soon = Math.floor(Date.now() / 1000) + 600;
  const pending = await http.get(`/reports/${pendingId}/file?expires=${soon}&signature=${sign(pendingId, soon)}`);
  assertApiError(pending, 409, 'invalid_state');
  for (const [res, code] of [[tampered, 'invalid_signature'], [expired, 'expired'], [pending, 'invalid_state']] as const) {
    documented(res, '/reports/{id}/file', 'get');
    assert.match(op.responses[String(res.status)].description, new RegExp(`\`${code}\``), `${res.status} names ${code}`);
  }
});
