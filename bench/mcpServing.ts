import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createCliRuntime, type CliRuntime } from '../src/cli/cliServices';
import { type RunningHttpServer, startHttpServer } from '../src/mcp/httpServer';
import { mcpOutsideDriver } from '../src/mcp/outsideDriver';
import { SystemClock } from '../src/node/SystemClock';

/** The terminal runner's composition over `vault`, as the MCP benchmarks run the server in-process. */
export function benchRuntime(vault: string, checkpoints: string): Promise<CliRuntime> {
  return createCliRuntime({
    args: {
      vault,
      approval: 'writes',
      allowDeletes: false,
      allowCommands: false,
      budget: {},
      checkpoints,
    },
    clock: new SystemClock(),
    watch: false,
    knownSecrets: [],
    onError: () => undefined,
  });
}

const SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: false,
  allowCommands: false,
  approvalTimeoutMs: 60_000,
  maxRetries: 2,
  maxTokens: 1000,
  temperature: 0,
};

/**
 * The HTTP server module in this process, as a host runs it, reads only (nothing a benchmark calls is asked about),
 * and a way to connect the SDK's Client to it over loopback.
 */
export async function serveOverHttp(
  runtime: CliRuntime,
): Promise<{ http: RunningHttpServer; connect: () => Promise<Client> }> {
  const drivers = await runtime.outsideDrivers();
  const http = await startHttpServer({
    port: 0,
    token: 'bench',
    maxRequests: 100_000,
    log: () => undefined,
    createDriver: (server) =>
      mcpOutsideDriver(server, {
        drivers,
        settings: () => SETTINGS,
        approval: 'writes-refused',
        now: () => Date.now(),
      }),
  });
  const connect = async (): Promise<Client> => {
    const client = new Client({ name: 'bench', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.address.port}/mcp`), {
        requestInit: { headers: { authorization: 'Bearer bench' } },
      }),
    );
    return client;
  };
  return { http, connect };
}

/** The SDK's Client spawning what `npm start -- mcp` runs (the bundled runner) over `vault`. */
export async function connectOverStdio(vault: string, base: string, checkpointFolder: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['scripts/start-cli.mjs', 'mcp', '--vault', vault, '--checkpoints', join(base, checkpointFolder)],
      stderr: 'ignore',
    }),
  );
  return client;
}
