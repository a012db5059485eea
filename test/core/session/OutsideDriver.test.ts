import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPromptAction, createSavedAction, type SavedAction } from '../../../src/core/plan';
import { NO_APPROVAL, type ApprovalDecision, type ApprovalRequest } from '../../../src/core/ports/approval';
import { createRuntime } from '../../../src/core/runtime/createRuntime';
import { withdrawnBecause } from '../../../src/core/tool-execution/stages/approval';
import type { AgentServices } from '../../../src/core/session/AgentServices';
import type { OutsideApprovalMode, OutsideAsker } from '../../../src/core/session/outsideApproval';
import { OutsideDriver } from '../../../src/core/session/OutsideDriver';
import { TOOL_METADATA } from '../../../src/core/tools/metadata';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { memoryPluginFiles } from '../../builders/pipeline';
import { memoryAdapters } from '../../builders/runtime';
import { fixedClock } from '../../builders/toolContext';

const PLUGIN = '.obsidian/plugins/embedded-agent';

/** An asker that answers from a script and keeps what the person was shown. */
class ScriptedAsker implements OutsideAsker {
  readonly messages: string[] = [];
  constructor(
    private readonly answer: (request: ApprovalRequest) => ApprovalDecision = () => ({ approved: true, scope: 'once' }),
    private readonly can = true,
  ) {}
  canAsk(): boolean {
    return this.can;
  }
  ask(message: () => string, request: ApprovalRequest): Promise<ApprovalDecision> {
    this.messages.push(message());
    return Promise.resolve(this.answer(request));
  }
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

interface Fixture {
  outside: OutsideDriver;
  vault: MemoryVault;
  services: AgentServices;
  files: ReturnType<typeof memoryPluginFiles>;
}

async function fixture(
  options: {
    approval?: OutsideApprovalMode;
    asker?: OutsideAsker;
    mode?: string;
    allowDeletes?: boolean;
    savedActions?: SavedAction[];
    notes?: Record<string, string>;
    editor?: boolean;
  } = {},
): Promise<Fixture> {
  const checkpoints = await mkdtemp(join(tmpdir(), 'ea-outside-'));
  folders.push(checkpoints);
  const vault = new MemoryVault(
    options.notes ?? { 'Inbox.md': '- milk\n', 'Private/secret.md': 'pin 1234\n', '.agentignore': 'Private/\n' },
  );
  const files = memoryPluginFiles();
  const clock = fixedClock();
  const settings = {
    approval: 'writes' as const,
    allowDeletes: options.allowDeletes ?? false,
    allowCommands: false,
    approvalTimeoutMs: 1000,
    checkpointMaxMb: 50,
    maxRetries: 2,
    maxTokens: 1000,
    temperature: 0,
  };
  const runtime = createRuntime(
    {
      adapters: memoryAdapters(vault, new NodeGitFs(checkpoints)),
      pluginFiles: files,
      clock,
      modesFile: { location: 'no modes file', read: () => Promise.resolve(null), write: () => Promise.resolve() },
      approval: NO_APPROVAL,
      pluginFolderInVault: PLUGIN,
      owner: 'test-host:1',
      startMode: options.mode ?? 'agent',
      ...(options.savedActions
        ? { savedActions: () => Promise.resolve({ list: () => options.savedActions as SavedAction[] }) }
        : {}),
    },
    () => settings,
  );
  const services = await runtime.services();
  const outside = (await runtime.outsideDrivers())({
    approval: options.approval ?? 'ask',
    asker: options.asker ?? new ScriptedAsker(),
    clientName: () => 'Claude Code',
    driver: options.editor ? 'outside-in-app' : 'outside',
  });
  outside.start();
  return { outside, vault, services, files };
}

const auditLines = (
  files: Fixture['files'],
): { runId: string; tool: string; ok: boolean; approval: string; checkpoint?: string }[] =>
  [...files.data]
    .filter(([path]) => /^audit\/\d{4}-\d{2}-\d{2}\.jsonl$/.test(path))
    .flatMap(([, text]) =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { runId: string; tool: string; ok: boolean; approval: string }),
    );

