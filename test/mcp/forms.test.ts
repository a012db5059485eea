import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  type ElicitRequest,
  ElicitRequestSchema,
  type ElicitResult,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCliRuntime } from '../../src/cli/cliServices';
import { startHttpServer } from '../../src/mcp/httpServer';
import { mcpOutsideDriver } from '../../src/mcp/outsideDriver';
import { SystemClock } from '../../src/node/SystemClock';
import { exampleVaultCopy, removeTemporaryFolders } from '../cli/harness';
import { auditLines, connect, recordReceived, textOf } from './harness';

type Answer = (form: ElicitRequest['params']) => Promise<ElicitResult> | ElicitResult;
type ClientInfo = { name: string; title?: string; version: string };

/** A client connected to the vault's MCP server in `agent` mode, answering each form with `answer`. */
interface FormClient {
  vault: string;
  client: Client;
  forms: ElicitRequest['params'][];
  received: JSONRPCMessage[];
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close().catch(() => undefined);
  await removeTemporaryFolders();
});

async function overStdio(answer: Answer, clientInfo?: ClientInfo): Promise<FormClient> {
  const { vault, checkpoints } = await exampleVaultCopy();
  const connected = await connect({
    vault,
    checkpoints,
    args: ['--mode', 'agent'],
    answer,
    ...(clientInfo ? { clientInfo } : {}),
  });
  closing.push(() => connected.client.close());
  return { vault, client: connected.client, forms: connected.forms, received: connected.received };
}

const TOKEN = 'forms-token-91c2';

/** The Streamable HTTP server over a vault copy, each session asking through its client's form, as over stdio. */
async function overHttp(
  answer: Answer,
  clientInfo: ClientInfo = { name: 'test-client', version: '1.0.0' },
): Promise<FormClient> {
  const { vault, checkpoints } = await exampleVaultCopy();
  const settings = {
    approval: 'writes' as const,
    allowDeletes: false,
    allowCommands: false,
    approvalTimeoutMs: 10_000,
    maxRetries: 2,
    maxTokens: 1000,
    temperature: 0,
  };
  const runtime = await createCliRuntime({
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
    approvalTimeoutMs: settings.approvalTimeoutMs,
  });
  const drivers = await runtime.outsideDrivers();
  const server = await startHttpServer({
    port: 0,
    token: TOKEN,
    log: () => undefined,
    createDriver: (mcp) =>
      mcpOutsideDriver(mcp, {
        drivers,
        settings: () => settings,
        approval: 'ask',
        now: () => Date.now(),
      }),
  });
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.address.port}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
  });
  const client = new Client(clientInfo, { capabilities: { elicitation: { form: {} } } });
  const forms: ElicitRequest['params'][] = [];
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    forms.push(request.params);
    return answer(request.params);
  });
  await client.connect(transport);
  closing.push(async () => {
    await client.close();
    await server.close();
    runtime.close();
  });
  return { vault, client, forms, received: recordReceived(transport) };
}

const after = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms));
const CLAUDE_CODE = { name: 'claude-code', title: 'Claude Code', version: '2.1.328' };
const CREATE = {
  name: 'vault_createFile',
  arguments: { path: 'Ideas/Retro.md', content: 'Ask Maren\u202E about retros: https://example.com\n' },
};

/** The audit line of the vault's one createFile call, with the error the refusal gave, once it is on disk. */
async function createLine(vault: string): Promise<{ approval: string; error: string | null }> {
  return vi.waitFor(async () => {
    const line = (await auditLines(vault)).find((entry) => entry.tool === 'vault.createFile');
    if (!line) throw new Error('no audit line for vault.createFile yet');
    return line as unknown as { approval: string; error: string | null };
  });
}

beforeAll(async () => {
  // The first stdio start bundles the runner (a few seconds).
  const { client } = await overStdio(() => ({ action: 'decline' }));
  await client.close();
}, 60_000);

