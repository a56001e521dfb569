// payctl mcp: the agent interface over stdio, for MCP clients that start a command (Claude Desktop, IDEs). It
// serves the same tools as the API's /mcp and sends each call to the API at PAYGATE_BASE_URL (default
// http://127.0.0.1:3000) with the key in PAYGATE_API_KEY. Standard output carries MCP messages only.
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from '../mcp/server.ts';
import { CliError, type CliContext } from './context.ts';

export function registerMcpCommand(program: Command, ctx: CliContext): void {
  program
    .command('mcp')
    .description('serve the API to an MCP client over stdio (PAYGATE_API_KEY, PAYGATE_BASE_URL)')
    .action(async () => {
      const key = ctx.io.env.PAYGATE_API_KEY;
      if (!key) throw new CliError('PAYGATE_API_KEY is not set: an MCP client passes the API key (sk_sandbox_... or sk_live_...) in it', 2);
      const baseUrl = (ctx.io.env.PAYGATE_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '').replace(/\/v1$/, '');
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
