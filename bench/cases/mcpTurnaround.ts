import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createCliRuntime } from '../../src/cli/cliServices';
import { mcpOutsideSession } from '../../src/mcp/mcpSession';
import { startHttpServer } from '../../src/mcp/httpServer';
import { SystemClock } from '../../src/node/SystemClock';
import { measure, ms, type BenchRow } from '../measure';

const RUNS = 200;

/** Each call asks for a different byte limit: three identical calls in a row would be refused by the repetition rail. */
const readArgs = (i: number): { path: string; maxBytes: number } => ({ path: 'Inbox.md', maxBytes: 100_000 + i });

/**
 * A read-only call's turnaround: through the MCP server over stdio (the SDK's Client spawning `npm start -- mcp`'s
 * command; JSON-RPC framing, the process hop, the outside session) against the same call made in-process through
 * the pipeline, as the chat panel makes it, on the same vault copy (the disk vault).
 */
export async function mcpTurnaroundBench(): Promise<BenchRow[]> {
  const base = mkdtempSync(join(tmpdir(), 'mcp-bench-'));
  const vault = join(base, 'vault');
  cpSync(resolve('examples/vault'), vault, { recursive: true });
  try {
    const runtime = await createCliRuntime({
      args: { vault, approval: 'writes', allowDeletes: false, allowCommands: false, streaming: true, budget: {}, checkpoints: join(base, 'cp-panel') },
      approval: () => null,
      clock: new SystemClock(),
      watch: false,
      knownSecrets: [],
      onError: () => undefined,
    });
    const pipeline = runtime.services.agentPipeline();
    const run = pipeline.startRun('bench-panel', { signal: new AbortController().signal, ports: runtime.services.toolPorts() });
    let n = 0;
    const inProcess = await measure(async () => {
      const [outcome] = await pipeline.executeBatch([{ id: String(n), name: 'vault.readFile', input: readArgs(n++) }], run);
      if (!outcome?.ok) throw new Error(`the in-process read failed: ${outcome?.error?.message}`);
    }, { warmup: 20, runs: RUNS });
    await pipeline.endRun(run);

    // The HTTP server in this process, as a host would run it; the client talks to it over loopback.
    const settings = { approval: 'writes' as const, allowDeletes: false, allowCommands: false, approvalTimeoutMs: 60_000, maxRetries: 2, maxTokens: 1000, temperature: 0 };
    const http = await startHttpServer({
      port: 0,
      token: 'bench',
      maxRequests: 100_000,
      log: () => undefined,
      createSession: (server) => mcpOutsideSession(server, { services: runtime.services, modes: runtime.modes, settings: () => settings, approval: 'writes-refused', now: () => Date.now() }),
    });
    const httpClient = new Client({ name: 'bench', version: '1' });
    await httpClient.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${http.address.port}/mcp`), { requestInit: { headers: { authorization: 'Bearer bench' } } }));
    let h = 0;
    const overHttp = await measure(async () => {
      const result = await httpClient.callTool({ name: 'vault_readFile', arguments: readArgs(h++) });
      if (result.isError) throw new Error('the read over HTTP failed');
    }, { warmup: 20, runs: RUNS });
    await httpClient.close();
    await http.close();
    runtime.close();

    const transport = new StdioClientTransport({ command: process.execPath, args: ['scripts/start-cli.mjs', 'mcp', '--vault', vault, '--checkpoints', join(base, 'cp-mcp')], stderr: 'ignore' });
    const client = new Client({ name: 'bench', version: '1' });
    const started = performance.now();
    await client.connect(transport);
    const connectMs = performance.now() - started;
    let m = 0;
    const stdio = await measure(async () => {
      const result = await client.callTool({ name: 'vault_readFile', arguments: readArgs(m++) });
      if (result.isError) throw new Error('the read through MCP failed');
    }, { warmup: 20, runs: RUNS });
    await client.close();
    const area = 'MCP server (stdio), examples/vault';
    return [
      { area, measure: 'vault_readFile through the MCP server: SDK Client → stdio → outside session → pipeline', result: `${ms(stdio.median)} ms (p95 ${ms(stdio.p95)})`, target: '≤ 20 ms', met: stdio.median <= 20 },
      { area: 'MCP server (Streamable HTTP, 127.0.0.1), examples/vault', measure: 'vault_readFile over HTTP: SDK Client → loopback → outside session → pipeline (server in the same process)', result: `${ms(overHttp.median)} ms (p95 ${ms(overHttp.p95)})`, target: '≤ 20 ms', met: overHttp.median <= 20 },
      { area, measure: 'the same call in-process through the pipeline, as the panel makes it', result: `${ms(inProcess.median)} ms (p95 ${ms(inProcess.p95)})`, target: '–', met: null },
      { area, measure: 'spawn and initialize (the client starting the server, bundle already built)', result: `${ms(connectMs)} ms`, target: '≤ 1000 ms', met: connectMs <= 1000 },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
