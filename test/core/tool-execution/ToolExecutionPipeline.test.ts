import { describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { makeHarness } from '../checkpoints/harness';

const call = (name: string, input: unknown, id = name) => ({ id, name, input });

describe('ToolExecutionPipeline', () => {
  it('should run a read without asking, and audit it', async () => {
    const { pipeline, run, approval, audit } = buildPipeline({ files: { 'a.md': 'hello' } });
    const outcome = await pipeline.execute(call('vault.readFile', { path: 'a.md' }), run);
    expect(outcome).toMatchObject({ ok: true, output: { path: 'a.md', content: 'hello' } });
    expect(approval.requests).toEqual([]);
    await pipeline.endRun(run);
    expect(audit()).toEqual([
      expect.objectContaining({
        runId: 'run-1',
        tool: 'vault.readFile',
        args: { path: 'a.md' },
        ok: true,
        error: null,
        approval: 'auto',
      }),
    ]);
  });

  it('should ask before a write, showing a diff, then checkpoint, write and record the result', async () => {
    const { pipeline, run, approval, checkpoints, context } = buildPipeline({ files: { 'a.md': 'one\n' } });
    const outcome = await pipeline.execute(call('vault.writeFile', { path: 'a.md', content: 'two\n' }), run);
    expect(outcome).toMatchObject({ ok: true, checkpoint: 'run-1#1' });
    expect(approval.requests).toHaveLength(1);
    const [request] = approval.requests;
    expect(request).toMatchObject({ tool: 'vault.writeFile', risk: 'writes', summary: 'Change a.md' });
    expect(request?.preview.files).toEqual([
      expect.objectContaining({ kind: 'modified', path: 'a.md', added: 1, removed: 1 }),
    ]);
    expect(checkpoints.events).toEqual([
      'checkpoint run-1#1 vault.writeFile [a.md] folders [] existence []',
      'after run-1#1 [a.md]',
    ]);
    expect(context.vault.dump()).toEqual({ 'a.md': 'two\n' });
  });

  it('should write without asking under the review policy, checkpointed, and audit it as left to review', async () => {
    const { pipeline, run, approval, checkpoints, context, audit } = buildPipeline({
      files: { 'a.md': 'one\n' },
      settings: { approval: 'review' },
    });
    const outcome = await pipeline.execute(call('vault.writeFile', { path: 'a.md', content: 'two\n' }), run);
    expect(outcome).toMatchObject({ ok: true, checkpoint: 'run-1#1' });
    expect(approval.requests).toEqual([]);
    expect(checkpoints.events).toEqual([
      'checkpoint run-1#1 vault.writeFile [a.md] folders [] existence []',
      'after run-1#1 [a.md]',
    ]);
    expect(context.vault.dump()).toEqual({ 'a.md': 'two\n' });
    await pipeline.endRun(run);
    expect(audit()[0]).toMatchObject({ tool: 'vault.writeFile', ok: true, approval: 'review' });
  });

  it('should still ask before a command under the review policy, since no undo takes it back', async () => {
    const commands = new MemoryCommands([{ id: 'app:go-back', name: 'Navigate back', callback: () => undefined }]);
    const { pipeline, run, approval } = buildPipeline({ settings: { approval: 'review' }, context: { commands } });
    await pipeline.execute(call('commands.run', { id: 'app:go-back' }), run);
    expect(approval.requests.map((request) => request.tool)).toEqual(['commands.run']);
  });

  it('should checkpoint every folder a create may make, so revert can remove them', async () => {
    const { pipeline, run, checkpoints } = buildPipeline();
    await pipeline.execute(call('vault.createFile', { path: 'Projects/2026/Idea.md', content: 'x' }), run);
    expect(checkpoints.events[0]).toBe(
      'checkpoint run-1#1 vault.createFile [Projects/2026/Idea.md] folders [] existence [Projects, Projects/2026]',
    );
  });

  it('should checkpoint both ends of a move and every file in a moved folder', async () => {
    const { pipeline, run, checkpoints } = buildPipeline({ files: { 'Inbox/a.md': 'A', 'Inbox/sub/b.md': 'B' } });
    await pipeline.execute(call('vault.rename', { fromPath: 'Inbox', toPath: 'Archive/Inbox' }), run);
    expect(checkpoints.events[0]).toBe(
      'checkpoint run-1#1 vault.rename [Archive/Inbox/a.md, Archive/Inbox/sub/b.md, Inbox/a.md, Inbox/sub/b.md] folders [Archive/Inbox/sub, Inbox, Inbox/sub] existence [Archive, Archive/Inbox]',
    );
  });

  it('should write nothing when the user rejects, and say so to the model', async () => {
    const approval = new ScriptedApproval(() => ({ approved: false, reason: 'wrong folder' }));
    const { pipeline, run, context, checkpoints, audit } = buildPipeline({ approval });
    const outcome = await pipeline.execute(call('vault.createFile', { path: 'x.md', content: 'x' }), run);
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: 'DENIED', message: 'vault.createFile was not approved: wrong folder. Nothing was changed.' },
    });
    expect(outcome.content).toBe(
      '<error tool="vault.createFile" code="DENIED">vault.createFile was not approved: wrong folder. Nothing was changed.</error>',
    );
    expect(context.vault.dump()).toEqual({});
    expect(checkpoints.events).toEqual([]);
    await pipeline.endRun(run);
    expect(audit()[0]).toMatchObject({ ok: false, code: 'DENIED', approval: 'denied' });
  });

  describe('fails closed', () => {
    const denied = async (options: Parameters<typeof buildPipeline>[0], expected: string) => {
      const fixture = buildPipeline(options);
      const outcome = await fixture.pipeline.execute(
        call('vault.createFile', { path: 'x.md', content: 'x' }),
        fixture.run,
      );
      expect(outcome.error).toEqual({
        code: 'DENIED',
        message: `vault.createFile was not approved: ${expected}. Nothing was changed.`,
      });
      expect(fixture.context.vault.dump()).toEqual({});
    };

    it('should deny when no approval handler is connected', () =>
      denied(
        { approval: null },
        'no approval handler is connected (is the chat panel closed?), so nothing that changes the vault can run',
      ));

    it('should deny when asking throws', () =>
      denied(
        { approval: new ScriptedApproval(() => Promise.reject(new Error('view detached'))) },
        'asking for approval failed: view detached',
      ));

    it('should deny when nobody answers in time', () =>
      denied(
        { approval: new ScriptedApproval(() => new Promise(() => {})), settings: { approvalTimeoutMs: 20 } },
        'no answer within 20 ms',
      ));

    it('should deny an answer that is not a clear yes', () =>
      denied(
        { approval: new ScriptedApproval(() => ({ approved: 'yes' }) as never) },
        'the approval handler gave no clear answer',
      ));

    it('should deny when the view closes while asking (the run is cancelled)', async () => {
      const controller = new AbortController();
      const approval = new ScriptedApproval(() => {
        controller.abort();
        return new Promise(() => {});
      });
      const fixture = buildPipeline({ approval });
      const run = fixture.pipeline.startRun('run-2', {
        ports: fixture.run.ports,
        signal: controller.signal,
        approval: fixture.run.approval,
      });
      const outcome = await fixture.pipeline.execute(call('vault.createFile', { path: 'x.md', content: 'x' }), run);
      expect(outcome.error?.message).toBe(
        'vault.createFile was not approved: the run was cancelled. Nothing was changed.',
      );
    });

    it('should refuse a write when checkpoints are unavailable or the checkpoint fails', async () => {
      const without = buildPipeline({ deps: { checkpoints: null } });
      expect(
        (await without.pipeline.execute(call('vault.createFile', { path: 'x.md', content: 'x' }), without.run)).error,
      ).toEqual({
        code: 'NOT_ALLOWED',
        message: 'vault.createFile was not run: checkpoints are unavailable, and no note is changed without one',
      });
      const failing = buildPipeline();
      failing.checkpoints.fail = true;
      expect(
        (await failing.pipeline.execute(call('vault.createFile', { path: 'x.md', content: 'x' }), failing.run)).error
          ?.message,
      ).toBe(
        'vault.createFile was not run: the checkpoint before it failed (disk full), and no note is changed without one',
      );
      expect(failing.context.vault.dump()).toEqual({});
    });
  });

  it('should not write elsewhere than approved when the user opens another note while the approval card waits', async () => {
    const files = { '.agentprotected': 'Templates/\n', 'A.md': 'aaa', 'B.md': 'bbb', 'Templates/t.md': 'template' };
    let switchTo: keyof typeof files = 'Templates/t.md';
    const approval = new ScriptedApproval(() => {
      editor.setDocument(switchTo, files[switchTo]);
      return { approved: true, scope: 'once' };
    });
    const { pipeline, run, context, checkpoints } = buildPipeline({ files, approval });
    const editor = new MemoryEditor({ vault: context.vault }).setDocument('A.md', 'aaa');
    run.ports = { ...run.ports, editor };
    expect((await pipeline.execute(call('editor.insertAtCursor', { text: 'X' }, '1'), run)).error).toEqual({
      code: 'DENIED',
      message:
        'editor.insertAtCursor was not approved for "Templates/t.md": while it waited for approval it came to change that instead of what was shown. Nothing was changed.',
    });
    switchTo = 'B.md';
    editor.setDocument('A.md', 'aaa');
    expect((await pipeline.execute(call('editor.insertAtCursor', { text: 'Y' }, '2'), run)).error?.message).toContain(
      'was not approved for "B.md"',
    );
    expect(context.vault.dump()).toEqual(files);
    expect(checkpoints.events).toEqual([]);
  });

  it('should checkpoint the note open in the editor before a command, which may change or delete it, so revert brings it back', async () => {
    const harness = await makeHarness({ 'Notes/a.md': 'keep me' });
    try {
      const service = new CheckpointService({ vault: harness.vault, gitFs: harness.gitFs, clock: harness.clock });
      const editor = new MemoryEditor({ vault: harness.vault }).setDocument('Notes/a.md', 'keep me');
      const commands = new MemoryCommands([
        { id: 'app:delete-file', name: 'Delete current file', callback: () => harness.vault.delete('Notes/a.md') },
      ]);
      const { pipeline, run } = buildPipeline({
        context: { vault: harness.vault, editor, commands },
        deps: { checkpoints: service },
      });
      expect(await pipeline.execute(call('commands.run', { id: 'app:delete-file' }), run)).toMatchObject({
        ok: true,
        checkpoint: 'run-1#1',
      });
      await pipeline.endRun(run);
      expect(harness.vault.dump()).toEqual({});
      await service.revert('run-1', { overwriteConflicts: false });
      expect(harness.vault.dump()).toEqual({ 'Notes/a.md': 'keep me' });
    } finally {
      await harness.cleanup();
    }
  });

  it('should not ask again after "approve all for this run", and ask again in the next run', async () => {
    const { pipeline, run, approval } = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
    });
    await pipeline.execute(call('vault.createFile', { path: 'a.md', content: '' }), run);
    await pipeline.execute(call('vault.createFile', { path: 'b.md', content: '' }), run);
    expect(approval.requests).toHaveLength(1);
    await pipeline.execute(
      call('vault.createFile', { path: 'c.md', content: '' }),
      pipeline.startRun('run-2', { ports: run.ports, signal: run.signal, approval: run.approval }),
    );
    expect(approval.requests).toHaveLength(2);
  });

  it('should ask for reads too when the approval setting is "always"', async () => {
    const { pipeline, run, approval } = buildPipeline({ files: { 'a.md': '' }, settings: { approval: 'always' } });
    await pipeline.execute(call('vault.readFile', { path: 'a.md' }), run);
    expect(approval.requests.map((request) => request.summary)).toEqual(['Run vault.readFile']);
  });

  it('should refuse unknown tools, tools the mode does not allow, and tools whose setting is off', async () => {
    const { pipeline, run } = buildPipeline({ settings: { allowDeletes: false } });
    expect((await pipeline.execute(call('vault.nuke', {}), run)).error?.code).toBe('UNKNOWN_TOOL');
    expect((await pipeline.execute(call('vault.delete', { path: 'a.md' }), run)).error?.message).toBe(
      'vault.delete is turned off: the user has not enabled "Allow deletes and renames" (allowDeletes) in the settings',
    );
    run.allowedTools = new Set(['vault.readFile']);
    expect((await pipeline.execute(call('vault.createFile', { path: 'a.md', content: '' }), run)).error?.message).toBe(
      'vault.createFile is not available in the current mode; switch to a mode that allows it (agent.switchMode) or use another tool',
    );
  });

  it('should refuse paths blocked by ignore rules before asking anyone', async () => {
    const { pipeline, run, approval } = buildPipeline({
      files: { '.agentignore': 'Private/\n', '.agentprotected': 'Templates/\n', 'Private/p.md': 'secret' },
    });
    expect((await pipeline.execute(call('vault.readFile', { path: 'Private/p.md' }), run)).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message: 'Refused path: "Private/p.md" is listed in .agentignore, so the agent may neither read nor write it',
    });
    expect(
      (await pipeline.execute(call('vault.rename', { fromPath: 'Private/p.md', toPath: 'p.md' }), run)).error?.code,
    ).toBe('FORBIDDEN_PATH');
    expect(
      (await pipeline.execute(call('vault.createFile', { path: 'Templates/t.md', content: '' }), run)).error?.code,
    ).toBe('FORBIDDEN_PATH');
    expect(
      (await pipeline.execute(call('vault.searchText', { query: 'x', paths: ['Private'] }), run)).error?.message,
    ).toBe('Refused paths[0]: "Private" is listed in .agentignore, so the agent may neither read nor write it');
    expect(approval.requests).toEqual([]);
  });

  it('should leave what the ignore rules hide out of listings and searches of the whole vault', async () => {
    const files = {
      '.agentignore': 'Private/\n*.secret.md\n',
      'Private/diary.md': 'my password is hunter2',
      'Notes/pw.secret.md': 'password: hunter2',
      'Notes/a.md': 'no password here',
    };
    const { pipeline, run } = buildPipeline({ files });
    const search = await pipeline.execute(call('vault.searchText', { query: 'password' }), run);
    expect(search.output).toMatchObject({ matches: [{ path: 'Notes/a.md' }], filesSearched: 1 });
    expect(
      (await pipeline.execute(call('vault.searchText', { query: 'hunter2', paths: ['Notes'] }), run)).output,
    ).toMatchObject({ matches: [] });
    const listed = await pipeline.execute(call('vault.listFiles', { recursive: true }), run);
    expect((listed.output as { items: { path: string }[] }).items.map((item) => item.path)).toEqual([
      'Notes',
      'Notes/a.md',
    ]);
  });

  it('should refuse to move or delete a folder holding a file the rules protect or hide, at its old place or its new one', async () => {
    const files = {
      '.agentprotected': 'Notes/keep.md\nArchive/b.md\n',
      '.agentignore': 'Drafts/secret.md\n',
      'Notes/keep.md': 'K',
      'Notes/a.md': 'A',
      'Drafts/secret.md': 'S',
      'Inbox/b.md': 'B',
    };
    const { pipeline, run, approval, context } = buildPipeline({ files });
    expect((await pipeline.execute(call('vault.rename', { fromPath: 'Notes', toPath: 'Old' }), run)).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message: 'Refused path: "Notes/keep.md" is listed in .agentprotected, so it is read-only for the agent',
    });
    expect((await pipeline.execute(call('vault.delete', { path: 'Notes', trash: false }), run)).error?.code).toBe(
      'FORBIDDEN_PATH',
    );
    expect((await pipeline.execute(call('vault.delete', { path: 'Drafts' }), run)).error?.message).toBe(
      'Refused path: "Drafts/secret.md" is listed in .agentignore, so the agent may neither read nor write it',
    );
    expect(
      (await pipeline.execute(call('vault.rename', { fromPath: 'Inbox', toPath: 'Archive' }), run)).error?.message,
    ).toBe('Refused path: "Archive/b.md" is listed in .agentprotected, so it is read-only for the agent');
    expect(approval.requests).toEqual([]);
    expect(context.vault.dump()).toEqual(files);
  });

  it('should refuse an editor write when the note behind the editor is protected, hidden or in the config folder', async () => {
    for (const file of ['Templates/t.md', 'Private/p.md', '.obsidian/snippets/x.md']) {
      const { pipeline, run, approval, context } = buildPipeline({
        files: { '.agentprotected': 'Templates/\n', '.agentignore': 'Private/\n', [file]: 'hello' },
      });
      run.ports = { ...run.ports, editor: new MemoryEditor({ vault: context.vault }).setDocument(file, 'hello') };
      expect((await pipeline.execute(call('editor.insertAtCursor', { text: 'X' }), run)).error?.code).toBe(
        'FORBIDDEN_PATH',
      );
      expect(approval.requests).toEqual([]);
      expect(context.vault.dump()[file]).toBe('hello');
    }
  });

  it('should refuse a checkpoint restore that would write where the rules protect now', async () => {
    const harness = await makeHarness({ 'Notes/a.md': 'A' });
    try {
      const service = new CheckpointService({ vault: harness.vault, gitFs: harness.gitFs, clock: harness.clock });
      const { pipeline, run, approval } = buildPipeline({
        context: { vault: harness.vault, checkpoints: service },
        deps: { checkpoints: service },
      });
      await pipeline.execute(call('vault.writeFile', { path: 'Notes/a.md', content: 'B' }), run);
      await pipeline.endRun(run);
      await harness.vault.create('.agentprotected', 'Notes/\n');
      const restore = await pipeline.execute(
        call('checkpoints.restore', { runId: 'run-1', seq: 1 }),
        pipeline.startRun('run-2', { ports: run.ports, signal: run.signal, approval: run.approval }),
      );
      expect(restore.error).toEqual({
        code: 'FORBIDDEN_PATH',
        message: 'Refused path: "Notes/a.md" is listed in .agentprotected, so it is read-only for the agent',
      });
      expect(approval.requests).toHaveLength(1);
      expect(await harness.vault.read('Notes/a.md')).toBe('B');
    } finally {
      await harness.cleanup();
    }
  });

  it('should refuse a path that leaves the vault, naming the field', async () => {
    const { pipeline, run } = buildPipeline();
    expect((await pipeline.execute(call('vault.readFile', { path: '../outside.md' }), run)).error).toEqual({
      code: 'FORBIDDEN_PATH',
      message: 'Refused path "../outside.md": the path leaves the vault (".." is not allowed)',
    });
  });

  it('should block the third identical call as a recoverable error', async () => {
    const { pipeline, run } = buildPipeline({ files: { 'a.md': '' } });
    await pipeline.execute(call('vault.readFile', { path: 'a.md' }), run);
    await pipeline.execute(call('vault.readFile', { path: 'a.md' }), run);
    expect((await pipeline.execute(call('vault.readFile', { path: 'a.md' }), run)).error?.code).toBe('REPEATED_CALL');
  });

  it('should run a batch of reads together and writes one at a time, keeping the order of results', async () => {
    const { pipeline, run, checkpoints } = buildPipeline({ files: { 'a.md': 'A', 'b.md': 'B' } });
    const outcomes = await pipeline.executeBatch(
      [
        call('vault.readFile', { path: 'a.md' }, '1'),
        call('vault.readFile', { path: 'b.md' }, '2'),
        call('vault.createFile', { path: 'c.md', content: 'C' }, '3'),
        call('vault.readFile', { path: 'c.md' }, '4'),
      ],
      run,
    );
    expect(outcomes.map((outcome) => [outcome.callId, outcome.ok])).toEqual([
      ['1', true],
      ['2', true],
      ['3', true],
      ['4', true],
    ]);
    expect((outcomes[3]?.output as { content: string }).content).toBe('C');
    expect(checkpoints.events).toHaveLength(2);
  });

  it('should keep a large result out of the history and point to where it is stored', async () => {
    const notes = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`Padding/Note ${i}.md`, 'x']));
    const { pipeline, run, files } = buildPipeline({ files: notes });
    const outcome = await pipeline.execute(call('vault.listFiles', { recursive: true }), run);
    expect(outcome.content).toContain('[The result of vault.listFiles has');
    expect(outcome.content).toContain(
      'Read it with vault.readFile {"path": ".obsidian/plugins/embedded-agent/tmp/run-1/vault.listFiles-1.md"}: it comes in parts',
    );
    expect(files.data.get('tmp/run-1/vault.listFiles-1.md')).toContain('Padding/Note 79.md');
    await pipeline.endRun(run);
    expect(files.data.has('tmp/run-1/vault.listFiles-1.md')).toBe(false);
  });

  it('should not run anything once the run is cancelled', async () => {
    const controller = new AbortController();
    const fixture = buildPipeline({ files: { 'a.md': '' } });
    const run = fixture.pipeline.startRun('r', {
      ports: fixture.run.ports,
      signal: controller.signal,
      approval: fixture.run.approval,
    });
    controller.abort();
    expect((await fixture.pipeline.execute(call('vault.readFile', { path: 'a.md' }), run)).error?.code).toBe(
      'CANCELLED',
    );
  });
});
