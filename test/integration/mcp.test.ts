// The agent interface with a real MCP client (@modelcontextprotocol/sdk) against the real service: over
// Streamable HTTP at /mcp and over stdio through `payctl mcp`. Tools listed with annotations and a required
// idempotency_key on writes; a read and writes; a replayed write makes one payout; a refused write carries the
// API's error code; another account's id is not found; a live key over plain HTTP and a bad key are refused;
// every operation of the OpenAPI document is a tool (or excluded with a reason).
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createOpenApiDocument } from '../../src/contract/openapi.ts';
import { EXCLUDED_OPERATIONS, buildTools } from '../../src/mcp/tools.ts';
import { createHttp, type Http } from '../helpers/http.ts';
import { startTestService, type TestService } from '../helpers/service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let service: TestService;
let http: Http;

before(async () => {
  // Behind a TLS-terminating proxy (X-Forwarded-Proto), so live keys can be tried over HTTPS as well.
  service = await startTestService({ TRUST_PROXY: 'true' });
  http = createHttp(service.url);
});
after(async () => {
  await service?.stop();
});

async function httpClient(key: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'paygate-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${service.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}`, ...headers } } }));
  return client;
}

async function stdioClient(key: string): Promise<Client> {
  const client = new Client({ name: 'paygate-test-stdio', version: '1.0.0' });
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', PAYGATE_API_KEY: key, PAYGATE_BASE_URL: service.url };
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(root, 'src/cli/payctl.ts'), 'mcp'], env, cwd: root, stderr: 'pipe' }));
  return client;
}

/** The JSON a tool answered with. */
function json(result: Awaited<ReturnType<Client['callTool']>>): any {
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0].text);
}

