import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { countingGitFs } from '../../builders/countingGitFs';
import { fixedClock } from '../../builders/toolContext';

/** What one write costs in the checkpoint repository must not grow with the number of writes the run made before. */
describe('CheckpointService: the cost of a write in a long run', () => {
  let folder: string;
  let vault: MemoryVault;
  let inner: NodeGitFs;

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-checkpoint-cost-'));
    vault = new MemoryVault({});
    inner = new NodeGitFs(join(folder, 'repo'));
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const createNotes = async (service: CheckpointService, from: number, to: number): Promise<void> => {
    for (let n = from; n <= to; n++) {
      const path = `Notes/${n}.md`;
      const { seq } = await service.checkpoint('long', { tool: 'vault.createFile', paths: [path] });
      await vault.create(path, `note ${n}`);
      await service.recordAfter('long', seq, [path]);
    }
  };

  it('should read no journal bytes and write only the new line for the 51st write of a run, as for the 2nd', async () => {
    const counting = countingGitFs(inner, (path) => path.includes('/journals/'));
    const service = new CheckpointService({ vault, gitFs: counting.gitFs, clock: fixedClock() });
    service.beginRun('long');
    const lastLineBytes = async (): Promise<number> =>
      Buffer.byteLength(
        `${(await readFile(join(inner.root, 'journals', 'long.jsonl'), 'utf8')).trimEnd().split('\n').pop() ?? ''}\n`,
      );
    await createNotes(service, 1, 1);
    counting.reset();
    await createNotes(service, 2, 2);
    expect(counting.total()).toEqual({ calls: 2, bytesRead: 0, bytesWritten: await lastLineBytes() });
    await createNotes(service, 3, 50);
    counting.reset();
    await createNotes(service, 51, 51);
    expect(counting.total()).toEqual({ calls: 2, bytesRead: 0, bytesWritten: await lastLineBytes() });
  });

  it('should read the one checkpoint it records after, not every checkpoint of the run, after a restart', async () => {
    const first = new CheckpointService({ vault, gitFs: inner, clock: fixedClock() });
    first.beginRun('long');
    await createNotes(first, 1, 40);
    const counting = countingGitFs(inner, (path) => path.includes('/objects/'));
    const restarted = new CheckpointService({ vault, gitFs: counting.gitFs, clock: fixedClock() });
    restarted.beginRun('long');
    const { seq } = await restarted.checkpoint('long', { tool: 'vault.createFile', paths: ['Notes/41.md'] });
    await vault.create('Notes/41.md', 'note 41');
    counting.reset();
    await restarted.recordAfter('long', seq, ['Notes/41.md']);
    expect(counting.tally.get('readFile')?.calls ?? 0).toBeLessThanOrEqual(3);
    expect((await restarted.listCheckpoints('long')).map((info) => info.recordedAfter)).toEqual(
      Array.from({ length: 41 }, () => true),
    );
  });

  it('should refuse to record after a checkpoint the run does not have, naming the ones it has', async () => {
    const service = new CheckpointService({ vault, gitFs: inner, clock: fixedClock() });
    service.beginRun('long');
    await createNotes(service, 1, 3);
    for (const seq of [0, 4, 1.5]) {
      await expect(service.recordAfter('long', seq)).rejects.toThrow(`Run "long" has checkpoints 1-3, not ${seq}`);
    }
    await expect(service.recordAfter('other', 1)).rejects.toThrow(
      'Run "other" has no checkpoints (never checkpointed, or pruned)',
    );
  });
});
