import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';

/** "Café.md" with the accent as a combining character (NFD), as macOS's older file systems wrote names. */
const DECOMPOSED = 'Cafe\u0301.md';

describe('checkpoints of a folder holding a file whose name is not in NFC form, on disk', () => {
  let folder: string;
  let vault: NodeVault;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-nfd-'));
    await mkdir(join(folder, 'vault', 'Dir'), { recursive: true });
    await writeFile(join(folder, 'vault', 'Dir', DECOMPOSED), 'written on a Mac long ago');
    await writeFile(join(folder, 'vault', 'Dir', 'plain.md'), 'plain');
    vault = new NodeVault(join(folder, 'vault'));
  });

  afterEach(async () => {
    vault.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('should not delete it for good without a checkpoint that can bring it back', async () => {
    const service = new CheckpointService({ vault, gitFs: new NodeGitFs(join(folder, 'repo')), clock: fixedClock() });
    const { pipeline, run } = buildPipeline({ approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })), context: { vault }, deps: { checkpoints: service } });
    const outcome = await pipeline.execute({ id: '1', name: 'vault.delete', input: { path: 'Dir', trash: false } }, run);
    await pipeline.endRun(run);
    if ((await service.listRuns()).length > 0) await service.revert('run-1');
    expect((await readdir(join(folder, 'vault', 'Dir'))).sort()).toEqual([DECOMPOSED, 'plain.md']);
    expect(outcome.error?.message).toContain(`"Dir/${DECOMPOSED}" is listed in "Dir" but cannot be read`);
  });
});