describe('OutsideDriver tools', () => {
  it("should offer the mode's tools under the providers' wire names, with the metadata's schemas and descriptions, without the loop's own tools", async () => {
    const { outside } = await fixture();
    const tools = await outside.tools();
    const read = tools.find((tool) => tool.wireName === 'vault_readFile');
    const row = TOOL_METADATA.find((meta) => meta.name === 'vault.readFile');
    expect(read).toMatchObject({
      description: row?.description,
      inputSchema: row?.inputSchema,
      hints: { readOnly: true },
    });
    expect(tools.find((tool) => tool.wireName === 'vault_createFile')?.hints.readOnly).toBe(false);
    expect(tools.map((tool) => tool.wireName)).toContain('checkpoints_restore');
    expect(tools.filter((tool) => /^(agent|editor|workspace)_/.test(tool.wireName))).toEqual([]);
  });

  it('should narrow the tools by the same settings switches as the panel (deletes off: no vault_delete or vault_rename)', async () => {
    expect((await (await fixture()).outside.tools()).map((tool) => tool.wireName)).not.toContain('vault_delete');
    expect((await (await fixture({ allowDeletes: true })).outside.tools()).map((tool) => tool.wireName)).toEqual(
      expect.arrayContaining(['vault_delete', 'vault_rename']),
    );
  });

  it('should offer only read-only tools with writes-refused, and refuse a write naming why', async () => {
    const { outside, vault } = await fixture({ approval: 'writes-refused' });
    expect((await outside.tools()).every((tool) => tool.hints.readOnly)).toBe(true);
    const result = await outside.call('vault_createFile', { path: 'New.md', content: 'x' });
    expect(result).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    expect(result.text).toMatch(
      /^vault_createFile is not offered: the server offers reads only \(its approval is writes-refused\)\. Tools offered: .*vault_readFile/,
    );
    expect(await vault.stat('New.md')).toBeNull();
  });
});

