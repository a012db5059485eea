import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../../src/core/checkpoints/CheckpointService';
import type { ToolExecutionPipeline } from '../../../../src/core/tool-execution/ToolExecutionPipeline';
import type { CallOutcome, RunState } from '../../../../src/core/tool-execution/types';
import type { ListCheckpointsOutput } from '../../../../src/core/tools/checkpoints/list';
import { NodeGitFs } from '../../../../src/node/NodeGitFs';
import { NodeVault } from '../../../../src/node/NodeVault';
import { buildPipeline, ScriptedApproval } from '../../../builders/pipeline';
import { fixedClock } from '../../../builders/toolContext';

const DIARY = 'Dear diary, a secret';

/**
 * A run that wrote a note the ignore rules hide only later (the rules were added after the run): its checkpoints
 * hold that note, and the checkpoint tools must not show it, nor restore it, any more than vault.readFile would.
 */
describe('checkpoint tools and the ignore rules', () => {
  let folder: string;
  let vault: NodeVault;
  let service: CheckpointService;
  let pipeline: ToolExecutionPipeline;
  let approval: ScriptedApproval;
  let first: RunState;

  const call = (run: RunState, name: string, input: Record<string, unknown>): Promise<CallOutcome> =>
    pipeline.execute({ id: name, name, input }, run);
  const later = (): RunState =>
    pipeline.startRun('run-2', {
      ports: { ...first.ports },
      signal: new AbortController().signal,
      approval: first.approval,
    });

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-ignored-checkpoints-'));
    await mkdir(join(folder, 'vault'));
    vault = new NodeVault(join(folder, 'vault'));
    await vault.create('Notes/Private/diary.md', 'old diary');
    await vault.create('Notes/plan.md', 'plan');
    service = new CheckpointService({ vault, gitFs: new NodeGitFs(join(folder, 'repo')), clock: fixedClock() });
    approval = new ScriptedApproval(() => ({ approved: true, scope: 'once' }));
    const fixture = buildPipeline({
      approval,
      context: { vault, checkpoints: service },
      deps: { checkpoints: service },
    });
    pipeline = fixture.pipeline;
    first = fixture.run;
    for (const [name, input] of [
      ['vault.writeFile', { path: 'Notes/Private/diary.md', content: DIARY }],
      ['vault.createFile', { path: 'Notes/todo.md', content: 'todo' }],
    ] as const) {
      expect((await call(first, name, input)).error).toBeUndefined();
    }
    await pipeline.endRun(first);
    await vault.create('.agentignore', 'Notes/Private/\n');
  });

  afterEach(async () => {
    vault.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("should leave ignored notes out of checkpoints.list, for runs and for one run's checkpoints", async () => {
    const run = later();
    const runs = await call(run, 'checkpoints.list', { limit: 10 });
    const [listedRun] = (runs.output as ListCheckpointsOutput).runs ?? [];
    expect(listedRun).toMatchObject({ runId: 'run-1', checkpoints: 2 });
    expect(listedRun?.files).toContain('Notes/todo.md');
    const checkpoints = await call(run, 'checkpoints.list', { runId: 'run-1', limit: 10 });
    const listed = (checkpoints.output as ListCheckpointsOutput).checkpoints ?? [];
    expect(listed.map(({ seq, tool, absent }) => ({ seq, tool, absent }))).toEqual([
      { seq: 1, tool: 'vault.writeFile', absent: [] },
      { seq: 2, tool: 'vault.createFile', absent: ['Notes/todo.md'] },
    ]);
    expect(listed[1]?.files).toContain('Notes/todo.md');
    expect(runs.content + checkpoints.content).not.toContain('diary');
  });

  it('should leave ignored notes out of checkpoints.diff, so neither their old nor their current text shows', async () => {
    const outcome = await call(later(), 'checkpoints.diff', { runId: 'run-1', seq: 1 });
    expect(outcome.error).toBeUndefined();
    expect(outcome.content).not.toContain('diary');
    expect(outcome.content).not.toContain('secret');
  });

  it('should neither show nor restore an ignored note in checkpoints.restore, and restore the rest', async () => {
    const outcome = await call(later(), 'checkpoints.restore', { runId: 'run-1', seq: 1, overwriteConflicts: false });
    expect(outcome.error).toBeUndefined();
    const asked = approval.requests.filter((request) => request.runId === 'run-2');
    expect(asked.map((request) => request.tool)).toEqual(['checkpoints.restore']);
    expect(JSON.stringify(asked)).not.toContain('diary');
    expect(outcome.content).not.toContain('diary');
    expect(outcome.output).toMatchObject({ applied: [{ path: 'Notes/todo.md', action: 'delete' }], skipped: [] });
    expect(await vault.read('Notes/Private/diary.md')).toBe(DIARY);
    expect(await vault.stat('Notes/todo.md')).toBeNull();
  });

  it('should leave out a recorded note that is a link to an ignored one', async () => {
    await rm(join(folder, 'vault', 'Notes/todo.md'));
    await symlink('Private/diary.md', join(folder, 'vault', 'Notes/todo.md'));
    const run = later();
    const listed = await call(run, 'checkpoints.list', { runId: 'run-1', limit: 10 });
    expect(listed.content).not.toContain('todo.md');
    const diff = await call(run, 'checkpoints.diff', { runId: 'run-1', seq: 2 });
    expect(diff.error).toBeUndefined();
    expect(diff.content).not.toContain('todo.md');
    expect(diff.content).not.toContain('secret');
  });
});
