import { NO_APPROVAL } from '../../src/core/ports/approval';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { measure, ms, type BenchRow, type Timing } from '../measure';
import { benchRuntime, connectOverStdio, serveOverHttp } from '../mcpServing';

const RUNS = 200;

/** Each call asks for a different byte limit: three identical calls in a row would be refused by the repetition rail. */
const readArgs = (i: number): { path: string; maxBytes: number } => ({ path: 'Inbox.md', maxBytes: 100_000 + i });

/**
 * A read-only call's turnaround: through the MCP server over stdio (the SDK's Client spawning `npm start -- mcp`'s
 * command; JSON-RPC framing, the process hop, the outside session) against the same call made in-process through
 * the pipeline, as the chat panel makes it, on the same vault copy (the disk vault).
 */
/** Reads of Inbox.md through `client`, each with its own byte limit; `how` names the path in a failure. */
function measureReads(client: Client, how: string): Promise<Timing> {
  let n = 0;
  return measure(
    async () => {
      const result = await client.callTool({ name: 'vault_readFile', arguments: readArgs(n++) });
      if (result.isError) throw new Error(`the read ${how} failed`);
    },
    { warmup: 20, runs: RUNS },
  );
}

export async function mcpTurnaroundBench(): Promise<BenchRow[]> {
  const base = mkdtempSync(join(tmpdir(), 'mcp-bench-'));
  const vault = join(base, 'vault');
  cpSync(resolve('examples/vault'), vault, { recursive: true });
  try {
    const runtime = await benchRuntime(vault, join(base, 'cp-panel'));
    const pipeline = runtime.services.pipeline;
    const run = runtime.services.runs(NO_APPROVAL).open('bench-panel', { signal: new AbortController().signal });
    let n = 0;
    const inProcess = await measure(
      async () => {
        const [outcome] = await pipeline.executeBatch(
          [{ id: String(n), name: 'vault.readFile', input: readArgs(n++) }],
          run,
        );
        if (!outcome?.ok) throw new Error(`the in-process read failed: ${outcome?.error?.message}`);
      },
      { warmup: 20, runs: RUNS },
    );
    await pipeline.endRun(run);

    // The HTTP server in this process, as a host would run it; the client talks to it over loopback.
    const { http, connect } = await serveOverHttp(runtime);
    const httpClient = await connect();
    const overHttp = await measureReads(httpClient, 'over HTTP');
    await httpClient.close();
    await http.close();
    runtime.close();

    const started = performance.now();
    const client = await connectOverStdio(vault, base, 'cp-mcp');
    const connectMs = performance.now() - started;
    const stdio = await measureReads(client, 'through MCP');
    await client.close();
    const area = 'MCP server (stdio), examples/vault';
    return [
      {
        area,
        measure: 'vault_readFile through the MCP server: SDK Client → stdio → outside session → pipeline',
        result: `${ms(stdio.median)} ms (p95 ${ms(stdio.p95)})`,
        target: '≤ 20 ms',
        met: stdio.median <= 20,
      },
      {
        area: 'MCP server (Streamable HTTP, 127.0.0.1), examples/vault',
        measure:
          'vault_readFile over HTTP: SDK Client → loopback → outside session → pipeline (server in the same process)',
        result: `${ms(overHttp.median)} ms (p95 ${ms(overHttp.p95)})`,
        target: '≤ 20 ms',
        met: overHttp.median <= 20,
      },
      {
        area,
        measure: 'the same call in-process through the pipeline, as the panel makes it',
        result: `${ms(inProcess.median)} ms (p95 ${ms(inProcess.p95)})`,
        target: '–',
        met: null,
      },
      {
        area,
        measure: 'spawn and initialize (the client starting the server, bundle already built)',
        result: `${ms(connectMs)} ms`,
        target: '≤ 1000 ms',
        met: connectMs <= 1000,
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