describe('OutsideDriver calls', () => {
  it('should read through the pipeline, audited under one run id starting with "mcp-"', async () => {
    const { outside, files } = await fixture();
    const result = await outside.call('vault_readFile', { path: 'Inbox.md' });
    expect(result.ok).toBe(true);
    expect(JSON.parse(result.text)).toMatchObject({ path: 'Inbox.md', content: '- milk\n' });
    await outside.call('vault_listFiles', {});
    await outside.end();
    expect(outside.runId).toMatch(/^mcp-\d{8}T\d{6}-1-[a-z0-9]{4}$/);
    expect(auditLines(files).map((line) => [line.runId, line.tool, line.ok])).toEqual([
      [outside.runId, 'vault.readFile', true],
      [outside.runId, 'vault.listFiles', true],
    ]);
  });

  it('should ask through the client with the change in words, then checkpoint, write and audit', async () => {
    const asker = new ScriptedAsker();
    const { outside, vault, files, services } = await fixture({ asker });
    const result = await outside.call('vault_createFile', {
      path: 'Ideas/New.md',
      content: 'Hello https://example.com\n',
    });
    expect(result.ok).toBe(true);
    expect(await vault.read('Ideas/New.md')).toBe('Hello https://example.com\n');
    expect(asker.messages[0]).toContain('Claude Code wants to change your vault through Embedded Agent: ');
    expect(asker.messages[0]).toContain('+ created  Ideas/New.md');
    expect(asker.messages[0]).toContain('! line 1: external link https://example.com');
    await outside.end();
    expect(auditLines(files).find((line) => line.tool === 'vault.createFile')).toMatchObject({
      ok: true,
      approval: 'approved',
      checkpoint: `${outside.runId}#1`,
    });
    expect((await services.lastRun())?.runId).toBe(outside.runId);
  });

  it('should ask no more in this session once the person approved the rest of it', async () => {
    const asker = new ScriptedAsker(() => ({ approved: true, scope: 'run' }));
    const { outside, vault } = await fixture({ asker });
    await outside.call('vault_createFile', { path: 'A.md', content: 'a' });
    await outside.call('vault_createFile', { path: 'B.md', content: 'b' });
    expect(asker.messages).toHaveLength(1);
    expect(await vault.read('B.md')).toBe('b');
  });

  it('should refuse an approval still being asked when the client leaves, and any asked after', async () => {
    let asked: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    const asker: OutsideAsker = {
      canAsk: () => true,
      ask: (_message, _request, signal) =>
        new Promise((_resolve, reject) => {
          asked();
          signal.addEventListener('abort', () => reject(new Error('the request was cancelled')));
        }),
    };
    const { outside, vault } = await fixture({ asker });
    const call = outside.call('vault_createFile', { path: 'A.md', content: 'a' });
    await waiting;
    outside.clientLeft();
    expect(await call).toEqual({
      ok: false,
      code: 'DENIED',
      text: 'vault.createFile was not approved: Claude Code disconnected before anyone answered. Nothing was changed.',
    });
    expect((await outside.call('vault_createFile', { path: 'B.md', content: 'b' })).text).toBe(
      'vault.createFile was not approved: Claude Code disconnected before anyone answered. Nothing was changed.',
    );
    expect(await vault.stat('A.md')).toBeNull();
  });

  it('should refuse a yes given as the client left (an Approve in the same moment), and say why the question was withdrawn', async () => {
    let withdrawn: string | null = null;
    let leave = (): void => undefined;
    const asker: OutsideAsker = {
      canAsk: () => true,
      // The client goes while the person presses Approve: the asker still answers yes.
      ask: (_message, _request, signal) => {
        leave();
        withdrawn = withdrawnBecause(signal);
        return Promise.resolve({ approved: true, scope: 'once' });
      },
    };
    const { outside, vault } = await fixture({ asker });
    leave = () => outside.clientLeft();
    expect(await outside.call('vault_createFile', { path: 'A.md', content: 'a' })).toEqual({
      ok: false,
      code: 'DENIED',
      text: 'vault.createFile was not approved: Claude Code disconnected before anyone answered. Nothing was changed.',
    });
    expect(withdrawn).toBe('Claude Code disconnected before anyone answered');
    expect(await vault.stat('A.md')).toBeNull();
  });

  it('should write nothing when the person declines in the client', async () => {
    const { outside, vault } = await fixture({
      asker: new ScriptedAsker(() => ({ approved: false, reason: 'the user declined in Claude Code' })),
    });
    const result = await outside.call('vault_createFile', { path: 'New.md', content: 'x' });
    expect(result).toEqual({
      ok: false,
      code: 'DENIED',
      text: 'vault.createFile was not approved: the user declined in Claude Code. Nothing was changed.',
    });
    expect(await vault.stat('New.md')).toBeNull();
  });

  it('should refuse every write when the client cannot ask (no elicitation), saying how to start the server instead', async () => {
    const { outside, vault } = await fixture({ asker: new ScriptedAsker(undefined, false) });
    const result = await outside.call('vault_createFile', { path: 'New.md', content: 'x' });
    expect(result.code).toBe('DENIED');
    expect(result.text).toContain(
      'Claude Code cannot show an approval form (it does not support MCP elicitation); start the server with --approval client',
    );
    expect(await vault.stat('New.md')).toBeNull();
  });

  it('should withdraw the question when the client cancels the call, write nothing, and run a cancelled write that waited its turn not at all', async () => {
    const asked: AbortSignal[] = [];
    const waiting: OutsideAsker = {
      canAsk: () => true,
      // Nobody answers: the question ends only when it is taken back.
      ask: (_message, _request, signal) => {
        asked.push(signal);
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('withdrawn'))),
        );
      },
    };
    const { outside, vault } = await fixture({ asker: waiting });
    const first = new AbortController();
    const second = new AbortController();
    const asking = outside.call('vault_createFile', { path: 'A.md', content: 'a' }, first.signal);
    const queued = outside.call('vault_createFile', { path: 'B.md', content: 'b' }, second.signal);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    second.abort();
    first.abort();
    const refused = await asking;
    expect([refused.ok, refused.code]).toEqual([false, 'DENIED']);
    expect(refused.text).toContain('Claude Code cancelled the call before anyone answered');
    expect(await queued).toEqual({
      ok: false,
      code: 'CANCELLED',
      text: 'The call was cancelled before it ran: nothing was changed',
    });
    expect(asked).toHaveLength(1);
    expect(await vault.stat('A.md')).toBeNull();
    expect(await vault.stat('B.md')).toBeNull();
  });

  it('should not ask with approval client, and still checkpoint and audit the write', async () => {
    const asker = new ScriptedAsker();
    const { outside, vault, files } = await fixture({ approval: 'client', asker });
    expect((await outside.call('vault_writeFile', { path: 'Inbox.md', content: '- eggs\n' })).ok).toBe(true);
    expect(await vault.read('Inbox.md')).toBe('- eggs\n');
    expect(asker.messages).toEqual([]);
    await outside.end();
    const line = auditLines(files).find((entry) => entry.tool === 'vault.writeFile');
    expect(line?.checkpoint).toBe(`${outside.runId}#1`);
    // Nobody here saw the change: the audit says the client's prompt stood for the question.
    expect(line?.approval).toBe('approved-by-client');
  });

  it('should not ask with approval review, and audit the write as left to review', async () => {
    const asker = new ScriptedAsker();
    const { outside, vault, files } = await fixture({ approval: 'review', asker });
    expect((await outside.call('vault_writeFile', { path: 'Inbox.md', content: '- eggs\n' })).ok).toBe(true);
    expect(await vault.read('Inbox.md')).toBe('- eggs\n');
    expect(asker.messages).toEqual([]);
    await outside.end();
    const line = auditLines(files).find((entry) => entry.tool === 'vault.writeFile');
    expect(line?.checkpoint).toBe(`${outside.runId}#1`);
    expect(line?.approval).toBe('review');
  });

  it('should refuse a path the ignore rules hide, with client approval too', async () => {
    const { outside, vault } = await fixture({ approval: 'client' });
    expect(await outside.call('vault_readFile', { path: 'Private/secret.md' })).toEqual({
      ok: false,
      code: 'FORBIDDEN_PATH',
      text: 'Refused path: "Private/secret.md" is listed in .agentignore, so the agent may neither read nor write it',
    });
    expect((await outside.call('vault_writeFile', { path: 'Private/secret.md', content: 'x' })).code).toBe(
      'FORBIDDEN_PATH',
    );
    expect(await vault.read('Private/secret.md')).toBe('pin 1234\n');
  });

  it('should be undone whole by "Revert last run" once it ended', async () => {
    const { outside, vault } = await fixture({ approval: 'client' });
    await outside.call('vault_createFile', { path: 'A.md', content: 'a' });
    await outside.call('vault_writeFile', { path: 'Inbox.md', content: '- eggs\n' });
    await outside.end();
    const reverted = await outside.session.revertLastRun(() => Promise.resolve('revert'));
    expect(reverted.status === 'reverted' && reverted.run.runId).toBe(outside.runId);
    expect(await vault.stat('A.md')).toBeNull();
    expect(await vault.read('Inbox.md')).toBe('- milk\n');
  });

  it('should link a long result that was stored outside the answer', async () => {
    const notes = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`Notes/Note number ${i}.md`, 'x']));
    const { outside, files } = await fixture({ notes });
    const result = await outside.call('vault_listFiles', { recursive: true });
    expect(result.storedResult).toBe(`${PLUGIN}/tmp/${outside.runId}/vault.listFiles-1.md`);
    // The plugin folder of this fixture is kept apart from its vault; on disk the link is a file in the vault.
    expect(files.data.get(`tmp/${outside.runId}/vault.listFiles-1.md`)).toContain('Notes/Note number 59.md');
  });

  it('should refuse calls once the session has ended', async () => {
    const { outside } = await fixture();
    await outside.end();
    expect(await outside.call('vault_readFile', { path: 'Inbox.md' })).toEqual({
      ok: false,
      code: 'CANCELLED',
      text: 'vault_readFile was not run: the session has ended',
    });
  });
});

