// `/mcp`: the Model Context Protocol server for agents, over Streamable HTTP (stateless: a fresh server and
// transport per request, JSON answers). The caller authenticates with its API key exactly as on the API (Basic
// or Bearer; a live key over plain HTTP is 403 https_required). Each tool call is sent back to this same API
// process as the HTTP request it stands for, with the caller's own Authorization (and forwarded-protocol)
// headers, so it passes the same authentication, rate limit and idempotency record. Every other message of the body
// (initialize, tools/list, ping, notifications; each message of a JSON-RPC batch) counts as one request against the
// key's rate limit here, before any of them runs: a batch the budget cannot cover is refused whole with the API's
// 429 (Retry-After), as a single request would be. A missing or unknown key is limited per client address, as on /v1.
// Not in the OpenAPI document.
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { ApiError } from '../../domain/errors.ts';
import { createMcpServer } from '../../mcp/server.ts';
import type { AppDeps, ApiContext, ApiState } from '../context.ts';
import { authentication } from '../middleware/auth.ts';
import { readBody } from '../middleware/body.ts';
import { type KeyRateLimiter, unknownKeyLimiting } from '../middleware/rate-limit.ts';

/** The transport's own ceiling on a request body (the MCP SDK's default). */
const MAX_MCP_BODY = 4 * 1024 * 1024;

/** Requests to this process's own TLS socket: its certificate need not name 127.0.0.1. */
let loopbackTls: Agent | undefined;
const tlsLoopbackFetch = ((input: string, init?: RequestInit) =>
  undiciFetch(input, { ...(init as object), dispatcher: (loopbackTls ??= new Agent({ connect: { rejectUnauthorized: false } })) })) as unknown as typeof fetch;

/** The origin this request reached: the local address and port of its own connection. */
function ownOrigin(socket: Socket): { baseUrl: string; tls: boolean } {
  const tls = (socket as TLSSocket).encrypted === true;
  const address = socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  return { baseUrl: `${tls ? 'https' : 'http'}://${host}:${socket.localPort}`, tls };
}

/** The messages of a body that are requests of their own here: all but tool calls, which each count as the API request they become. */
function pointsOf(message: unknown): number {
  const messages = Array.isArray(message) ? message : [message];
  return messages.filter((m) => (m as { method?: unknown } | null)?.method !== 'tools/call').length;
}

/** Reads the JSON-RPC body and spends a point per message on the key's budget; undefined when the body is no JSON (the transport answers that). */
async function countedBody(ctx: ApiContext, limiter: KeyRateLimiter): Promise<unknown> {
  const declared = Number(ctx.get('Content-Length') || 0);
  if (declared > MAX_MCP_BODY) throw new ApiError('payload_too_large', `The request body is larger than the limit of ${MAX_MCP_BODY} bytes.`);
  const text = await readBody(ctx.req, MAX_MCP_BODY);
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    message = undefined;
  }
  const points = message === undefined ? 1 : pointsOf(message);
  if (points === 0) return message;
  const limit = limiter.limitOf(ctx.state.mode!);
  if (points > limit) {
    // Never within one second's budget. It spends that whole second (a 429 of its own once spent), so a flood of
    // oversized batches is limited like any other requests and cannot make the service parse megabytes for free.
    await limiter.consume(ctx, limit);
    const { headers } = await limiter.peek(ctx);
    throw new ApiError('rate_limited', `This JSON-RPC batch holds ${points} messages; this API key may send at most ${limit} a second. Send smaller batches.`, undefined, {
      ...headers,
      'Retry-After': '1',
    });
  }
  await limiter.consume(ctx, points);
  return message;
}

export function mcpRoutes(router: Router<ApiState>, deps: AppDeps, limiter: KeyRateLimiter): void {
  const { config, orm, logger } = deps;
  const onRefused = unknownKeyLimiting({ perMinute: config.RATE_LIMIT_UNAUTHENTICATED, orm, logger });
  router.post('/mcp', authentication({ onRefused, keys: deps.apiKeys }), async (ctx) => {
    const message = await countedBody(ctx, limiter);
    const { baseUrl, tls } = ownOrigin(ctx.req.socket);
    const headers: Record<string, string> = { authorization: ctx.get('Authorization'), 'user-agent': 'paygate-mcp' };
    for (const name of ['x-forwarded-proto', 'x-forwarded-for']) if (ctx.get(name)) headers[name] = ctx.get(name);
    const server = createMcpServer({ baseUrl, headers, ...(tls ? { fetch: tlsLoopbackFetch } : {}) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    ctx.respond = false;
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // A body that is no JSON goes to the transport as text, which it answers with JSON-RPC's parse error.
    await transport.handleRequest(ctx.req, ctx.res, message === undefined ? '' : message);
  });
  // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
  router.all('/mcp', async (ctx) => {
    throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on /mcp; use POST.`, undefined, { Allow: 'POST' });
  });
}
