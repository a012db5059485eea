import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { dryRunPlan, type DryRunOptions } from '../../../src/core/plan/dryRun';
import { applyPlanEdits, editableArgs } from '../../../src/core/plan/editPlan';
import type { ActionPlan, PlanStep } from '../../../src/core/plan/types';
import type { MemoryVault } from '../../../src/node/MemoryVault';
import { buildPlanHost, type PlanFixture } from '../../builders/planHost';
import { archiveInbox, bulletsTemplate, bulletsToNotes, findTodos } from './plans';

const BULLETS = '- Alpha\n- Beta\n- Gamma';

const planOf = (steps: PlanStep[], riskLevel: ActionPlan['riskLevel'] = 'writes'): ActionPlan => ({
  version: '1.0',
  goal: 'Test',
  assumptions: [],
  riskLevel,
  steps,
});

async function dryRun(fixture: PlanFixture, plan: ActionPlan, options: Partial<DryRunOptions> = {}) {
  const { bindings } = bindPlan(
    plan,
    { selection: BULLETS, activeFile: null, now: fixture.clock.now() },
    { folderName: 'Ideas' },
  );
  return dryRunPlan(plan, fixture.host, { runId: 'dry-1', signal: new AbortController().signal, bindings, ...options });
}

describe('dryRunPlan', () => {
  it("should preview the spec's bullets plan without writing a byte", async () => {
    const fixture = await buildPlanHost({ open: { path: 'List.md', select: BULLETS }, files: { 'Other.md': 'keep' } });
    const before = fixture.vault.dump();
    const result = await dryRun(fixture, bulletsToNotes());
    expect(fixture.vault.dump()).toEqual(before);
    expect(await fixture.vault.stat('Notes')).toBeNull();
    expect(fixture.checkpoints.events).toEqual([]);
    expect(fixture.approval.requests).toEqual([]);
    expect(result.preview.files.map((file) => `${file.kind} ${file.path}`)).toEqual([
      'folder-created Notes',
      'created Notes/Alpha.md',
      'created Notes/Beta.md',
      'created Notes/Gamma.md',
    ]);
    expect(result.counts).toEqual({
      steps: 4,
      calls: 6,
      created: 3,
      modified: 0,
      moved: 0,
      deleted: 0,
      folders: 1,
      commands: 0,
    });
    expect(result.summary).toEqual([
      'Will create 3 files under folder Notes: Notes/Alpha.md, Notes/Beta.md, Notes/Gamma.md',
      'Will create folder: Notes',
      '4 steps, 6 tool calls; risk: writes',
    ]);
    expect(result.headline).toBe('Run plan "Create notes from bullets": 3 created, 1 folder');
    expect(result.status).toBe('completed');
  });

  it('should let a later step see what an earlier one would create', async () => {
    const fixture = await buildPlanHost({ files: { 'Notes/Idea.md': 'old' } });
    const result = await dryRun(
      fixture,
      planOf([
        { id: 'first', tool: 'vault.createFile', args: { path: 'Notes/Idea.md', content: 'one' } },
        { id: 'second', tool: 'vault.createFile', args: { path: 'Notes/Idea.md', content: 'two' } },
        { id: 'append', tool: 'vault.writeFile', args: { path: '$steps.second.path', content: '+', mode: 'append' } },
        { id: 'read', tool: 'vault.readFile', args: { path: '$steps.second.path' } },
      ]),
    );
    expect(result.preview.files.map((file) => `${file.kind} ${file.path}`)).toEqual([
      'created Notes/Idea (2).md',
      'created Notes/Idea (3).md',
      'modified Notes/Idea (3).md',
    ]);
    expect(result.steps[3]).toMatchObject({ status: 'ok', output: { path: 'Notes/Idea (3).md', content: 'two+' } });
    expect(fixture.vault.dump()).toEqual({ 'Notes/Idea.md': 'old' });
  });

  it('should show a modification as a diff against the text as it is now', async () => {
    const fixture = await buildPlanHost({ files: { 'todo.md': 'one\ntwo\n' } });
    const result = await dryRun(
      fixture,
      planOf([{ id: 'write', tool: 'vault.writeFile', args: { path: 'todo.md', content: 'one\nthree\n' } }]),
    );
    expect(result.preview.files).toEqual([
      expect.objectContaining({ kind: 'modified', path: 'todo.md', added: 1, removed: 1 }),
    ]);
    expect(result.summary[0]).toBe('Will modify: todo.md');
  });

  it('should flag moves and deletes apart from the other changes', async () => {
    const fixture = await buildPlanHost({ files: { 'Inbox/a.md': 'A', 'Inbox/b.md': 'B', 'Old.md': 'x' } });
    const plan = archiveInbox();
    plan.steps.push({ id: 'clean', tool: 'vault.delete', args: { path: 'Old.md' } });
    const result = await dryRun(fixture, plan);
    expect(result.highlighted).toEqual([
      { kind: 'moved', path: 'Inbox/a.md', toPath: 'Archive/Inbox/a.md', isFolder: false },
      { kind: 'moved', path: 'Inbox/b.md', toPath: 'Archive/Inbox/b.md', isFolder: false },
      { kind: 'deleted', path: 'Old.md', oldSize: 1, isFolder: false, toTrash: true },
    ]);
    expect(result.summary).toContain(
      'Will delete/rename: Inbox/a.md → Archive/Inbox/a.md, Inbox/b.md → Archive/Inbox/b.md, Old.md (to the trash)',
    );
    expect(Object.keys(fixture.vault.dump())).toEqual(['Inbox/a.md', 'Inbox/b.md', 'Old.md']);
  });

  it('should list the notes whose links a rename would rewrite, and say a protected one makes it fail', async () => {
    // As Obsidian's vault answers: Index.md and Locked.md link to Target.md.
    const linking = (vault: MemoryVault) =>
      Object.assign(vault, {
        linksTo: (path: string) => Promise.resolve(path === 'Target.md' ? ['Index.md', 'Locked.md'] : []),
      });
    const files = { 'Target.md': 'T', 'Index.md': '[[Target]]', 'Locked.md': '[[Target]]' };
    const rename = planOf([
      { id: 'move', tool: 'vault.rename', args: { fromPath: 'Target.md', toPath: 'Archive/Target.md' } },
    ]);
    const result = await dryRun(await buildPlanHost({ files, vault: linking }), rename);
    expect(result.preview.files.filter((file) => file.kind === 'links-updated')).toEqual([
      { kind: 'links-updated', path: 'Index.md', target: 'Target.md' },
      { kind: 'links-updated', path: 'Locked.md', target: 'Target.md' },
    ]);
    expect(result.summary).toContain('Will update links in: Index.md, Locked.md');
    const locked = await dryRun(
      await buildPlanHost({ files: { ...files, '.agentprotected': 'Locked.md' }, vault: linking }),
      rename,
    );
    expect(locked.status).not.toBe('completed');
    expect(locked.preview.notes.join('\n')).toContain('rewrites the links to it in "Locked.md"');
  });

  it('should say which items would fail, and why', async () => {
    const fixture = await buildPlanHost({ files: { 'Notes/Beta.md': 'taken' } });
    const plan = bulletsTemplate();
    plan.steps[1]!.args.collisionStrategy = 'error';
    plan.steps[1]!.onError = 'skip';
    const result = await dryRun(fixture, plan, {
      bindings: bindPlan(plan, { selection: BULLETS, activeFile: null, now: 0 }, { folderName: 'Notes' }).bindings,
    });
    expect(result.status).toBe('partial');
    expect(result.preview.notes).toEqual([
      'Step createNotes (vault.createFile), item 2 (Beta) would fail: vault.createFile: `path` "Notes/Beta.md" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"',
    ]);
  });

  it('should not call a writing plan whose writes would all fail one that only reads', async () => {
    const fixture = await buildPlanHost({ files: { 'Notes/A.md': 'taken' } });
    const result = await dryRun(
      fixture,
      planOf(
        [
          {
            id: 'create',
            tool: 'vault.createFile',
            args: { path: 'Notes/A.md', content: 'new', collisionStrategy: 'error' },
          },
        ],
        'writes',
      ),
    );
    expect(result.status).toBe('failed');
    expect(result.summary).toEqual([
      'Shows no change, though the plan writes: see below what would fail or is known only when it runs',
      '1 step, 1 tool call; risk: writes',
    ]);
    expect(result.headline).toBe(`Run plan "${result.plan.goal}" (no change shown)`);
  });

  it('should list commands without running them', async () => {
    const fixture = await buildPlanHost({ commands: [{ id: 'editor:toggle-bold', name: 'Toggle bold' }] });
    const result = await dryRun(
      fixture,
      planOf([{ id: 'bold', tool: 'commands.run', args: { id: 'editor:toggle-bold' } }], 'commands'),
    );
    expect(result.preview.commands).toEqual([{ id: 'editor:toggle-bold', name: 'Toggle bold' }]);
    expect(result.summary[0]).toBe('Will run commands: Toggle bold (editor:toggle-bold)');
    expect(fixture.commands.executed).toEqual([]);
  });

  it('should preview an editor edit without touching the editor', async () => {
    const fixture = await buildPlanHost({ open: { path: 'Note.md', select: 'old text' } });
    const result = await dryRun(
      fixture,
      planOf([{ id: 'replace', tool: 'editor.replaceSelection', args: { text: 'new text' } }]),
    );
    expect(result.preview.files).toEqual([expect.objectContaining({ kind: 'modified', path: 'Note.md' })]);
    expect(fixture.editor.text()).toBe('old text');
    expect(fixture.vault.dump()).toEqual({ 'Note.md': 'old text' });
  });

  it('should mark what only the real run can know', async () => {
    const fixture = await buildPlanHost({ open: { path: 'Note.md', select: 'x' } });
    const result = await dryRun(
      fixture,
      planOf([
        { id: 'insert', tool: 'editor.insertAtCursor', args: { text: 'hello' } },
        {
          id: 'log',
          tool: 'vault.createFile',
          args: { path: 'log.md', content: 'Inserted into ${steps.insert.filePath}' },
        },
      ]),
    );
    expect(result.steps[1]).toMatchObject({
      status: 'unknown',
      message: 'known only when the plan runs (it uses ${steps.insert.filePath})',
    });
    expect(result.preview.notes).toEqual([
      'Step log (vault.createFile): known only when the plan runs (it uses ${steps.insert.filePath})',
    ]);
  });

  it('should run reads through the pipeline, asking for them when the policy is "always"', async () => {
    const fixture = await buildPlanHost({ files: { 'a.md': 'TODO: one' }, settings: { approval: 'always' } });
    const result = await dryRun(fixture, findTodos());
    expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['vault.searchText']);
    expect(result.steps[0]).toMatchObject({ status: 'ok', message: '1 match' });
    expect(result.summary).toEqual(['Changes nothing: the plan only reads', '1 step, 1 tool call; risk: read-only']);
  });

  it('should never write, whatever the writes are', async () => {
    const paths = fc.constantFrom('a.md', 'b.md', 'F/c.md', 'F', 'G/d.md');
    // Any text but placeholders: this is about writes, not templates.
    const text = fc.string().map((value) => value.replace(/\$/g, 'S'));
    const step = fc.oneof(
      fc.record({
        tool: fc.constant('vault.createFile'),
        args: fc.record({
          path: paths,
          content: text,
          collisionStrategy: fc.constantFrom('error', 'create-unique', 'overwrite'),
        }),
      }),
      fc.record({
        tool: fc.constant('vault.writeFile'),
        args: fc.record({ path: paths, content: text, mode: fc.constantFrom('overwrite', 'append') }),
      }),
      fc.record({
        tool: fc.constant('vault.rename'),
        args: fc.record({
          fromPath: paths,
          toPath: paths,
          collisionStrategy: fc.constantFrom('error', 'create-unique', 'overwrite'),
        }),
      }),
      fc.record({
        tool: fc.constant('vault.delete'),
        args: fc.record({ path: paths, trash: fc.boolean(), requireExists: fc.boolean() }),
      }),
      fc.record({ tool: fc.constant('vault.ensureFolder'), args: fc.record({ path: paths }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const fixture = await buildPlanHost({ files: { 'a.md': 'A', 'F/c.md': 'C', 'G/d.md': 'D' } });
        const before = fixture.vault.dump();
        const plan = planOf(steps.map((s, i) => ({ id: `s${i}`, tool: s.tool, args: s.args, onError: 'skip' })));
        await dryRun(fixture, plan);
        expect(fixture.vault.dump()).toEqual(before);
        expect(fixture.checkpoints.events).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('Edit plan', () => {
  it('should offer the literal and templated arguments, not the wiring between steps', () => {
    expect(editableArgs(bulletsToNotes())).toEqual([
      { stepId: 'ensureFolder', path: 'path', value: 'Notes' },
      { stepId: 'createNotes', path: 'path', value: 'Notes/${item.text}.md' },
      { stepId: 'createNotes', path: 'content', value: '# ${item.text}\n' },
    ]);
  });

  it('should apply edits and validate again, so a new dry run shows the new folder', async () => {
    const fixture = await buildPlanHost({ open: { path: 'List.md', select: BULLETS } });
    const edited = applyPlanEdits(
      bulletsToNotes(),
      [
        { stepId: 'ensureFolder', path: 'path', value: 'Ideas' },
        { stepId: 'createNotes', path: 'path', value: 'Ideas/${item.text}.md' },
      ],
      await fixture.policy(),
    );
    expect(edited.ok).toBe(true);
    const result = await dryRun(fixture, (edited as { plan: ActionPlan }).plan);
    expect(result.summary[0]).toBe(
      'Will create 3 files under folder Ideas: Ideas/Alpha.md, Ideas/Beta.md, Ideas/Gamma.md',
    );
  });

  it('should keep a number a number, and refuse edits that break the plan', async () => {
    const fixture = await buildPlanHost();
    const policy = await fixture.policy();
    const limited = applyPlanEdits(findTodos(), [{ stepId: 'search', path: 'limit', value: '10' }], policy);
    expect(limited.ok && limited.plan.steps[0]!.args.limit).toBe(10);
    expect(
      applyPlanEdits(
        findTodos(),
        [
          { stepId: 'search', path: 'limit', value: 'ten' },
          { stepId: 'find', path: 'query', value: 'x' },
          { stepId: 'search', path: 'regex', value: 'x' },
        ],
        policy,
      ),
    ).toEqual({
      ok: false,
      errors: [
        'steps[0] (search).args.limit: must be a number, got "ten"',
        'edits[1].stepId: "find" is not a step; steps are: search',
        'steps[0] (search).args.regex: is not an argument of this step',
      ],
    });
    expect(
      applyPlanEdits(bulletsToNotes(), [{ stepId: 'ensureFolder', path: 'path', value: '../outside' }], policy),
    ).toEqual({
      ok: false,
      errors: [
        'steps[2] (ensureFolder).args.path: Refused path "../outside": the path leaves the vault (".." is not allowed)',
      ],
    });
  });
});
