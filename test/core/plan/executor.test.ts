import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { dryRunPlan } from '../../../src/core/plan/dryRun';
import { executePlan, type ExecuteOptions, resumePlan } from '../../../src/core/plan/executor';
import type { PlanProgress } from '../../../src/core/plan/progress';
import type { ActionPlan, PlanStep } from '../../../src/core/plan/types';
import { buildPlanHost, flakyVault, type PlanFixture } from '../../builders/planHost';
import { ScriptedApproval } from '../../builders/pipeline';
import { archiveInbox, bulletsTemplate, bulletsToNotes } from './plans';

const BULLETS = '- Alpha\n- Beta\n- Gamma';
const TEN = Array.from({ length: 10 }, (_, i) => `- Note ${i + 1}`).join('\n');

/** Bullets → notes over the selection in "Notes", with the createNotes step changed by `step`. */
function notesPlan(step: Partial<PlanStep> = {}): ActionPlan {
  const plan = bulletsTemplate();
  plan.parameters = [];
  plan.steps = [
    { id: 'ensureFolder', tool: 'vault.ensureFolder', args: { path: 'Notes' } },
    {
      id: 'createNotes',
      tool: 'vault.createFile',
      foreach: { from: '${selectionBullets}', itemName: 'item' },
      args: { path: 'Notes/${item.text}.md', content: '# ${item.text}\n', collisionStrategy: 'error' },
      ...step,
    },
    {
      id: 'summary',
      tool: 'vault.writeFile',
      args: { path: 'Notes/Index.md', content: 'Done' },
      dependsOn: ['createNotes'],
    },
  ];
  return plan;
}

async function run(
  fixture: PlanFixture,
  plan: ActionPlan,
  options: Partial<ExecuteOptions> & { selection?: string } = {},
) {
  const events: PlanProgress[] = [];
  const { bindings } = bindPlan(plan, {
    selection: options.selection ?? BULLETS,
    activeFile: null,
    now: fixture.clock.now(),
  });
  const result = await executePlan(plan, fixture.host, {
    runId: 'plan-1',
    signal: new AbortController().signal,
    bindings,
    onProgress: (event) => events.push(event),
    ...options,
  });
  return { result, events };
}

const createCalls = (fixture: PlanFixture): unknown[] =>
  fixture
    .audit()
    .filter((line) => line.tool === 'vault.createFile')
    .map((line) => (line.args as { path: string }).path);

