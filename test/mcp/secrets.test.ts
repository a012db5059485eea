import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCliRuntime, type CliRuntime } from '../../src/cli/cliServices';
import { mcpOutsideDriver } from '../../src/mcp/outsideDriver';
import { type RunningHttpServer, startHttpServer } from '../../src/mcp/httpServer';
import { SystemClock } from '../../src/node/SystemClock';
import { exampleVaultCopy, removeTemporaryFolders } from '../cli/harness';
import { connect, textOf } from './harness';

// Made-up keys in the providers' forms; none is live.
const OTHER_PLUGIN_KEY = 'sk-proj-Q8r2L0xVb7Nn3Ks9Tz1Hc4Wf6Yd5Jm2Pa8Ue0Gi3Oq7Rl';
const NOTE_KEY = 'sk-ant-api03-Zq4Rm8Lx2Vc7Nb1Ks5Tj9Hf3Wd6Yg0Pa-Ue8Oi2Mq4Rl7Xb';
const OTHER_DATA = '.obsidian/plugins/copilot/data.json';
const REFUSED_DATA = `"${OTHER_DATA}" is in .obsidian/plugins/, where each plugin keeps its settings, API keys among them, so the agent neither reads nor writes it`;
const SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: false,
  allowCommands: false,
  approvalTimeoutMs: 5000,
  maxRetries: 2,
  maxTokens: 1000,
  temperature: 0,
};

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close().catch(() => undefined);
  await removeTemporaryFolders();
});

/** The example vault, with another plugin's settings holding its key, a note holding a key, and enough notes that listing them is stored. */
async function vaultWithSecrets(): Promise<{ vault: string; checkpoints: string }> {
  const copy = await exampleVaultCopy();
  await mkdir(join(copy.vault, '.obsidian/plugins/copilot'), { recursive: true });
  await writeFile(join(copy.vault, OTHER_DATA), JSON.stringify({ openAIApiKey: OTHER_PLUGIN_KEY, model: 'gpt-4o' }));
  await writeFile(join(copy.vault, 'Keys.md'), `# Keys\n\nThe Anthropic key for the scripts: ${NOTE_KEY}\n`);
  await mkdir(join(copy.vault, 'Archive'));
  for (let i = 0; i < 120; i++)
    await writeFile(join(copy.vault, 'Archive', `Entry ${String(i).padStart(3, '0')}.md`), 'x');
  return copy;
}

/** The vault path of the stored result a tool result links to. */
function storedPath(result: unknown): string {
  const link = ((result as { content: { type: string; uri?: string }[] }).content ?? []).find(
    (block) => block.type === 'resource_link',
  );
  if (!link?.uri) throw new Error('the result names no stored result');
  return decodeURIComponent(link.uri.slice('vault://'.length));
}

const TOKEN = 'test-token-5c1e';

