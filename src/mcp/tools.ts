// The agent interface's tools, generated from the OpenAPI document (itself generated from the zod schemas the
// routes validate with), so a tool cannot drift from its route: one tool per operation (`verb_resource` in
// snake_case; an operation whose path holds an action becomes one tool per action), its input the operation's
// path and query parameters and body fields, plus a required `idempotency_key` on every write. A tool call is
// the HTTP request it stands for, sent to the API with the caller's own credentials, so it passes the same
// authentication, rate limit and idempotency record; its result is the API's JSON, its error the API's error.
import qs from 'qs';
import { createOpenApiDocument } from '../contract/openapi.ts';

type JsonSchema = Record<string, unknown>;

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface PaygateTool {
  name: string;
  description: string;
  inputSchema: { type: 'object'; properties: Record<string, JsonSchema>; required: string[]; additionalProperties: false };
  annotations: ToolAnnotations;
  method: 'GET' | 'POST' | 'DELETE';
  /** `/v1/payouts/{id}` with `{action}` already filled in where the tool stands for one action. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyParams: string[];
}

/** Operations that are no capability of an account: the document itself, probes, metrics, the key-less download. */
export const EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  getOpenApi: 'the API description itself',
  getHealth: 'a liveness probe for operators',
  getReadiness: 'a readiness probe for operators',
  getMetrics: 'Prometheus metrics for operators',
  downloadReport: 'a key-less signed link for browsers; get_report gives its download_url',
  // People approve, through the API, the client or the CLI: an agent's tool list has no approve or reject.
  approvePayout: 'people approve payouts, through the API, the client or the CLI',
  rejectPayout: 'people reject payouts, through the API, the client or the CLI',
  approvePayoutBatch: 'people approve payout batches, through the API, the client or the CLI',
  rejectPayoutBatch: 'people reject payout batches, through the API, the client or the CLI',
};

/** Tool names the contract (docs/api.md) spells out where the operation id says it differently. */
const NAMES: Readonly<Record<string, string>> = {
  createReport: 'create_transaction_report',
  runSettlement: 'run_settlements',
};

/** Every write may move money, end something, or change what an agent's later calls do: clients should confirm them. */

const snake = (camel: string) => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `getPayout` → `get_payout`; `collectionAction` + `pause` → `pause_collection`. */
function toolName(operationId: string, action?: string): string {
  if (action) return `${action}_${snake(operationId.replace(/(Action|TestHelper)$/, ''))}`;
  return NAMES[operationId] ?? snake(operationId);
}

/** The schema with every local `$ref` replaced by what it points at (tool schemas must stand alone). */
function inline(schema: unknown, components: Record<string, unknown>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    if (seen.includes(name)) return {};
    return inline(components[name], components, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, seen)]));
}

interface BodySchema {
  properties?: Record<string, JsonSchema>;
  required?: string[];
  oneOf?: BodySchema[];
  discriminator?: { propertyName: string };
}

/**
 * A body whose shape depends on one field (`oneOf` told apart by a discriminator such as `type`) as the one
 * object a tool takes: every variant's fields, the discriminator with every variant's value, required what every
 * variant requires, and a field only some variants take says when it is required (the API refuses it otherwise).
 */
