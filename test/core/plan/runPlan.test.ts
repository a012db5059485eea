import { describe, expect, it } from 'vitest';
import { bindPlan } from '../../../src/core/plan/bindings';
import { runPlan, runRest } from '../../../src/core/plan/runPlan';
import type { ActionPlan } from '../../../src/core/plan/types';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/ports/approval';
import { ScriptedApproval } from '../../builders/pipeline';
import { buildPlanHost, type PlanFixture } from '../../builders/planHost';
import { bulletsTemplate, findTodos } from './plans';

const plan = (goal: string, steps: unknown[]): ActionPlan =>
  ({ version: '1.0', goal, riskLevel: 'writes', steps }) as unknown as ActionPlan;
const clearInbox = () =>
  plan('Clear the inbox', [
    { id: 'list', tool: 'vault.listFiles', args: { prefix: 'Inbox' } },
    {
      id: 'drop',
      tool: 'vault.delete',
      foreach: { from: '$steps.list.items', itemName: 'file' },
      args: { path: '${file.path}' },
    },
  ]);
const rewrite = () =>
  plan('Rewrite the plan', [
    { id: 'write', tool: 'vault.writeFile', args: { path: 'Plan.md', content: '# Plan\n\n- one\n- two\n' } },
  ]);
const refused: ApprovalDecision = { approved: false, reason: 'the user rejected it' };

/** Approves the plan's card after `meanwhile` (what happens while it is open), answers every other card with `other`. */
const whileOpen = (
  meanwhile: () => Promise<unknown>,
  other: (request: ApprovalRequest) => Promise<ApprovalDecision> | ApprovalDecision = () => refused,
) =>
  new ScriptedApproval(async (request) => {
    if (request.tool !== 'plan') return other(request);
    await meanwhile();
    return { approved: true, scope: 'once' };
  });

const start = (fixture: PlanFixture, plan: ActionPlan) =>
  runPlan(plan, fixture.host, {
    runId: 'run-7',
    signal: new AbortController().signal,
    bindings: bindPlan(plan, { selection: '- Alpha\n- Beta', activeFile: null, now: fixture.clock.now() }).bindings,
  });

