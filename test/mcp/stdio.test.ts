import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CancelledNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createSavedAction } from '../../src/core/plan';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from '../cli/harness';
import { auditLines, connect, type Connected, PLUGIN_FOLDER, textOf, warmUpRunner } from './harness';

const open: Connected[] = [];
afterEach(async () => {
  for (const connected of open.splice(0)) await connected.client.close().catch(() => undefined);
  await removeTemporaryFolders();
});

async function started(options: Parameters<typeof connect>[0]): Promise<Connected> {
  const connected = await connect(options);
  open.push(connected);
  return connected;
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

const accept = () => ({ action: 'accept' as const, content: { approveRest: false } });

beforeAll(warmUpRunner, 60_000);

describe('npm start -- mcp, driven by the SDK Client over stdio', () => {
  it("should list the mode's tools under the providers' wire names, and only the read-only ones in Ask", async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const agent = await started({ vault, checkpoints, args: ['--mode', 'agent'] });
    const names = (await agent.client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'vault_readFile',
        'vault_searchText',
        'vault_createFile',
        'vault_writeFile',
        'checkpoints_list',
        'checkpoints_restore',
      ]),
    );
    expect(names.filter((name) => /^(agent|editor|workspace)_/.test(name))).toEqual([]);
    expect(names).not.toContain('vault_delete');
    const ask = await started({ vault, checkpoints });
    const readOnly = (await ask.client.listTools()).tools;
    expect(readOnly.map((tool) => tool.name)).not.toContain('vault_createFile');
    expect(readOnly.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
  });

  it('should read and search the vault', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({ vault, checkpoints });
    const read = await client.callTool({ name: 'vault_readFile', arguments: { path: 'Inbox.md' } });
    expect(read.isError).toBeFalsy();
    expect(JSON.parse(textOf(read))).toMatchObject({
      path: 'Inbox.md',
      content: expect.stringContaining('Things I jotted down this week.') as unknown,
    });
    const search = await client.callTool({ name: 'vault_searchText', arguments: { query: 'weekly review' } });
    expect(textOf(search)).toContain('Inbox.md');
  });

  it('should write after the person accepts the form that shows the change in words, checkpointed and audited', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const connected = await started({ vault, checkpoints, args: ['--mode', 'agent'], answer: accept });
    const result = await connected.client.callTool({
      name: 'vault_createFile',
      arguments: { path: 'Ideas/Retro.md', content: 'Ask Maren\u202E about retros: https://example.com\n' },
    });
    expect(result.isError).toBeFalsy();
    expect(await readFile(join(vault, 'Ideas/Retro.md'), 'utf8')).toBe(
      'Ask Maren\u202E about retros: https://example.com\n',
    );
    const form = connected.forms[0]?.message ?? '';
    expect(form).toContain(
      'An MCP client (reports itself as “test-client”) wants to change your vault through Embedded Agent: Create Ideas/Retro.md',
    );
    expect(form).toContain('+ created  Ideas/Retro.md');
    expect(form).toContain('+Ask Maren⟦U+202E⟧ about retros: https://example.com');
    expect(form).toContain('! line 1: external link https://example.com');
    expect(form).toMatch(/! line 1: hidden character U\+202E/);
    await connected.client.close();
    const line = (await auditLines(vault)).find((entry) => entry.tool === 'vault.createFile');
    expect(line).toMatchObject({
      ok: true,
      approval: 'approved-in-client-form',
      runId: expect.stringMatching(/^mcp-/) as unknown,
    });
    expect(line?.checkpoint).toBe(`${line?.runId}#1`);
  });

  it('should write nothing when the form is declined', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({
      vault,
      checkpoints,
      args: ['--mode', 'agent'],
      answer: () => ({ action: 'decline' }),
    });
    const result = await client.callTool({
      name: 'vault_createFile',
      arguments: { path: 'Ideas/Retro.md', content: 'x' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(
      /^Error DENIED: vault\.createFile was not approved: An MCP client \(reports itself as “test-client”\) answered decline \d+ ms after the form was sent, .*\. Nothing was changed\.$/,
    );
    expect(await exists(join(vault, 'Ideas/Retro.md'))).toBe(false);
  });

  it('should withdraw the approval form when the client cancels the call, write nothing, and serve the next call', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const withdrawn: (string | number)[] = [];
    let unblock = (): void => undefined;
    // Nobody answers the form: it ends when the server takes it back.
    const { client, forms } = await started({
      vault,
      checkpoints,
      args: ['--mode', 'agent'],
      answer: () => new Promise((resolve) => (unblock = () => resolve({ action: 'cancel' }))),
    });
    // Seen on the wire: the SDK's own handler ignores a cancel of request id 0, the server's first request.
    client.setNotificationHandler(CancelledNotificationSchema, (notification) => {
      if (notification.params.requestId !== undefined) withdrawn.push(notification.params.requestId);
      unblock();
    });
    const cancel = new AbortController();
    const call = client.callTool(
      { name: 'vault_createFile', arguments: { path: 'Ideas/Retro.md', content: 'x' } },
      undefined,
      { signal: cancel.signal },
    );
    await vi.waitFor(() => expect(forms).toHaveLength(1), { timeout: 10_000 });
    cancel.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(withdrawn).toHaveLength(1), { timeout: 10_000 });
    const read = await client.callTool({ name: 'vault_readFile', arguments: { path: 'Inbox.md' } });
    expect(textOf(read)).toContain('Things I jotted down this week.');
    expect(await exists(join(vault, 'Ideas/Retro.md'))).toBe(false);
    expect((await auditLines(vault)).find((line) => line.tool === 'vault.createFile')).toMatchObject({
      ok: false,
      code: 'DENIED',
      approval: 'denied',
    });
  });

  it('should refuse every write from a client without elicitation, and write nothing', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({ vault, checkpoints, args: ['--mode', 'agent'] });
    const result = await client.callTool({ name: 'vault_writeFile', arguments: { path: 'Inbox.md', content: 'gone' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Error DENIED: vault.writeFile was not approved: An MCP client (reports itself as “test-client”) cannot show an approval form (it does not support MCP elicitation); start the server with --approval client to rely on the client's own permission prompt, or use the MCP server inside Obsidian (Settings → Embedded Agent → MCP server), which asks in Obsidian's chat panel. Nothing was changed.",
    );
    expect(await readFile(join(vault, 'Inbox.md'), 'utf8')).toContain('Things I jotted down this week.');
  });

  it('should refuse a path the ignore rules hide, as a tool call and as a resource', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({ vault, checkpoints, args: ['--mode', 'agent', '--approval', 'client'] });
    const read = await client.callTool({ name: 'vault_readFile', arguments: { path: 'Private/Health log.md' } });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toBe(
      'Error FORBIDDEN_PATH: Refused path: "Private/Health log.md" is listed in .agentignore, so the agent may neither read nor write it',
    );
    const write = await client.callTool({
      name: 'vault_writeFile',
      arguments: { path: 'Private/Health log.md', content: 'x' },
    });
    expect(textOf(write)).toMatch(/^Error FORBIDDEN_PATH: /);
    expect((await client.listResources()).resources.map((resource) => resource.uri)).not.toContain(
      'vault://Private/Health%20log.md',
    );
    await expect(client.readResource({ uri: 'vault://Private/Health%20log.md' })).rejects.toThrow(
      'is listed in .agentignore',
    );
    expect((await client.readResource({ uri: 'vault://Inbox.md' })).contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: expect.stringContaining('# Inbox') as unknown,
    });
  });

  it("should be undone whole by the terminal runner's /revert on the same vault and checkpoint folder", async () => {
    const { vault, checkpoints, modesFile } = await exampleVaultCopy();
    const before = await readFile(join(vault, 'Inbox.md'), 'utf8');
    const { client } = await started({ vault, checkpoints, args: ['--mode', 'agent', '--approval', 'client'] });
    await client.callTool({ name: 'vault_createFile', arguments: { path: 'Ideas/A.md', content: 'a' } });
    await client.callTool({ name: 'vault_writeFile', arguments: { path: 'Inbox.md', content: 'replaced' } });
    await client.close();
    const terminal = startSession({
      argv: ['--vault', vault, '--checkpoints', checkpoints],
      env: { ANTHROPIC_API_KEY: 'sk-ant-test' },
      lines: ['/revert', 'y', '/quit'],
      modesFile,
    });
    expect(await terminal.code).toBe(0);
    expect(terminal.stdout()).toMatch(/mcp-\d{8}T\d{6}-1-/);
    expect(await exists(join(vault, 'Ideas/A.md'))).toBe(false);
    expect(await readFile(join(vault, 'Inbox.md'), 'utf8')).toBe(before);
  });

  it("should offer the vault's saved actions as tools and run one after one approval of its plan", async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const action = createSavedAction(
      {
        name: 'Weekly note',
        plan: {
          version: '1.0',
          goal: 'Weekly note',
          assumptions: [],
          riskLevel: 'writes',
          parameters: [{ name: 'title', description: 'Title of the note' }],
          steps: [
            { id: 'note', tool: 'vault.createFile', args: { path: 'Weekly/${title}.md', content: '# ${title}\n' } },
          ],
        },
        now: 0,
      },
      [],
    );
    await mkdir(join(vault, PLUGIN_FOLDER), { recursive: true });
    await writeFile(join(vault, PLUGIN_FOLDER, 'data.json'), JSON.stringify({ savedActions: [action] }));
    const connected = await started({ vault, checkpoints, args: ['--mode', 'agent'], answer: accept });
    const tool = (await connected.client.listTools()).tools.find(
      (candidate) => candidate.name === 'saved_action_weekly-note',
    );
    expect(tool?.inputSchema).toMatchObject({
      properties: { title: { type: 'string', description: 'Title of the note' } },
      required: ['title'],
    });
    const result = await connected.client.callTool({
      name: 'saved_action_weekly-note',
      arguments: { title: 'Review' },
    });
    expect(textOf(result)).toMatch(/^Done: 1 of 1 step ran\./);
    expect(await readFile(join(vault, 'Weekly/Review.md'), 'utf8')).toBe('# Review\n');
    expect(connected.forms).toHaveLength(1);
    expect(connected.forms[0]?.message).toContain('+ created  Weekly/Review.md');
  });

  it('should page through the notes as resources and link a long result the client can read whole', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    await mkdir(join(vault, 'Notes'));
    for (let i = 0; i < 520; i++)
      await writeFile(join(vault, 'Notes', `Note ${String(i).padStart(3, '0')}.md`), `note ${i}\n`);
    const { client } = await started({ vault, checkpoints });
    const first = await client.listResources();
    expect(first.resources).toHaveLength(500);
    expect(first.nextCursor).toBe(first.resources[499]?.name);
    const second = await client.listResources({ cursor: first.nextCursor });
    const all = [...first.resources, ...second.resources].map((resource) => resource.name);
    expect(second.nextCursor).toBeUndefined();
    expect(all).toContain('Notes/Note 519.md');
    expect(all.filter((name) => name.startsWith('Private/'))).toEqual([]);
    const listed = await client.callTool({ name: 'vault_listFiles', arguments: { prefix: 'Notes', recursive: true } });
    const blocks = listed.content as { type: string; uri?: string; text?: string }[];
    expect(blocks[0]?.text).toMatch(
      /^\[The result of vault\.listFiles has [\d,]+ characters and was stored outside the conversation\.\]/,
    );
    const link = blocks.find((block) => block.type === 'resource_link');
    expect(link?.uri).toMatch(/^vault:\/\/\.obsidian\/plugins\/embedded-agent\/tmp\/mcp-.+\/vault\.listFiles-1\.md$/);
    const whole = await client.readResource({ uri: link?.uri ?? '' });
    expect((whole.contents[0] as { text: string }).text).toContain('Notes/Note 519.md');
  });

  it('should refuse a write whose form is not answered within --approval-timeout', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({
      vault,
      checkpoints,
      args: ['--mode', 'agent', '--approval-timeout', '0.005'],
      answer: () => new Promise<never>(() => undefined),
    });
    const result = await client.callTool({ name: 'vault_createFile', arguments: { path: 'Late.md', content: 'x' } });
    expect(textOf(result)).toBe(
      'Error DENIED: vault.createFile was not approved: no answer within 300 ms. Nothing was changed.',
    );
    expect(await exists(join(vault, 'Late.md'))).toBe(false);
  });

  it('should offer reads only with --approval writes-refused', async () => {
    const { vault, checkpoints } = await exampleVaultCopy();
    const { client } = await started({
      vault,
      checkpoints,
      args: ['--mode', 'agent', '--approval', 'writes-refused'],
      answer: accept,
    });
    expect((await client.listTools()).tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    const result = await client.callTool({ name: 'vault_createFile', arguments: { path: 'New.md', content: 'x' } });
    expect(textOf(result)).toMatch(
      /^Error UNKNOWN_TOOL: vault_createFile is not offered: the server offers reads only \(its approval is writes-refused\)\./,
    );
    expect(await exists(join(vault, 'New.md'))).toBe(false);
  });
});
