import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSavedAction, type SavedAction } from '../../src/core/plan';
import { exampleVaultCopy, removeTemporaryFolders } from '../cli/harness';
import { connect, PLUGIN_FOLDER, textOf, warmUpRunner } from './harness';
import { httpClient, serveHttp, stopHttpServers } from './httpHarness';

/** What the tests choose of a server: its mode and approval, and the saved actions in the vault's data.json. */
interface Served {
  vault: string;
  /** A new client connection; over stdio a new server process, as a client restarting it. */
  open: () => Promise<{ client: Client; forms: ElicitRequest['params'][] }>;
}

const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  await stopHttpServers();
  await removeTemporaryFolders();
});

beforeAll(warmUpRunner, 60_000);

const TRANSPORTS = {
  stdio: async (mode: string, approval: string, actions: SavedAction[]): Promise<Served> => {
    const { vault, checkpoints } = await withActions(actions);
    return {
      vault,
      open: async () => {
        const connected = await connect({
          vault,
          checkpoints,
          args: ['--mode', mode, '--approval', approval],
          answer: () => ({ action: 'accept', content: { approveRest: false } }),
        });
        clients.push(connected.client);
        return connected;
      },
    };
  },
  http: async (mode: string, approval: string, actions: SavedAction[]): Promise<Served> => {
    const copy = await withActions(actions);
    const { url, vault } = await serveHttp({ mode, outsideApproval: approval as 'ask' | 'client', vault: copy });
    return {
      vault,
      open: async () => {
        const forms: ElicitRequest['params'][] = [];
        const client = await httpClient(url, { accept: true, forms });
        clients.push(client);
        return { client, forms };
      },
    };
  },
};

async function withActions(actions: SavedAction[]): Promise<{ vault: string; checkpoints: string }> {
  const copy = await exampleVaultCopy();
  await mkdir(join(copy.vault, PLUGIN_FOLDER), { recursive: true });
  await writeFile(join(copy.vault, PLUGIN_FOLDER, 'data.json'), JSON.stringify({ savedActions: actions }));
  return copy;
}

function action(
  name: string,
  steps: { id: string; tool: string; args: Record<string, unknown> }[],
  existing: SavedAction[] = [],
): SavedAction {
  const risk = steps.every((step) => /readFile|searchText|listFiles/.test(step.tool)) ? 'read-only' : 'writes';
  return createSavedAction(
    { name, plan: { version: '1.0', goal: name, assumptions: [], riskLevel: risk, steps }, now: 0 },
    existing,
  );
}

const REPLACE_HOME = action('Replace home', [
  { id: 'home', tool: 'vault.writeFile', args: { path: 'Home.md', content: 'replaced\n' } },
]);
const READ_HOME = action('Read home', [{ id: 'home', tool: 'vault.readFile', args: { path: 'Home.md' } }]);
/** 48 characters, the longest id a saved action has. */
const LONG_ID = 'read-the-home-note-and-every-project-it-links-to';

describe.each(['stdio', 'http'] as const)('tools offered over %s', (transport) => {
  it('should neither offer nor run a saved action that writes in Ask (reads only), even with approval by the client', async () => {
    const { vault, open } = await TRANSPORTS[transport]('ask', 'client', [REPLACE_HOME, READ_HOME]);
    const before = await readFile(join(vault, 'Home.md'), 'utf8');
    const { client } = await open();
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('saved_action_read-home');
    expect(names).not.toContain('saved_action_replace-home');
    const result = await client.callTool({ name: 'saved_action_replace-home', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Error UNKNOWN_TOOL: saved_action_replace-home is not offered: the saved action "Replace home" calls vault\.writeFile, which this session does not offer \(mode "ask"\)\. Tools offered: /,
    );
    expect(await readFile(join(vault, 'Home.md'), 'utf8')).toBe(before);
    expect(textOf(await client.callTool({ name: 'saved_action_read-home', arguments: {} }))).toMatch(
      /^Done: 1 of 1 step ran\./,
    );
  });

  it("should offer every tool under a name of at most 64 characters with the client's prefix, the same after a restart and unique", async () => {
    const long = { ...READ_HOME, id: LONG_ID, name: 'Long one' };
    const twin = { ...READ_HOME, id: 'read-the-home-note-and-every-other-note', name: 'Long twin' };
    const { open } = await TRANSPORTS[transport]('agent', 'ask', [long, twin, READ_HOME]);
    const first = (await (await open()).client.listTools()).tools.map((tool) => tool.name);
    // Claude Code calls a tool mcp__<server>__<tool>; a server name may have 16 characters.
    for (const name of first) expect(`mcp__${'s'.repeat(16)}__${name}`.length, name).toBeLessThanOrEqual(64);
    expect(new Set(first).size).toBe(first.length);
    const longName = first.find((name) => name.startsWith('saved_action_read-the-home-note'));
    expect(longName).toMatch(/^saved_action_read-the-home-note_[0-9a-f]{8}$/);
    expect(first.filter((name) => name.startsWith('saved_action_read-the-home-note'))).toHaveLength(2);
    expect(first).toContain('saved_action_read-home');
    const again = await open();
    expect((await again.client.listTools()).tools.map((tool) => tool.name)).toEqual(first);
    expect(textOf(await again.client.callTool({ name: longName ?? '', arguments: {} }))).toMatch(
      /^Done: 1 of 1 step ran\./,
    );
  });

  it('should annotate each tool as MCP defines, from the metadata table: creates additive, ensureFolder idempotent, reads read-only', async () => {
    const { open } = await TRANSPORTS[transport]('agent', 'ask', []);
    const { client } = await open();
    const annotations = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.annotations]));
    expect(annotations.get('vault_createFile')).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(annotations.get('vault_ensureFolder')).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(annotations.get('vault_writeFile')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(annotations.get('checkpoints_restore')).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(annotations.get('vault_readFile')).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(annotations.get('plugins_search')).toEqual({ readOnlyHint: true, openWorldHint: true });
  });
});