describe.each([
  ['stdio', overStdio],
  ['Streamable HTTP', overHttp],
] as const)('the approval form in the MCP client, over %s', (_transport, open) => {
  it('should say that Claude Code answered decline itself, too fast for a person to have read the form, and what works for it', async () => {
    const { vault, client } = await open(() => ({ action: 'decline' }), CLAUDE_CODE);
    const result = await client.callTool(CREATE);
    const refusal = textOf(result);
    expect(result.isError).toBe(true);
    expect(refusal).toMatch(
      /^Error DENIED: vault\.createFile was not approved: An MCP client \(reports itself as “Claude Code”\) answered decline \d+ ms after the form was sent, too fast for a person to have read it /,
    );
    expect(refusal).toContain("answer the form with Claude Code's Elicitation hook");
    expect(refusal).toContain('start this server with --approval client');
    expect(refusal).toContain(
      "the MCP server inside Obsidian (Settings → Embedded Agent → MCP server), which asks in Obsidian's chat panel",
    );
    expect(refusal).not.toContain('the user');
    const line = await createLine(vault);
    expect(line.approval).toBe('denied');
    expect(line.error).toBe(refusal.replace(/^Error DENIED: /, ''));
  });

  it('should say that any other client answered cancel itself, naming what works for every client', async () => {
    const { vault, client } = await open(() => ({ action: 'cancel' }));
    const refusal = textOf(await client.callTool(CREATE));
    expect(refusal).toMatch(
      /^Error DENIED: vault\.createFile was not approved: An MCP client \(reports itself as “test-client”\) answered cancel \d+ ms after the form was sent, too fast for a person to have read it /,
    );
    expect(refusal).toContain('run the client where it shows the form to you');
    expect(refusal).not.toContain('Elicitation hook');
    expect(refusal).toContain('start this server with --approval client');
    expect((await createLine(vault)).approval).toBe('denied');
  });

  it('should record a decline given after the form could be read as declined in the form, with how long it took', async () => {
    const { vault, client } = await open(() => after(1500, { action: 'decline' as const }));
    const refusal = textOf(await client.callTool(CREATE));
    expect(refusal).toMatch(
      /^Error DENIED: vault\.createFile was not approved: declined in the approval form of An MCP client \(reports itself as “test-client”\) \(answered after 1\.\d s\)\. Nothing was changed\.$/,
    );
    expect((await createLine(vault)).error).toBe(refusal.replace(/^Error DENIED: /, ''));
  });

  it('should record a form closed after it could be read as closed without an answer', async () => {
    const { client } = await open(() => after(1500, { action: 'cancel' as const }));
    expect(textOf(await client.callTool(CREATE))).toMatch(
      /^Error DENIED: vault\.createFile was not approved: the approval form of An MCP client \(reports itself as “test-client”\) was closed without an answer \(after 1\.\d s\)\. Nothing was changed\.$/,
    );
  });

  it('should log an accepted form as approved in the client form, not as a yes in the panel', async () => {
    const { vault, client } = await open(() => ({ action: 'accept', content: { approveRest: false } }));
    const result = await client.callTool(CREATE);
    expect(result.isError).toBeFalsy();
    expect(await readFile(join(vault, 'Ideas/Retro.md'), 'utf8')).toBe(CREATE.arguments.content);
    expect((await createLine(vault)).approval).toBe('approved-in-client-form');
  });

  it('should put the action, the path, the size of the change and every warning in the first three lines of the form, the diff after them', async () => {
    const { client, forms } = await open(() => ({ action: 'decline' }));
    await client.callTool(CREATE);
    const lines = (forms[0]?.message ?? '').split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'An MCP client (reports itself as “test-client”) wants to change your vault through Embedded Agent: Create Ideas/Retro.md',
      `Size: 1 file created; +1 line; ${Buffer.byteLength(CREATE.arguments.content)} B`,
      'Warnings (2): Ideas/Retro.md line 1: hidden character U+202E RIGHT-TO-LEFT OVERRIDE; Ideas/Retro.md line 1: external link https://example.com',
    ]);
    const diff = lines.findIndex((line) => line.includes('+Ask Maren⟦U+202E⟧ about retros: https://example.com'));
    expect(diff).toBeGreaterThan(2);
  });

  it('should say a change of a note in lines and bytes, and that nothing was flagged, in the first three lines', async () => {
    const { client, forms } = await open(() => ({ action: 'decline' }));
    await client.callTool({ name: 'vault_writeFile', arguments: { path: 'Inbox.md', content: 'gone\n' } });
    const original = await readFile(join('examples/vault', 'Inbox.md'), 'utf8');
    const removed = original.split('\n').length - 1;
    const lines = (forms[0]?.message ?? '').split('\n');
    expect(lines[0]).toBe(
      'An MCP client (reports itself as “test-client”) wants to change your vault through Embedded Agent: Change Inbox.md',
    );
    expect(lines[1]).toBe(
      `Size: 1 file modified; +1 -${removed} lines; ${Buffer.byteLength(original) < 1024 ? `${Buffer.byteLength(original)} B` : `${(Buffer.byteLength(original) / 1024).toFixed(1)} KB`} → 5 B`,
    );
    expect(lines[2]).toBe('Warnings: none');
  });

  for (const action of ['accept', 'decline'] as const) {
    it(`should send no cancellation of a form once it was answered (${action})`, async () => {
      const { client, received, forms } = await open(() =>
        action === 'accept' ? { action, content: { approveRest: false } } : { action },
      );
      await client.callTool(CREATE);
      // Another round trip: a cancellation sent after the answer would have come before its reply.
      await client.callTool({ name: 'vault_readFile', arguments: { path: 'Inbox.md' } });
      expect(forms).toHaveLength(1);
      expect(received.filter((message) => 'method' in message && message.method === 'notifications/cancelled')).toEqual(
        [],
      );
    });
  }
});
