// payctl mcp: the agent interface over stdio, for MCP clients that start a command (Claude Desktop, IDEs). It
// serves the same tools as the API's /mcp and sends each call to the API at PAYGATE_BASE_URL (default
// http://127.0.0.1:3000) with the key in PAYGATE_API_KEY. Standard output carries MCP messages only.
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/server.ts';
import { CliError, type CliContext } from './context.ts';

/** Loopback names and addresses: plain HTTP to them never leaves the machine. */
function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * The API's origin from PAYGATE_BASE_URL. A live key moves real money: it goes over plain HTTP only to this machine
 * (the API refuses it anyway, but only after it has crossed the network in clear text).
 */
export function mcpBaseUrl(raw: string | undefined, key: string): string {
  const baseUrl = (raw ?? 'http://127.0.0.1:3000').replace(/\/+$/, '').replace(/\/v1$/, '');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CliError(`PAYGATE_BASE_URL is not a URL: ${JSON.stringify(raw)}`, 2);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CliError(`PAYGATE_BASE_URL must be an http or https URL, not ${url.protocol}`, 2);
  if (key.startsWith('sk_live_') && url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new CliError(
      `refusing to send a live API key over plain HTTP to ${url.host}: set PAYGATE_BASE_URL to an https:// URL (plain http is allowed only to 127.0.0.1, localhost or [::1])`,
      2,
    );
  }
  return baseUrl;
}

export function registerMcpCommand(program: Command, ctx: CliContext): void {
  program
    .command('mcp')
    .description('serve the API to an MCP client over stdio (PAYGATE_API_KEY, PAYGATE_BASE_URL)')
    .action(async () => {
      const key = ctx.io.env.PAYGATE_API_KEY;
      if (!key) throw new CliError('PAYGATE_API_KEY is not set: an MCP client passes the API key (sk_sandbox_... or sk_live_...) in it', 2);
      const baseUrl = mcpBaseUrl(ctx.io.env.PAYGATE_BASE_URL, key);
      const server = createMcpServer({ baseUrl, headers: { authorization: `Bearer ${key}`, 'user-agent': 'paygate-mcp-stdio' } });
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        server.onclose = () => resolve();
        process.stdin.once('end', () => resolve());
      });
      await server.connect(transport);
      await closed;
      await server.close();
    });
}