describe('executePlan', () => {
  it("should run the spec's bullets plan: one note per selected bullet, in one pipeline run", async () => {
    const fixture = await buildPlanHost({ open: { path: 'List.md', select: BULLETS } });
    const { result } = await run(fixture, bulletsToNotes());
    expect(result.status).toBe('completed');
    expect(fixture.vault.dump()).toMatchObject({
      'Notes/Alpha.md': '# Alpha\n',
      'Notes/Beta.md': '# Beta\n',
      'Notes/Gamma.md': '# Gamma\n',
    });
    expect(result.steps.map((step) => [step.id, step.status, step.message])).toEqual([
      ['getSelection', 'ok', '22 characters selected'],
      ['parseBullets', 'ok', '3 items'],
      ['ensureFolder', 'ok', 'ensured Notes'],
      ['createNotes', 'ok', '3 of 3 created'],
    ]);
    expect(new Set(fixture.audit().map((line) => line.runId))).toEqual(new Set(['plan-1']));
    expect(fixture.checkpoints.events.filter((event) => event.startsWith('checkpoint'))).toHaveLength(4);
    expect(fixture.checkpoints.begun.size).toBe(0);
    expect(result.resume).toBeNull();
  });

  it('should report progress: each step started and finished, and item i of n', async () => {
    const fixture = await buildPlanHost();
    const { events } = await run(fixture, notesPlan());
    expect(
      events.map((event) =>
        event.type.startsWith('item')
          ? `${event.type} ${(event as { item: number }).item}/${(event as { of: number }).of}`
          : `${event.type} ${(event as { stepId: string }).stepId}`,
      ),
    ).toEqual([
      'step-started ensureFolder',
      'step-finished ensureFolder',
      'step-started createNotes',
      'item-started 1/3',
      'item-finished 1/3',
      'item-started 2/3',
      'item-finished 2/3',
      'item-started 3/3',
      'item-finished 3/3',
      'step-finished createNotes',
      'step-started summary',
      'step-finished summary',
    ]);
    expect(events[4]).toEqual({
      type: 'item-finished',
      stepId: 'createNotes',
      item: 1,
      of: 3,
      status: 'ok',
      message: 'created Notes/Alpha.md',
    });
  });

  it('should run steps in dependsOn order, otherwise as listed', async () => {
    const fixture = await buildPlanHost({ files: { 'Notes/Index.md': 'old' } });
    const plan = notesPlan();
    plan.steps = [plan.steps[2]!, plan.steps[1]!, plan.steps[0]!];
    plan.steps[1]!.dependsOn = ['ensureFolder'];
    const { result } = await run(fixture, plan);
    expect(result.steps.map((step) => step.id)).toEqual(['ensureFolder', 'createNotes', 'summary']);
  });

  it('should ask for each write when the plan was not approved as a whole', async () => {
    const fixture = await buildPlanHost();
    await run(fixture, notesPlan());
    expect(fixture.approval.requests.map((request) => request.summary)).toEqual([
      'Create folder Notes',
      'Create Notes/Alpha.md',
      'Create Notes/Beta.md',
      'Create Notes/Gamma.md',
      'Create Notes/Index.md',
    ]);
  });

  it('should ask nothing that the approved dry run showed', async () => {
    const fixture = await buildPlanHost();
    const plan = notesPlan();
    const { bindings } = bindPlan(plan, { selection: BULLETS, activeFile: null, now: fixture.clock.now() });
    const dry = await dryRunPlan(plan, fixture.host, {
      runId: 'plan-1-preview',
      signal: new AbortController().signal,
      bindings,
    });
    await run(fixture, plan, { approved: dry.approved });
    expect(fixture.approval.requests).toEqual([]);
    expect(fixture.audit().map((line) => line.approval)).toEqual(Array<string>(5).fill('approved-in-preview'));
  });

  describe('onError', () => {
    it('"stop": should stop at the failing item and run nothing after it', async () => {
      const fixture = await buildPlanHost({ files: { 'Notes/Beta.md': 'taken' } });
      const { result } = await run(fixture, notesPlan());
      expect(result.status).toBe('failed');
      const create = result.steps[1]!;
      expect(create.status).toBe('failed');
      expect(create.message).toBe(
        '1 of 3 created; 1 failed: item 2 (Beta): vault.createFile: `path` "Notes/Beta.md" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"; stopped at item 2 of 3; 1 not run',
      );
      expect(create.items?.map((item) => item.status)).toEqual(['ok', 'failed', 'not-run']);
      expect(result.steps[2]).toMatchObject({
        id: 'summary',
        status: 'not-run',
        message: 'not run: the plan stopped at steps[1] (createNotes)',
      });
      expect(Object.keys(fixture.vault.dump()).sort()).toEqual(['Notes/Alpha.md', 'Notes/Beta.md']);
    });

    it('"skip": should go on with the other items and the later steps, and say which failed and why', async () => {
      const fixture = await buildPlanHost({
        vault: (vault) =>
          flakyVault(vault, { 'Notes/Note 3.md': Infinity, 'Notes/Note 5.md': Infinity, 'Notes/Note 9.md': Infinity }),
      });
      const { result } = await run(fixture, notesPlan({ onError: 'skip' }), { selection: TEN });
      expect(result.status).toBe('partial');
      expect(result.steps[1]!.status).toBe('partial');
      expect(result.steps[1]!.message).toBe(
        '7 of 10 created; 3 failed: item 3 (Note 3): "Notes/Note 3.md" could not be written: the disk is busy; item 5 (Note 5): "Notes/Note 5.md" could not be written: the disk is busy; item 9 (Note 9): "Notes/Note 9.md" could not be written: the disk is busy',
      );
      expect(result.failures).toEqual(
        [3, 5, 9].map((n) => ({
          stepId: 'createNotes',
          tool: 'vault.createFile',
          item: n - 1,
          label: `Note ${n}`,
          error: { code: 'INTERNAL', message: `"Notes/Note ${n}.md" could not be written: the disk is busy` },
        })),
      );
      expect(result.steps[2]!.status).toBe('ok');
      expect(result.summary).toEqual([
        'ensureFolder (vault.ensureFolder): ensured Notes',
        `createNotes (vault.createFile): ${result.steps[1]!.message}`,
        'summary (vault.writeFile): written Notes/Index.md',
      ]);
    });

    it('"skip": should skip the steps that need a step that failed', async () => {
      const fixture = await buildPlanHost();
      const plan = notesPlan();
      plan.steps[0] = { id: 'ensureFolder', tool: 'vault.readFile', args: { path: 'Missing.md' }, onError: 'skip' };
      plan.steps[1]!.dependsOn = ['ensureFolder'];
      const { result } = await run(fixture, plan);
      expect(result.steps.map((step) => [step.status, step.message])).toEqual([
        [
          'failed',
          'vault.readFile: `path` "Missing.md" does not exist; vault.listFiles or vault.searchText can find the right path',
        ],
        ['skipped', 'not run: it needs step "ensureFolder", which failed'],
        ['skipped', 'not run: it needs step "createNotes", which was skipped'],
      ]);
    });

    it('"retry": should try again after backoffMs, doubling, on the clock port', async () => {
      const fixture = await buildPlanHost({ vault: (vault) => flakyVault(vault, { 'Notes/Beta.md': 2 }) });
      const { result, events } = await run(
        fixture,
        notesPlan({ onError: 'retry', retry: { maxAttempts: 3, backoffMs: 100 } }),
      );
      expect(result.status).toBe('completed');
      expect(fixture.clock.sleeps).toEqual([100, 200]);
      expect(result.steps[1]!.items?.map((item) => item.attempts)).toEqual([1, 3, 1]);
      expect(events.filter((event) => event.type === 'retrying')).toEqual([
        {
          type: 'retrying',
          stepId: 'createNotes',
          item: 2,
          attempt: 2,
          of: 3,
          delayMs: 100,
          message: '"Notes/Beta.md" could not be written: the disk is busy; trying again in 100 ms (attempt 2 of 3)',
        },
        {
          type: 'retrying',
          stepId: 'createNotes',
          item: 2,
          attempt: 3,
          of: 3,
          delayMs: 200,
          message: '"Notes/Beta.md" could not be written: the disk is busy; trying again in 200 ms (attempt 3 of 3)',
        },
      ]);
    });

    it('"retry": should stop the plan when the attempts run out', async () => {
      const fixture = await buildPlanHost({ vault: (vault) => flakyVault(vault, { 'Notes/Beta.md': Infinity }) });
      const { result } = await run(fixture, notesPlan({ onError: 'retry', retry: { maxAttempts: 2, backoffMs: 50 } }));
      expect(fixture.clock.sleeps).toEqual([50]);
      expect(result.status).toBe('failed');
      expect(result.steps[1]!.items?.map((item) => [item.status, item.attempts])).toEqual([
        ['ok', 1],
        ['failed', 2],
        ['not-run', 0],
      ]);
    });

    it('"retry" without retry settings: should make 1 + maxRetries attempts, from 1 s', async () => {
      const fixture = await buildPlanHost({
        vault: (vault) => flakyVault(vault, { 'Notes/Alpha.md': Infinity }),
        settings: { maxRetries: 2 },
      });
      await run(fixture, notesPlan({ onError: 'retry' }));
      expect(fixture.clock.sleeps).toEqual([1000, 2000]);
    });

    it('"retry": should not retry what the person refused', async () => {
      const approval = new ScriptedApproval((request) =>
        request.summary.includes('Beta')
          ? { approved: false, reason: 'not this one' }
          : { approved: true, scope: 'once' },
      );
      const fixture = await buildPlanHost({ approval });
      const { result } = await run(fixture, notesPlan({ onError: 'retry', retry: { maxAttempts: 3, backoffMs: 10 } }));
      expect(fixture.clock.sleeps).toEqual([]);
      expect(result.steps[1]!.items?.[1]).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: { code: 'DENIED', message: 'vault.createFile was not approved: not this one. Nothing was changed.' },
      });
    });

    it('"stop": should stop at a command Obsidian reports unavailable, and list it among the failures', async () => {
      const fixture = await buildPlanHost({
        commands: [{ id: 'editor:toggle-checklist-status', name: 'Toggle checkbox', callback: () => false }],
      });
      const plan = notesPlan();
      plan.riskLevel = 'commands';
      plan.steps = [
        { id: 'toggle', tool: 'commands.run', args: { id: 'editor:toggle-checklist-status' } },
        { id: 'summary', tool: 'vault.writeFile', args: { path: 'Notes/Index.md', content: 'Done' } },
      ];
      const { result } = await run(fixture, plan);
      expect(result.status).toBe('failed');
      const message =
        'Command "editor:toggle-checklist-status" did not run: Obsidian reported it is not available right now (many commands need an open note or a selection). Open: no file; no editor.';
      expect(result.steps[0]).toMatchObject({ id: 'toggle', status: 'failed', message });
      expect(result.failures).toEqual([
        { stepId: 'toggle', tool: 'commands.run', error: { code: 'COMMAND_FAILED', message } },
      ]);
      expect(result.steps[1]).toMatchObject({ id: 'summary', status: 'not-run' });
      expect(fixture.vault.dump()).toEqual({});
    });
  });

  describe('cancel', () => {
    it('should stop between items of a foreach and leave the rest unrun', async () => {
      const fixture = await buildPlanHost();
      const controller = new AbortController();
      const { result } = await run(fixture, notesPlan(), {
        signal: controller.signal,
        selection: TEN,
        onProgress: (event) => {
          if (event.type === 'item-finished' && event.item === 4) controller.abort();
        },
      });
      expect(result.status).toBe('cancelled');
      expect(createCalls(fixture)).toEqual([
        'Notes/Note 1.md',
        'Notes/Note 2.md',
        'Notes/Note 3.md',
        'Notes/Note 4.md',
      ]);
      expect(result.steps[1]!.message).toBe('4 of 10 created; cancelled at item 5; 6 not run');
      expect(result.steps[2]).toMatchObject({ status: 'cancelled', message: 'not run: the run was cancelled' });
      expect(fixture.checkpoints.begun.size).toBe(0);
    });

    it('should stop while waiting to retry', async () => {
      const fixture = await buildPlanHost({ vault: (vault) => flakyVault(vault, { 'Notes/Alpha.md': Infinity }) });
      const controller = new AbortController();
      fixture.clock.onSleep = () => controller.abort();
      const { result } = await run(
        fixture,
        notesPlan({ onError: 'retry', retry: { maxAttempts: 3, backoffMs: 100 } }),
        { signal: controller.signal },
      );
      expect(result.status).toBe('cancelled');
      expect(result.steps[1]!.items?.[0]).toMatchObject({
        status: 'cancelled',
        error: { code: 'CANCELLED', message: 'vault.createFile was not retried: Cancelled while waiting' },
      });
    });
  });

  describe('run the rest', () => {
    it('should run only the failed items again, keeping what the first run did', async () => {
      const fixture = await buildPlanHost({
        vault: (vault) => flakyVault(vault, { 'Notes/Note 3.md': 1, 'Notes/Note 5.md': 1, 'Notes/Note 9.md': 1 }),
      });
      const first = await run(fixture, notesPlan({ onError: 'skip' }), { selection: TEN });
      expect(first.result.steps[1]!.message).toMatch(/^7 of 10 created; 3 failed/);
      expect(first.result.resume?.steps).toMatchObject({
        ensureFolder: { output: { path: 'Notes', created: true } },
        createNotes: { done: { 0: { path: 'Notes/Note 1.md' } } },
        summary: { output: {} },
      });
      const before = createCalls(fixture).length;
      const rest = await resumePlan(first.result.resume!, fixture.host, {
        runId: 'plan-2',
        signal: new AbortController().signal,
      });
      expect(rest.status).toBe('completed');
      expect(createCalls(fixture).slice(before)).toEqual(['Notes/Note 3.md', 'Notes/Note 5.md', 'Notes/Note 9.md']);
      expect(rest.steps.map((step) => step.message)).toEqual([
        'done in the earlier run',
        '10 of 10 created',
        'done in the earlier run',
      ]);
      expect(Object.keys(fixture.vault.dump()).filter((path) => path.startsWith('Notes/Note'))).toHaveLength(10);
    });

    it("should run the steps a stop left unrun, with the first run's context", async () => {
      const fixture = await buildPlanHost({ files: { 'Notes/Beta.md': 'taken' } });
      const first = await run(fixture, notesPlan());
      await fixture.vault.delete('Notes/Beta.md');
      const rest = await resumePlan(first.result.resume!, fixture.host, {
        runId: 'plan-2',
        signal: new AbortController().signal,
      });
      expect(rest.steps.map((step) => [step.id, step.status])).toEqual([
        ['ensureFolder', 'ok'],
        ['createNotes', 'ok'],
        ['summary', 'ok'],
      ]);
      expect(fixture.vault.dump()).toMatchObject({
        'Notes/Beta.md': '# Beta\n',
        'Notes/Gamma.md': '# Gamma\n',
        'Notes/Index.md': 'Done',
      });
    });
  });

  it('should refuse a plan the current settings no longer allow, listing why', async () => {
    const fixture = await buildPlanHost({ settings: { allowDeletes: false } });
    await expect(run(fixture, archiveInbox())).rejects.toMatchObject({
      code: 'INVALID_PLAN',
      message:
        'The plan is not valid:\n- steps[1] (moveFiles).tool: vault.rename is turned off: the user has not enabled "Allow deletes and renames" (allowDeletes) in the settings',
    });
    expect(fixture.audit()).toEqual([]);
  });
});
