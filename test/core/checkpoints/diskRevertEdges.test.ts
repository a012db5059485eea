import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import type { ToolExecutionPipeline } from '../../../src/core/tool-execution/ToolExecutionPipeline';
import type { CallOutcome, RunState } from '../../../src/core/tool-execution/types';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';

/** Revert over a folder on disk, where links, hidden entries and the trash are real: each through the pipeline. */
describe('revert edge cases over NodeVault', () => {
  let folder: string;
  let root: string;
  let vault: NodeVault;
  let service: CheckpointService;
  let pipeline: ToolExecutionPipeline;
  let approval: ScriptedApproval;
  let run: RunState;

  const call = (name: string, input: Record<string, unknown>): Promise<CallOutcome> => pipeline.execute({ id: name, name, input }, run);
  const disk = (path: string): string => join(root, path);
  const put = async (path: string, text: string): Promise<void> => {
    await mkdir(dirname(disk(path)), { recursive: true });
    await writeFile(disk(path), text);
  };

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-disk-edges-'));
    root = join(folder, 'vault');
    await put('Real/r.md', 'real');
    await put('Code/main.md', 'main');
    await put('Code/.git/HEAD', 'ref: refs/heads/main');
    await put('Code/.env', 'KEY=1');
    vault = new NodeVault(root);
    service = new CheckpointService({ vault, gitFs: new NodeGitFs(join(folder, 'repo')), clock: fixedClock() });
    approval = new ScriptedApproval(() => ({ approved: true, scope: 'once' }));
    const fixture = buildPipeline({ approval, context: { vault, checkpoints: service }, deps: { checkpoints: service } });
    pipeline = fixture.pipeline;
    run = fixture.run;
  });

  afterEach(async () => {
    vault.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('should refuse, before asking, to move a folder holding hidden entries, which a revert could not move back', async () => {
    const outcome = await call('vault.rename', { fromPath: 'Code', toPath: 'Archive/Code' });
    expect(outcome.error).toEqual({
      code: 'NOT_ALLOWED',
      message:
        'vault.rename: "Code" holds hidden entries ("Code/.env", "Code/.git") that no checkpoint records, so a revert could not move them back; it is not moved. Move the notes in it one by one instead, or ask the user to move the folder',
    });
    expect(approval.requests).toEqual([]);
    expect(await readdir(disk('Code'))).toEqual(['.env', '.git', 'main.md']);
    expect(await service.listRuns()).toEqual([]);
  });
});
