import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSavedAction } from '../../src/core/plan';
import { exampleVaultCopy, removeTemporaryFolders } from '../cli/harness';
import { connect, PLUGIN_FOLDER, warmUpRunner } from './harness';
import { httpClient, serveHttp, stopHttpServers } from './httpHarness';

const READ_HOME = createSavedAction(
  {
    name: 'Read home',
    plan: {
      version: '1.0',
      goal: 'Read home',
      assumptions: [],
      riskLevel: 'read-only',
      steps: [{ id: 'home', tool: 'vault.readFile', args: { path: 'Home.md' } }],
    },
    now: 0,
  },
  [],
);
const DATA = JSON.stringify({ savedActions: [READ_HOME] });

const fifos: string[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
  for (const fifo of fifos.splice(0)) await releaseReaders(fifo);
  await stopHttpServers();
  await removeTemporaryFolders();
});

beforeAll(warmUpRunner, 60_000);

/**
 * A vault whose data.json is a named pipe nobody writes yet: reading it waits until the test writes, as a slow
 * disk, a synced folder or a huge file would keep it waiting.
 */
async function vaultWithStuckDataJson(): Promise<{ vault: string; checkpoints: string; dataJson: string }> {
  const copy = await exampleVaultCopy();
  await mkdir(join(copy.vault, PLUGIN_FOLDER), { recursive: true });
  const dataJson = join(copy.vault, PLUGIN_FOLDER, 'data.json');
  execFileSync('mkfifo', [dataJson]);
  fifos.push(dataJson);
  return { ...copy, dataJson };
}

/** Gives `text` to the reader waiting on the pipe; false when none waits. */
async function feedWaitingReader(fifo: string, text = DATA): Promise<boolean> {
  // Non-blocking: with no reader waiting, opening for writing fails (ENXIO) instead of waiting for one.
  const handle = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null);
  if (!handle) return false;
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  return true;
}

/** Lets every read still waiting on the pipe end, so no read of the server outlives the test. */
async function releaseReaders(fifo: string): Promise<void> {
  for (let tries = 0; tries < 20 && (await feedWaitingReader(fifo).catch(() => true)); tries++)
    await new Promise((done) => setTimeout(done, 20));
}

const TRANSPORTS = {
  stdio: async (copy: { vault: string; checkpoints: string }): Promise<Client> =>
    (await connect({ ...copy, args: ['--mode', 'agent'] })).client,
  http: async (copy: { vault: string; checkpoints: string }): Promise<Client> =>
    httpClient((await serveHttp({ vault: copy })).url),
};

describe.each(['stdio', 'http'] as const)('the first requests over %s', (transport) => {
  it("should answer initialize and tools/list with the vault's tools while the saved actions are still loading, then say the list changed", async () => {
    const copy = await vaultWithStuckDataJson();
    const client = await TRANSPORTS[transport](copy);
    clients.push(client);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    const first = (await client.listTools()).tools.map((tool) => tool.name);
    expect(first).toEqual(expect.arrayContaining(['vault_readFile', 'vault_createFile']));
    expect(first.filter((name) => name.startsWith('saved_action_'))).toEqual([]);

    await vi.waitFor(async () => expect(await feedWaitingReader(copy.dataJson)).toBe(true), { timeout: 5_000 });
    await vi.waitFor(() => expect(changed).toBe(1), { timeout: 5_000 });
    // data.json is read afresh for each list, and is stuck again: the list has the saved actions last loaded.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('saved_action_read-home');
  });
});