for (const transport of ['Streamable HTTP', 'stdio'] as const) {
  describe(`over ${transport}`, () => {
    const connect = transport === 'stdio' ? stdioClient : httpClient;

    test('tools are listed with annotations; every write requires idempotency_key', async () => {
      const { sandboxKey } = await service.newAccount();
      const client = await connect(sandboxKey);
      try {
        const { tools } = await client.listTools();
        const names = tools.map((t) => t.name);
        for (const name of ['get_balance', 'create_beneficiary', 'create_payout', 'get_payout', 'list_payouts', 'create_payout_batch', 'create_payment_link', 'cancel_payment_link', 'create_mandate', 'get_mandate', 'list_mandates', 'revoke_mandate', 'create_refund', 'pause_collection', 'create_transaction_report', 'list_events']) {
          assert.ok(names.includes(name), name);
        }
        const byName = new Map(tools.map((t) => [t.name, t]));
        assert.equal(byName.get('get_balance')!.annotations?.readOnlyHint, true);
        const createPayout = byName.get('create_payout')!;
        assert.equal(createPayout.annotations?.readOnlyHint, false);
        assert.equal(createPayout.annotations?.destructiveHint, true);
        assert.equal(createPayout.annotations?.idempotentHint, true);
        for (const tool of tools.filter((t) => !t.annotations?.readOnlyHint)) {
          assert.ok((tool.inputSchema.required ?? []).includes('idempotency_key'), `${tool.name} requires idempotency_key`);
        }
      } finally {
        await client.close();
      }
    });

    test('read and write: balance, a beneficiary, a payout replayed with its key is one payout, a payment link', async () => {
      const { sandboxKey } = await service.newAccount();
      const client = await connect(sandboxKey);
      try {
        const funded = await client.callTool({ name: 'create_top_up', arguments: { amount: 500_000, idempotency_key: 'fund-1' } });
        assert.ok(!funded.isError, JSON.stringify(funded.content));
        const balance = json(await client.callTool({ name: 'get_balance', arguments: {} }));
        assert.equal(balance.object, 'balance');
        assert.equal(balance.available, 500_000);

        const beneficiary = json(await client.callTool({ name: 'create_beneficiary', arguments: { type: 'vpa', name: 'Asha', vpa: 'success@upi', idempotency_key: 'bene-1' } }));
        assert.match(beneficiary.id, /^bene_/);
        const args = { beneficiary_id: beneficiary.id, amount: 10_000, mode: 'upi', idempotency_key: 'payout-1' };
        const first = await client.callTool({ name: 'create_payout', arguments: args });
        const again = await client.callTool({ name: 'create_payout', arguments: args });
        assert.ok(!first.isError, JSON.stringify(first.content));
        assert.equal(json(again).id, json(first).id);
        assert.deepEqual((first.structuredContent as { id: string }).id, json(first).id);
        const listed = await http.get('/v1/payouts', { key: sandboxKey });
        assert.deepEqual(listed.body.data.map((p: { id: string }) => p.id), [json(first).id], 'one payout');
        assert.equal(json(await client.callTool({ name: 'get_payout', arguments: { id: json(first).id } })).amount, 10_000);
        const page = json(await client.callTool({ name: 'list_payouts', arguments: { limit: 10, created: { gte: 0 } } }));
        assert.equal(page.data.length, 1);

        const link = json(await client.callTool({ name: 'create_payment_link', arguments: { amount: 2_500, description: 'Order 9', idempotency_key: 'link-1' } }));
        assert.match(link.short_url, /\/pay\//);
        assert.equal(json(await client.callTool({ name: 'cancel_payment_link', arguments: { id: link.id, idempotency_key: 'cancel-1' } })).status, 'cancelled');
      } finally {
        await client.close();
      }
    });

    test("refusals carry the API's error: insufficient funds, another account's id, an unknown argument", async () => {
      const { sandboxKey } = await service.newAccount();
      const other = await service.newAccount();
      const client = await connect(sandboxKey);
      try {
        const beneficiary = json(await client.callTool({ name: 'create_beneficiary', arguments: { type: 'vpa', name: 'Ravi', vpa: 'success@upi', idempotency_key: 'b' } }));
        const poor = await client.callTool({ name: 'create_payout', arguments: { beneficiary_id: beneficiary.id, amount: 1_000, mode: 'upi', idempotency_key: 'p' } });
        assert.equal(poor.isError, true);
        assert.equal(json(poor).error.code, 'insufficient_funds');
        assert.equal((await http.get('/v1/payouts', { key: sandboxKey })).body.data.length, 0, 'nothing paid');

        const theirs = await http.post('/v1/beneficiaries', { key: other.sandboxKey, json: { type: 'vpa', name: 'Other', vpa: 'success@upi' } });
        const foreign = await client.callTool({ name: 'get_beneficiary', arguments: { id: theirs.body.id } });
        assert.equal(foreign.isError, true);
        assert.equal(json(foreign).error.code, 'not_found');

        // A write without its key is refused before anything is sent (a made-up key could pay twice on retry).
        const keyless = await client.callTool({ name: 'create_beneficiary', arguments: { type: 'vpa', name: 'Keyless', vpa: 'success@upi' } });
        assert.equal(keyless.isError, true);
        assert.equal(json(keyless).error.param, 'idempotency_key');
        assert.equal((await http.get('/v1/beneficiaries', { key: sandboxKey })).body.data.length, 1, 'only the first beneficiary');
        const removed = await client.callTool({ name: 'delete_beneficiary', arguments: { id: beneficiary.id, idempotency_key: 'del-1' } });
        assert.ok(!removed.isError, JSON.stringify(removed.content));

        const odd = await client.callTool({ name: 'get_balance', arguments: { surprise: 1 } });
        assert.equal(odd.isError, true);
        assert.equal(json(odd).error.code, 'invalid_request');
      } finally {
        await client.close();
      }
    });
  });
}

describe('access', () => {
  test('a missing or wrong key is 401; a live key over plain HTTP is 403 https_required and works over HTTPS; GET /mcp is 405; stdio without a key does not start', async () => {
    const { liveKey } = await service.newAccount({ live: true });
    await assert.rejects(httpClient('sk_sandbox_wrong'), /401|authentication_failed/);
    await assert.rejects(httpClient(liveKey!), /403|https_required/);
    const secure = await httpClient(liveKey!, { 'x-forwarded-proto': 'https' });
    try {
      const balance = json(await secure.callTool({ name: 'get_balance', arguments: {} }));
      assert.equal(balance.mode, 'live', 'the tool call carried the forwarded protocol and the live key');
    } finally {
      await secure.close();
    }
    const get = await fetch(`${service.url}/mcp`, { headers: { authorization: `Bearer ${liveKey}` } });
    assert.equal(get.status, 405);
    const stdio = new Client({ name: 'no-key', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(root, 'src/cli/payctl.ts'), 'mcp'], env: { PATH: process.env.PATH ?? '' }, cwd: root, stderr: 'pipe' });
    await assert.rejects(stdio.connect(transport));
  });

  test('every operation of the OpenAPI document is a tool, except the ones excluded with a reason', () => {
    const document = createOpenApiDocument() as unknown as { paths: Record<string, Record<string, { operationId?: string }>> };
    const tools = buildTools();
    const covered = new Set(tools.map((t) => `${t.method} ${t.path.replace(/\/(pause|resume|cancel|complete|fail|reverse)$/, '/{action}')}`));
    for (const [route, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op?.operationId) continue;
        if (op.operationId in EXCLUDED_OPERATIONS) continue;
        assert.ok(covered.has(`${method.toUpperCase()} ${route}`) || tools.some((t) => t.method === method.toUpperCase() && t.path === route), `${method.toUpperCase()} ${route} (${op.operationId}) has a tool`);
      }
    }
    assert.equal(new Set(tools.map((t) => t.name)).size, tools.length, 'tool names are unique');
  });
});