function flatten(body: BodySchema | undefined): BodySchema | undefined {
  const key = body?.discriminator?.propertyName;
  if (!body?.oneOf || !key) return body;
  const properties: Record<string, JsonSchema> = {};
  const takenBy = new Map<string, unknown[]>();
  const requiredBy = new Map<string, unknown[]>();
  const values: unknown[] = [];
  for (const variant of body.oneOf) {
    const value = variant.properties?.[key]?.const;
    values.push(value);
    for (const [name, schema] of Object.entries(variant.properties ?? {})) {
      properties[name] ??= schema;
      takenBy.set(name, [...(takenBy.get(name) ?? []), value]);
      if (variant.required?.includes(name)) requiredBy.set(name, [...(requiredBy.get(name) ?? []), value]);
    }
  }
  const { const: _, ...keySchema } = properties[key];
  properties[key] = { ...keySchema, enum: values };
  const when = (of: unknown[]) => of.map((v) => `\`${key}\` is \`${String(v)}\``).join(' or ');
  for (const [name, schema] of Object.entries(properties)) {
    const taken = takenBy.get(name)!;
    if (taken.length === values.length) continue;
    const needed = requiredBy.get(name) ?? [];
    const rule = needed.length === taken.length ? `Required when ${when(taken)}; not allowed otherwise.` : `Only when ${when(taken)}.`;
    properties[name] = { ...schema, description: [schema.description, rule].filter(Boolean).join(' ') };
  }
  const required = Object.keys(properties).filter((name) => (requiredBy.get(name) ?? []).length === values.length);
  return { properties, required };
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

/** Every tool, from the document. */
export function buildTools(document: { paths?: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } } = createOpenApiDocument() as never): PaygateTool[] {
  const components = document.components?.schemas ?? {};
  const tools: PaygateTool[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [verb, value] of Object.entries(item as Record<string, OpenApiOperation>)) {
      const method = verb.toUpperCase();
      if (method !== 'GET' && method !== 'POST' && method !== 'DELETE') continue;
      const op = value;
      if (!op.operationId || op.operationId in EXCLUDED_OPERATIONS) continue;
      const parameters = op.parameters ?? [];
      const actionParam = parameters.find((p) => p.in === 'path' && p.name === 'action');
      const actions = (actionParam?.schema?.enum as string[] | undefined) ?? [undefined];
      for (const action of actions) {
        const properties: Record<string, JsonSchema> = {};
        const required: string[] = [];
        const pathParams: string[] = [];
        const queryParams: string[] = [];
        const bodyParams: string[] = [];
        for (const p of parameters) {
          if (p.in !== 'path' && p.in !== 'query') continue;
          if (p.name === 'action' && action) continue;
          properties[p.name] = inline({ ...p.schema, ...(p.description ? { description: p.description } : {}) }, components) as JsonSchema;
          if (p.required || p.in === 'path') required.push(p.name);
          (p.in === 'path' ? pathParams : queryParams).push(p.name);
        }
        const body = flatten(inline(op.requestBody?.content?.['application/json']?.schema, components) as BodySchema | undefined);
        for (const [name, schema] of Object.entries(body?.properties ?? {})) {
          properties[name] = schema;
          bodyParams.push(name);
          if (body?.required?.includes(name)) required.push(name);
        }
        const write = method !== 'GET';
        if (write) {
          properties.idempotency_key = {
            type: 'string',
            minLength: 1,
            maxLength: 255,
            description: 'Makes the call safe to repeat: the same key with the same arguments answers with the same result, and never pays twice.',
          };
          required.push('idempotency_key');
        }
        const name = toolName(op.operationId, action);
        const sandboxOnly = path.startsWith('/v1/test_helpers/');
        tools.push({
          name,
          description: [op.summary, op.description, sandboxOnly ? 'Sandbox keys only (a test helper).' : undefined].filter(Boolean).join('. ').replace(/\.\./g, '.'),
          inputSchema: { type: 'object', properties, required, additionalProperties: false },
          annotations: {
            title: op.summary ?? name,
            readOnlyHint: !write,
            destructiveHint: write,
            idempotentHint: true,
            openWorldHint: false,
          },
          method,
          path: action ? path.replace('{action}', action) : path,
          pathParams,
          queryParams,
          bodyParams,
        });
      }
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/** Where and how a tool's requests go: the API's origin and the caller's credentials. */
export interface ApiTarget {
  baseUrl: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
}

export interface ToolOutcome {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * Calls the API as the tool's operation, with `args` as the agent gave them. Arguments the tool does not take
 * go to the API as they are, which refuses them (400, naming the parameter).
 */
export async function callTool(tool: PaygateTool, args: Record<string, unknown>, target: ApiTarget): Promise<ToolOutcome> {
  let path = tool.path;
  for (const name of tool.pathParams) {
    const value = args[name];
    if (typeof value !== 'string' || value.length === 0) {
      return { ok: false, status: 400, body: { error: { type: 'invalid_request_error', code: 'invalid_request', message: `Missing required argument: ${name}.`, param: name } } };
    }
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const write = tool.method !== 'GET';
  // A write without its key would get one made up by the API, and a retry could then pay twice: refused here.
  if (write && (typeof args.idempotency_key !== 'string' || args.idempotency_key.length === 0)) {
    return {
      ok: false,
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'invalid_request', message: 'Missing required argument: idempotency_key (reuse the same key when you retry this call).', param: 'idempotency_key' } },
    };
  }
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !tool.pathParams.includes(k) && k !== 'idempotency_key'));
  const headers: Record<string, string> = { ...target.headers, accept: 'application/json' };
  let url = `${target.baseUrl}${path}`;
  let body: string | undefined;
  if (write) headers['idempotency-key'] = args.idempotency_key as string;
  if (tool.method === 'GET' || tool.method === 'DELETE') {
    // The API's query form (nested objects in bracket notation, `created[gte]=…`; null and undefined left out), written
    // by qs, the library the API parses query strings with (src/api/form.ts), rather than by a copy of the client's encoder.
    url += qs.stringify(rest, { addQueryPrefix: true, skipNulls: true });
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(rest);
  }
  const res = await (target.fetch ?? fetch)(url, { method: tool.method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: returned as text
  }
  return { ok: res.ok, status: res.status, body: parsed };
}
