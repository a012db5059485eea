import git from 'isomorphic-git';
import * as fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeHarness, snapshot, write, type Harness } from './harness';

/** Bytes that deflate cannot shrink, so object sizes on disk are predictable. */
function noise(size: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = seed;
  for (let i = 0; i < size; i++) {
    // xorshift32: stays within 32 bits, where JS arithmetic is exact.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

const KB = 1024;

describe('CheckpointService.prune', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await makeHarness();
    for (const n of [1, 2, 3, 4]) await h.vault.writeBinary(`file-${n}.bin`, noise(40 * KB, n));
    for (const n of [1, 2, 3, 4]) {
      const runId = `run-${n}`;
      h.service.beginRun(runId);
      await write(h.service, runId, { tool: 'vault.delete', paths: [`file-${n}.bin`] }, () =>
        h.vault.delete(`file-${n}.bin`),
      );
      if (n < 4) await h.service.endRun(runId);
      h.clock.advance(60_000);
    }
  });

  afterEach(async () => {
    await h.cleanup();
  });

  it('should do nothing while the repository is under the cap', async () => {
    const size = await h.gitFs.sizeBytes();
    expect(await h.service.prune(size)).toEqual({
      removedRuns: [],
      removedObjects: 0,
      bytesBefore: size,
      bytesAfter: size,
    });
    expect(await h.service.listRuns()).toHaveLength(4);
  });

  it('should delete the oldest runs until under the cap and keep the newest runs readable', async () => {
    const result = await h.service.prune(100 * KB);
    expect(result.removedRuns).toEqual(['run-1', 'run-2']);
    expect(result.bytesAfter).toBeLessThanOrEqual(100 * KB);
    expect(result.bytesAfter).toBe(await h.gitFs.sizeBytes());
    expect((await h.service.listRuns()).map((run) => run.runId)).toEqual(['run-4', 'run-3']);
    expect(
      fs
        .readdirSync(`${h.gitFs.root}/journals`)
        .filter((name) => name.endsWith('.jsonl'))
        .sort(),
    ).toEqual(['run-3.jsonl', 'run-4.jsonl']);

    await h.service.revert('run-3');
    expect(await h.vault.readBinary('file-3.bin')).toEqual(noise(40 * KB, 3));
    await expect(h.service.revert('run-1')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should never prune the run in progress, nor the newest run that has ended, even over the cap', async () => {
    const result = await h.service.prune(0);
    expect(result.removedRuns).toEqual(['run-1', 'run-2']);
    expect((await h.service.listRuns()).map((run) => run.runId)).toEqual(['run-4', 'run-3']);
    await h.service.revert('run-4');
    expect(await snapshot(h.vault)).toMatchObject({
      files: { 'file-4.bin': Buffer.from(noise(40 * KB, 4)).toString('hex') },
    });
  });

  it('should keep the newest run once it has ended, even when it alone is over the cap, so "Revert last run" still works', async () => {
    // After each run the services end it and prune: the run the user may want to revert is no longer in progress.
    await h.service.endRun('run-4');
    const result = await h.service.prune(0);
    expect(result.removedRuns).toEqual(['run-1', 'run-2', 'run-3']);
    expect((await h.service.listRuns()).map((run) => run.runId)).toEqual(['run-4']);
    await h.service.revert('run-4');
    expect(await h.vault.readBinary('file-4.bin')).toEqual(noise(40 * KB, 4));
  });

  it('should keep an object that a remaining run still reaches', async () => {
    h.service.beginRun('run-5');
    await h.vault.writeBinary('copy.bin', noise(40 * KB, 1));
    await write(h.service, 'run-5', { tool: 'vault.delete', paths: ['copy.bin'] }, () => h.vault.delete('copy.bin'));
    await h.service.endRun('run-5');
    await h.service.prune(150 * KB);
    expect((await h.service.listRuns()).map((run) => run.runId)).not.toContain('run-1');
    await h.service.revert('run-5');
    expect(await h.vault.readBinary('copy.bin')).toEqual(noise(40 * KB, 1));
  });

  it('should remove objects that no run reaches, such as those of a checkpoint cut off before its ref moved', async () => {
    const orphan = await git.writeBlob({ fs, gitdir: h.gitFs.root, blob: noise(40 * KB, 99) });
    const size = await h.gitFs.sizeBytes();
    const result = await h.service.prune(size - 1);
    expect(result.removedRuns).toEqual([]);
    expect(result.removedObjects).toBe(1);
    await expect(git.readBlob({ fs, gitdir: h.gitFs.root, oid: orphan })).rejects.toMatchObject({
      code: 'NotFoundError',
    });
  });

  it('should refuse a negative cap', async () => {
    await expect(h.service.prune(-1)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'prune: maxBytes must be a number of bytes ≥ 0, got -1',
    });
  });
});