describe('runPlan', () => {
  it('should run the rest of a stopped plan on its first confirmation, asking nothing again for what the preview showed', async () => {
    const fixture = await buildPlanHost();
    const notes = plan(
      'Three notes',
      ['A', 'B', 'C'].map((name) => ({
        id: name,
        tool: 'vault.createFile',
        args: { path: `${name}.md`, content: `# ${name}\n` },
      })),
    );
    const stop = new AbortController();
    const first = await runPlan(notes, fixture.host, {
      runId: 'run-8',
      signal: stop.signal,
      bindings: bindPlan(notes, { selection: null, activeFile: null, now: fixture.clock.now() }).bindings,
      // The person stops the run once the first note is written.
      onProgress: (event) => void (event.type === 'step-finished' && event.stepId === 'A' && stop.abort()),
    });
    expect(first.status === 'ran' && first.rest !== null).toBe(true);
    if (first.status !== 'ran' || !first.rest) return;

    const rest = await runRest(first.rest, fixture.host, { runId: 'run-8-rest', signal: new AbortController().signal });
    expect(rest.result.status).toBe('completed');
    expect(rest.rest).toBeNull();
    expect(fixture.approval.requests.map((request) => `${request.runId} ${request.tool}`)).toEqual(['run-8 plan']);
    expect(
      fixture
        .audit()
        .filter((line) => line.runId === 'run-8-rest')
        .map((line) => [line.tool, line.approval]),
    ).toEqual([
      ['vault.createFile', 'approved-in-preview'],
      ['vault.createFile', 'approved-in-preview'],
    ]);
    expect(Object.keys(fixture.vault.dump()).sort()).toEqual(['A.md', 'B.md', 'C.md']);
  });

  it('should ask once for a plan that writes, showing its preview, and not again for its calls', async () => {
    const fixture = await buildPlanHost();
    const outcome = await start(fixture, bulletsTemplate());
    expect(outcome.status).toBe('ran');
    expect(fixture.approval.requests.map((request) => [request.runId, request.tool, request.summary])).toEqual([
      ['run-7', 'plan', 'Run plan "Create a note per selected bullet": 2 created, 1 folder'],
    ]);
    expect(
      fixture
        .audit()
        .filter((line) => line.runId === 'run-7')
        .map((line) => line.approval),
    ).toEqual(['approved-in-preview', 'approved-in-preview', 'approved-in-preview']);
    expect(Object.keys(fixture.vault.dump())).toEqual(['Inbox/Alpha.md', 'Inbox/Beta.md']);
  });

  it('should run a plan that writes without a card under the review policy, each write audited as left to review', async () => {
    const fixture = await buildPlanHost({ settings: { approval: 'review' } });
    const outcome = await start(fixture, bulletsTemplate());
    expect(outcome).toMatchObject({ status: 'ran', dryRun: null, result: { status: 'completed' } });
    expect(fixture.approval.requests).toEqual([]);
    expect(
      fixture
        .audit()
        .filter((line) => line.runId === 'run-7' && line.tool === 'vault.createFile')
        .map((line) => line.approval),
    ).toEqual(['review', 'review']);
    expect(Object.keys(fixture.vault.dump())).toEqual(['Inbox/Alpha.md', 'Inbox/Beta.md']);
  });

  it('should run a read-only plan at once when only writes need approval', async () => {
    const fixture = await buildPlanHost({ files: { 'a.md': 'TODO: x' } });
    const outcome = await start(fixture, findTodos());
    expect(outcome).toMatchObject({ status: 'ran', dryRun: null, result: { status: 'completed' } });
    expect(fixture.approval.requests).toEqual([]);
  });

  it('should confirm even a read-only plan when every call needs approval, asking for its reads during the dry run', async () => {
    const fixture = await buildPlanHost({ files: { 'a.md': 'TODO: x' }, settings: { approval: 'always' } });
    const outcome = await start(fixture, findTodos());
    expect(outcome.status).toBe('ran');
    expect(fixture.approval.requests.map((request) => `${request.runId} ${request.tool}`)).toEqual([
      'run-7-preview vault.searchText',
      'run-7 plan',
    ]);
  });

  it('should fail closed: with nobody to ask, the plan is rejected and nothing is written', async () => {
    const fixture = await buildPlanHost({ approval: null });
    const outcome = await start(fixture, bulletsTemplate());
    expect(outcome).toMatchObject({
      status: 'rejected',
      reason: 'no approval handler is connected (is the chat panel closed?), so nothing that changes the vault can run',
    });
    expect(fixture.vault.dump()).toEqual({});
  });

  describe('what the card showed is what runs', () => {
    it('should ask for a note that arrived in the listed folder while the card was open, and keep it when refused', async () => {
      let fixture: PlanFixture | undefined;
      fixture = await buildPlanHost({
        files: { 'Inbox/a.md': 'a', 'Inbox/b.md': 'b' },
        approval: whileOpen(() => fixture!.vault.create('Inbox/c.md', 'arrived')),
      });
      const outcome = await start(fixture, clearInbox());
      expect(fixture.approval.requests.map((request) => [request.tool, request.summary])).toEqual([
        ['plan', 'Run plan "Clear the inbox": 2 deleted'],
        ['vault.delete', 'Move to trash: Inbox/c.md'],
      ]);
      expect(outcome.status === 'ran' && outcome.result.steps[1]?.items?.map((item) => item.status)).toEqual([
        'ok',
        'ok',
        'failed',
      ]);
      expect(fixture.vault.dump()).toEqual({ '.trash/a.md': 'a', '.trash/b.md': 'b', 'Inbox/c.md': 'arrived' });
    });

    it('should ask before deleting a folder that gained a note while the card was open', async () => {
      let fixture: PlanFixture | undefined;
      fixture = await buildPlanHost({
        files: { 'Inbox/a.md': 'a' },
        approval: whileOpen(() => fixture!.vault.create('Inbox/c.md', 'arrived')),
      });
      await start(fixture, plan('Drop the inbox', [{ id: 'drop', tool: 'vault.delete', args: { path: 'Inbox' } }]));
      expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['plan', 'vault.delete']);
      expect(fixture.approval.requests[1]!.preview.notes).toEqual([
        'The plan\'s preview you approved did not show this: delete "Inbox/c.md". Approve it only if you expect it.',
      ]);
      expect(fixture.vault.dump()).toEqual({ 'Inbox/a.md': 'a', 'Inbox/c.md': 'arrived' });
    });

    it('should not write into the note the user clicked while the card was open: that note is asked for on its own', async () => {
      let fixture: PlanFixture | undefined;
      const approval = whileOpen(() => fixture!.workspace.openFile('Contract.md', { newLeaf: false, focus: true }));
      fixture = await buildPlanHost({
        files: { 'Journal.md': '# Journal\n', 'Contract.md': '# Contract\n' },
        open: { path: 'Journal.md' },
        approval,
      });
      const outcome = await start(
        fixture,
        plan('Log', [{ id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged. ' } }]),
      );
      expect(fixture.approval.requests[0]!.preview.files.map((file) => file.path)).toEqual(['Journal.md']);
      expect(fixture.approval.requests.slice(1).map((request) => [request.tool, request.summary])).toEqual([
        ['editor.insertAtCursor', 'Change Contract.md'],
      ]);
      expect(outcome.status === 'ran' && outcome.result.steps[0]?.error?.code).toBe('DENIED');
      expect(fixture.vault.dump()).toEqual({ 'Journal.md': '# Journal\n', 'Contract.md': '# Contract\n' });
    });

    it('should refuse an editor write whose note changed again while its own card was open, as a chat call is refused', async () => {
      let fixture: PlanFixture | undefined;
      const approval = whileOpen(
        () => fixture!.workspace.openFile('Contract.md', { newLeaf: false, focus: true }),
        async () => {
          await fixture!.workspace.openFile('Third.md', { newLeaf: false, focus: true });
          return { approved: true, scope: 'once' };
        },
      );
      fixture = await buildPlanHost({
        files: { 'Journal.md': '# Journal\n', 'Contract.md': '# Contract\n', 'Third.md': '# Third\n' },
        open: { path: 'Journal.md' },
        approval,
      });
      const outcome = await start(
        fixture,
        plan('Log', [{ id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged. ' } }]),
      );
      expect(outcome.status === 'ran' && outcome.result.steps[0]?.error).toEqual({
        code: 'DENIED',
        message:
          'editor.insertAtCursor was not approved for "Third.md": while it waited for approval it came to change that instead of what was shown. Nothing was changed.',
      });
      expect(fixture.vault.dump()).toEqual({
        'Journal.md': '# Journal\n',
        'Contract.md': '# Contract\n',
        'Third.md': '# Third\n',
      });
    });

    it('should ask, with the "always" policy, for a read the preview could not show', async () => {
      const fixture = await buildPlanHost({
        files: { 'Journal.md': '# Journal\n' },
        open: { path: 'Journal.md' },
        settings: { approval: 'always' },
        approval: whileOpen(() => Promise.resolve()),
      });
      await start(
        fixture,
        plan('Log and read', [
          { id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged. ' } },
          { id: 'read', tool: 'vault.readFile', args: { path: '${steps.note.filePath}' } },
        ]),
      );
      expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['plan', 'vault.readFile']);
      expect(fixture.approval.requests[1]!.preview.notes).toEqual([
        "The plan's preview you approved did not show this: run vault.readFile with these arguments. Approve it only if you expect it.",
      ]);
    });

    it('should run without asking again every change the card showed', async () => {
      const fixture = await buildPlanHost({ files: { 'Journal.md': '# Journal\n' }, open: { path: 'Journal.md' } });
      const outcome = await start(
        fixture,
        plan('Log', [
          { id: 'note', tool: 'editor.insertAtCursor', args: { text: 'Logged. ' } },
          { id: 'index', tool: 'vault.writeFile', args: { path: 'Index.md', content: 'See Journal.md' } },
        ]),
      );
      expect(outcome.status === 'ran' && outcome.result.status).toBe('completed');
      expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['plan']);
      expect(fixture.vault.dump()).toEqual({ 'Journal.md': 'Logged. # Journal\n', 'Index.md': 'See Journal.md' });
      expect(fixture.audit().map((line) => line.approval)).toEqual(['approved-in-preview', 'approved-in-preview']);
    });
  });

  describe('a step writes over what its preview showed, nothing else', () => {
    it('should ask on its own card, showing the note as it is now, for a step whose note changed while the plan card was open, and keep the change when refused', async () => {
      let fixture: PlanFixture | undefined;
      fixture = await buildPlanHost({
        files: { 'Plan.md': '# Plan\n\n- one\n' },
        approval: whileOpen(() => fixture!.vault.append('Plan.md', '- from sync\n')),
      });
      const outcome = await start(fixture, rewrite());
      expect(fixture.approval.requests.map((request) => [request.tool, request.summary])).toEqual([
        ['plan', 'Run plan "Rewrite the plan": 1 modified'],
        ['vault.writeFile', 'Change Plan.md'],
      ]);
      expect(fixture.approval.requests[1]!.preview.notes).toEqual([
        '"Plan.md" changed after the plan\'s preview you approved was made, by another program (an editor, a sync): this card shows it as it is now. Nothing has been written yet.',
      ]);
      expect(outcome.status === 'ran' && outcome.result.steps[0]?.error?.code).toBe('DENIED');
      expect(fixture.vault.dump()).toEqual({ 'Plan.md': '# Plan\n\n- one\n- from sync\n' });
    });

    it('should not create over a note that appeared where the preview showed none', async () => {
      let fixture: PlanFixture | undefined;
      fixture = await buildPlanHost({ approval: whileOpen(() => fixture!.vault.create('fresh.md', 'mine')) });
      await start(
        fixture,
        plan('Start fresh', [
          {
            id: 'write',
            tool: 'vault.createFile',
            args: { path: 'fresh.md', content: 'new', collisionStrategy: 'overwrite' },
          },
        ]),
      );
      expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['plan', 'vault.createFile']);
      expect(fixture.vault.dump()).toEqual({ 'fresh.md': 'mine' });
    });

    it('should run, without asking again, a plan that writes one note twice, each time over what its preview showed', async () => {
      const fixture = await buildPlanHost({ files: { 'Log.md': 'start\n' } });
      const outcome = await start(
        fixture,
        plan('Log twice', [
          { id: 'a', tool: 'vault.writeFile', args: { path: 'Log.md', content: 'done\n' } },
          { id: 'b', tool: 'vault.writeFile', args: { path: 'Log.md', content: 'done\n' } },
        ]),
      );
      expect(outcome.status === 'ran' && outcome.result.status).toBe('completed');
      expect(fixture.approval.requests.map((request) => request.tool)).toEqual(['plan']);
      expect(fixture.vault.dump()).toEqual({ 'Log.md': 'done\n' });
    });
  });
});
