import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createSavedAction, type SavedAction } from '../../src/core/plan';
import { measure, ms, type BenchRow } from '../measure';
import { benchRuntime, connectOverStdio, serveOverHttp } from '../mcpServing';

const ACTIONS = 40;

/** A vault's worth of saved actions, each offered in every mode (one read-only step). */
function savedActions(): SavedAction[] {
  const actions: SavedAction[] = [];
  for (let i = 0; i < ACTIONS; i++) {
    const plan = {
      version: '1.0' as const,
      goal: `Read ${i}`,
      assumptions: [],
      riskLevel: 'read-only' as const,
      steps: [{ id: 'read', tool: 'vault.readFile', args: { path: 'Inbox.md' } }],
    };
    actions.push(createSavedAction({ name: `Read the inbox ${i}`, plan, now: 0 }, actions));
  }
  return actions;
}

/** Connects and lists the tools; throws unless the saved actions are in the list. */
async function firstList(connect: () => Promise<Client>): Promise<Client> {
  const client = await connect();
  const { tools } = await client.listTools();
  const offered = tools.filter((tool) => tool.name.startsWith('saved_action_')).length;
  if (offered !== ACTIONS) throw new Error(`the first tools/list offered ${offered} saved actions of ${ACTIONS}`);
  return client;
}

/**
 * How long a client waits for its first tools/list (its agent's turn starts on it), with 40 saved actions in the
 * vault's data.json: over stdio from spawning the server (the bundle already built; each start loads and checks
 * the saved actions afresh), and over Streamable HTTP from the client's first request to a running server.
 */
export async function mcpFirstListBench(): Promise<BenchRow[]> {
  const base = mkdtempSync(join(tmpdir(), 'mcp-first-'));
  const vault = join(base, 'vault');
  cpSync(resolve('examples/vault'), vault, { recursive: true });
  mkdirSync(join(vault, '.obsidian', 'plugins', 'embedded-agent'), { recursive: true });
  writeFileSync(
    join(vault, '.obsidian', 'plugins', 'embedded-agent', 'data.json'),
    JSON.stringify({ savedActions: savedActions() }),
  );
  try {
    const spawn = (): Promise<Client> => connectOverStdio(vault, base, 'cp-stdio');
    const stdio = await measure(async () => (await firstList(spawn)).close(), { warmup: 1, runs: 7 });
    const runtime = await benchRuntime(vault, join(base, 'cp-http'));
    const { http, connect } = await serveOverHttp(runtime);
    const overHttp = await measure(
      async () => {
        const client = await firstList(connect);
        // Ended as a client that is done ends it (DELETE): closing alone leaves it open until the idle timeout.
        await (client.transport as StreamableHTTPClientTransport).terminateSession();
        await client.close();
      },
      { warmup: 1, runs: 20 },
    );
    await http.close();
    runtime.close();
    const area = (transport: string): string =>
      `MCP server's first tools/list (${transport}), examples/vault with ${ACTIONS} saved actions in data.json`;
    return [
      {
        area: area('stdio'),
        measure:
          'spawn → initialize → tools/list answered with the saved actions (bundle built; each start loads and checks them afresh)',
        result: `${ms(stdio.median)} ms (p95 ${ms(stdio.p95)})`,
        target: '≤ 1000 ms',
        met: stdio.median <= 1000,
      },
      {
        area: area('Streamable HTTP, 127.0.0.1'),
        measure: 'connect → initialize → tools/list answered with the saved actions (server running)',
        result: `${ms(overHttp.median)} ms (p95 ${ms(overHttp.p95)})`,
        target: '≤ 100 ms',
        met: overHttp.median <= 100,
      },
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
