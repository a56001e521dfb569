// `/mcp`: the Model Context Protocol server for agents, over Streamable HTTP (stateless: a fresh server and
// transport per request, JSON answers). The caller authenticates with its API key exactly as on the API (Basic
// or Bearer; a live key over plain HTTP is 403 https_required). Each tool call is sent back to this same API
// process as the HTTP request it stands for, with the caller's own Authorization (and forwarded-protocol)
// headers, so it passes the same authentication, rate limit and idempotency record. Not in the OpenAPI document.
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type Router from '@koa/router';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { ApiError } from '../../domain/errors.ts';
import { createMcpServer } from '../../mcp/server.ts';
import type { AppDeps, ApiState } from '../context.ts';
import { authentication } from '../middleware/auth.ts';

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

export function mcpRoutes(router: Router<ApiState>, _deps: AppDeps): void {
  router.post('/mcp', authentication(), async (ctx) => {
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
    await transport.handleRequest(ctx.req, ctx.res);
  });
  // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
  router.all('/mcp', async (ctx) => {
    throw new ApiError('method_not_allowed', `${ctx.method} is not allowed on /mcp; use POST.`, undefined, { Allow: 'POST' });
  });
}