/** Two clients of one server over HTTP (two MCP sessions, two runs), reads only, as the terminal's host starts it. */
async function overHttp(vault: string, checkpoints: string): Promise<[Client, Client]> {
  const runtime: CliRuntime = await createCliRuntime({
    args: {
      vault,
      mode: 'agent',
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
    approvalTimeoutMs: SETTINGS.approvalTimeoutMs,
  });
  const drivers = await runtime.outsideDrivers();
  const server: RunningHttpServer = await startHttpServer({
    port: 0,
    token: TOKEN,
    log: () => undefined,
    createDriver: (mcp) =>
      mcpOutsideDriver(mcp, {
        drivers,
        settings: () => SETTINGS,
        approval: 'writes-refused',
        now: () => Date.now(),
      }),
  });
  closing.push(
    async () => runtime.close(),
    () => server.close(),
  );
  const url = new URL(`http://127.0.0.1:${server.address.port}/mcp`);
  const client = async (): Promise<Client> => {
    const mcp = new Client({ name: 'http-client', version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    closing.push(() => mcp.close());
    return mcp;
  };
  return [await client(), await client()];
}

/** Two stdio servers on one vault (two processes, two runs), reads only. */
async function overStdio(vault: string, checkpoints: string): Promise<[Client, Client]> {
  const client = async (): Promise<Client> => {
    const { client: mcp } = await connect({ vault, checkpoints, args: ['--approval', 'writes-refused'] });
    closing.push(() => mcp.close());
    return mcp;
  };
  return [await client(), await client()];
}

beforeAll(async () => {
  // The first stdio start bundles the runner (a few seconds).
  const { vault, checkpoints } = await exampleVaultCopy();
  const { client } = await connect({ vault, checkpoints });
  await client.close();
}, 60_000);

describe.each([
  { transport: 'stdio', open: overStdio },
  { transport: 'Streamable HTTP', open: overHttp },
])('secrets and stored results over $transport, driven by the SDK Client', ({ open }) => {
  it("should refuse another plugin's settings, which hold its API key, as a tool call, a resource and a listing", async () => {
    const { vault, checkpoints } = await vaultWithSecrets();
    const [client] = await open(vault, checkpoints);
    const read = await client.callTool({ name: 'vault_readFile', arguments: { path: OTHER_DATA } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toBe(`Error FORBIDDEN_PATH: Refused path: ${REFUSED_DATA}`);
    await expect(client.readResource({ uri: `vault://${OTHER_DATA}` })).rejects.toThrow(REFUSED_DATA);
    const listed = await client.callTool({ name: 'vault_listFiles', arguments: { prefix: '.obsidian/plugins' } });
    expect(textOf(listed)).toContain('is in .obsidian/plugins/, where each plugin keeps its settings');
    expect(
      textOf(await client.callTool({ name: 'vault_searchText', arguments: { query: 'openAIApiKey' } })),
    ).not.toContain('copilot');
  });

  it('should give a note that holds a key with the key redacted, as a read, a resource and a search snippet', async () => {
    const { vault, checkpoints } = await vaultWithSecrets();
    const [client] = await open(vault, checkpoints);
    const note = await client.callTool({ name: 'vault_readFile', arguments: { path: 'Keys.md' } });
    expect(textOf(note)).toContain('The Anthropic key for the scripts: [redacted]');
    expect(textOf(note)).not.toContain(NOTE_KEY.slice(0, 20));
    const resource = await client.readResource({ uri: 'vault://Keys.md' });
    expect((resource.contents[0] as { text: string }).text).toBe(
      '# Keys\n\nThe Anthropic key for the scripts: [redacted]\n',
    );
    const found = await client.callTool({ name: 'vault_searchText', arguments: { query: 'Anthropic key' } });
    expect(textOf(found)).toContain('[redacted]');
    expect(textOf(found)).not.toContain(NOTE_KEY.slice(0, 20));
  });

  it("should let a client read back its own stored result and refuse it to another client's session", async () => {
    const { vault, checkpoints } = await vaultWithSecrets();
    const [first, second] = await open(vault, checkpoints);
    const stored = storedPath(await first.callTool({ name: 'vault_listFiles', arguments: { prefix: 'Archive' } }));
    expect(textOf(await first.callTool({ name: 'vault_readFile', arguments: { path: stored } }))).toContain(
      'Archive/Entry 000.md',
    );
    const refusal = `"${stored}" is a result another run stored, and only the run that stored it may read it`;
    const other = await second.callTool({ name: 'vault_readFile', arguments: { path: stored } });
    expect(textOf(other)).toBe(`Error FORBIDDEN_PATH: Refused path: ${refusal}`);
    await expect(second.readResource({ uri: `vault://${stored}` })).rejects.toThrow(refusal);
    const folder = stored.slice(0, stored.lastIndexOf('/'));
    expect(textOf(await second.callTool({ name: 'vault_listFiles', arguments: { prefix: folder } }))).toMatch(
      /^Error FORBIDDEN_PATH: /,
    );
  });
});