describe('OutsideDriver notes', () => {
  it('should page through the readable notes, leaving out ignored and hidden ones', async () => {
    const notes = { 'a.md': '', 'b.md': '', 'c.md': '', 'Private/d.md': '', '.agentignore': 'Private/\n' };
    const { outside } = await fixture({ notes });
    const first = await outside.listNotes(null, 2);
    expect(first).toEqual({
      notes: [expect.objectContaining({ path: 'a.md' }), expect.objectContaining({ path: 'b.md' })],
      nextCursor: 'b.md',
    });
    expect(await outside.listNotes(first.nextCursor, 2)).toEqual({
      notes: [expect.objectContaining({ path: 'c.md' })],
      nextCursor: null,
    });
  });

  it('should list the vault once a walk, see a note created since on the next walk, and end a page whose rest is all ignored', async () => {
    const notes = {
      'a.md': '',
      'b.md': '',
      'c.md': '',
      'd.md': '',
      'zz/hidden by rule.md': '',
      '.agentignore': 'zz/\n',
    };
    const { outside, services } = await fixture({ notes });
    const list = vi.spyOn(services.ports.vault, 'list');
    const first = await outside.listNotes(null, 2);
    const second = await outside.listNotes(first.nextCursor, 2);
    expect(second).toEqual({
      notes: [expect.objectContaining({ path: 'c.md' }), expect.objectContaining({ path: 'd.md' })],
      nextCursor: null,
    });
    expect(list).toHaveBeenCalledTimes(1);
    await services.ports.vault.create('b2.md', 'new');
    const again = await outside.listNotes(null, 10);
    expect(again.notes.map((note) => note.path)).toEqual(['a.md', 'b.md', 'b2.md', 'c.md', 'd.md']);
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('should read a note as text and refuse one the ignore rules hide', async () => {
    const { outside } = await fixture();
    expect(await outside.readNote('Inbox.md')).toEqual({ path: 'Inbox.md', text: '- milk\n' });
    await expect(outside.readNote('Private/secret.md')).rejects.toThrow(
      'Refused path: "Private/secret.md" is listed in .agentignore, so the agent may neither read nor write it',
    );
    await expect(outside.readNote('../x.md')).rejects.toThrow('Refused path "../x.md": the path leaves the vault');
  });
});

describe('OutsideDriver saved actions', () => {
  const weekly = createSavedAction(
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

  it('should offer each saved action as saved_action_<id>, its parameters as the input schema', async () => {
    const { outside } = await fixture({ savedActions: [weekly] });
    const tool = (await outside.tools()).find((candidate) => candidate.wireName === 'saved_action_weekly-note');
    expect(tool?.inputSchema).toEqual({
      type: 'object',
      properties: { title: { type: 'string', description: 'Title of the note' } },
      required: ['title'],
      additionalProperties: false,
    });
    expect(tool?.description).toContain('"Weekly note"');
  });

  it('should run a saved action after one approval on its plan, and say what input is missing', async () => {
    const asker = new ScriptedAsker();
    const { outside, vault } = await fixture({ savedActions: [weekly], asker });
    expect(await outside.call('saved_action_weekly-note', {})).toEqual({
      ok: false,
      code: 'INVALID_INPUT',
      text: 'saved_action_weekly-note needs `title` (Title of the note); nothing was run.',
    });
    const result = await outside.call('saved_action_weekly-note', { title: 'Review' });
    expect(result.ok).toBe(true);
    expect(result.text).toMatch(/^Done: 1 of 1 step ran\./);
    expect(await vault.read('Weekly/Review.md')).toBe('# Review\n');
    expect(asker.messages).toHaveLength(1);
    expect(asker.messages[0]).toContain('+ created  Weekly/Review.md');
  });

  it('should hand a prompt action back bound, and leave out writing actions with writes-refused', async () => {
    const prompt = createPromptAction({ name: 'Outline', prompt: 'Outline ${topic}', now: 0 }, [weekly]);
    const { outside } = await fixture({ savedActions: [weekly, prompt], approval: 'writes-refused' });
    expect(
      (await outside.tools()).filter((tool) => tool.wireName.startsWith('saved_action_')).map((tool) => tool.wireName),
    ).toEqual(['saved_action_outline']);
    expect((await outside.call('saved_action_outline', { topic: 'gardens' })).text).toBe(
      'The saved prompt, with its placeholders filled in; carry it out with the vault tools:\n\nOutline gardens',
    );
  });
});
