import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { hashContent } from '../../../src/core/checkpoints/hashContent';
import { touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import type { CheckpointInfo } from '../../../src/core/checkpoints/types';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { makeHarness, snapshot, write, type Harness } from './harness';

const hashOf = (text: string): Promise<string> => hashContent(new TextEncoder().encode(text));

describe('CheckpointService: restore, conflicts and crashes', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await makeHarness({ 'a.md': 'a0', 'b.md': 'b0', 'Notes/c.md': 'c0' });
    h.service.beginRun('run-1');
  });

  afterEach(async () => {
    await h.cleanup();
  });

  describe('restore to checkpoint K', () => {
    it('should bring the vault back to its state just before checkpoint K, leaving earlier writes in place', async () => {
      const states = [await snapshot(h.vault)];
      const steps: [string[], () => Promise<unknown>][] = [
        [['a.md'], () => h.vault.modify('a.md', 'a1')],
        [['new.md'], () => h.vault.create('new.md', 'n1')],
        [['a.md'], () => h.vault.modify('a.md', 'a2')],
        [['b.md'], () => h.vault.delete('b.md')],
        [['new.md'], () => h.vault.append('new.md', '+')],
      ];
      for (const [paths, action] of steps) {
        await write(h.service, 'run-1', { tool: 'test', paths }, action);
        states.push(await snapshot(h.vault));
      }
      await h.service.endRun('run-1');
      for (const k of [5, 4, 3, 2]) {
        await h.service.restore('run-1', k);
        expect(await snapshot(h.vault)).toEqual(states[k - 1]);
      }
    });

    it('should plan the restore without changing anything', async () => {
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await write(h.service, 'run-1', { tool: 'test', paths: ['x/new.md'] }, () => h.vault.create('x/new.md', 'n'));
      const before = await snapshot(h.vault);
      expect(await h.service.planRevert('run-1')).toEqual({
        runId: 'run-1',
        toSeq: 1,
        changes: [
          { path: 'x/new.md', kind: 'file', action: 'delete' },
          { path: 'x', kind: 'folder', action: 'delete' },
          { path: 'a.md', kind: 'file', action: 'restore', text: 'a0' },
        ],
        conflicts: [],
      });
      expect(await h.service.planRestore('run-1', 2)).toMatchObject({
        toSeq: 2,
        changes: [{ path: 'x/new.md' }, { path: 'x' }],
      });
      expect(await snapshot(h.vault)).toEqual(before);
    });

    it('should refuse a checkpoint number the run does not have', async () => {
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await expect(h.service.restore('run-1', 2)).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Run "run-1" has checkpoints 1-1, not 2',
      });
    });
  });

  describe('conflicts', () => {
    beforeEach(async () => {
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await write(h.service, 'run-1', { tool: 'test', paths: ['b.md'] }, () => h.vault.modify('b.md', 'b1'));
      await write(h.service, 'run-1', { tool: 'test', paths: ['made.md'] }, () => h.vault.create('made.md', 'm1'));
      await h.service.endRun('run-1');
    });

    it('should report files the user edited or deleted after the run, with both hashes', async () => {
      await h.vault.modify('a.md', 'user edit');
      await h.vault.delete('b.md');
      const plan = await h.service.planRevert('run-1');
      expect(plan.conflicts).toEqual([
        { path: 'a.md', expectedHash: await hashOf('a1'), actualHash: await hashOf('user edit'), reason: 'edited' },
        { path: 'b.md', expectedHash: await hashOf('b1'), actualHash: null, reason: 'edited' },
      ]);
      expect(plan.changes).toEqual([{ path: 'made.md', kind: 'file', action: 'delete' }]);
    });

    it("should report a file edited between two of the run's writes: the revert would drop that edit too", async () => {
      h.service.beginRun('run-2');
      await write(h.service, 'run-2', { tool: 'vault.writeFile', paths: ['Notes/c.md'] }, () =>
        h.vault.modify('Notes/c.md', 'c1'),
      );
      // The user (or another run) changes the note while this run goes on, and the run then appends to it.
      await h.vault.modify('Notes/c.md', 'c1 and the user');
      await write(h.service, 'run-2', { tool: 'vault.writeFile', paths: ['Notes/c.md'] }, () =>
        h.vault.append('Notes/c.md', ', then the run'),
      );
      await h.service.endRun('run-2');

      const plan = await h.service.planRevert('run-2');
      expect(plan.conflicts).toEqual([
        {
          path: 'Notes/c.md',
          expectedHash: await hashOf('c1'),
          actualHash: await hashOf('c1 and the user'),
          reason: 'edited',
        },
      ]);
      await h.service.revert('run-2');
      expect(await h.vault.read('Notes/c.md')).toBe('c1 and the user, then the run');
      // Undoing only the second write keeps the edit made before it.
      expect((await h.service.planRestore('run-2', 2)).conflicts).toEqual([]);
      await h.service.revert('run-2', { overwriteConflicts: true });
      expect(await h.vault.read('Notes/c.md')).toBe('c0');
    });

    it('should not count a file the user already put back as it was before the run', async () => {
      await h.vault.modify('a.md', 'a0');
      await h.vault.delete('made.md');
      expect(await h.service.planRevert('run-1')).toMatchObject({
        changes: [{ path: 'b.md', action: 'restore' }],
        conflicts: [],
      });
    });

    it('should not overwrite a conflicting file, restore the rest and report what it skipped', async () => {
      await h.vault.modify('a.md', 'user edit');
      const result = await h.service.revert('run-1');
      expect(result.skipped.map((conflict) => conflict.path)).toEqual(['a.md']);
      expect(h.vault.dump()).toEqual({ 'a.md': 'user edit', 'b.md': 'b0', 'Notes/c.md': 'c0' });
    });

    it('should overwrite conflicting files when told to, and keep what it overwrote in the revert run', async () => {
      await h.vault.modify('a.md', 'user edit');
      const result = await h.service.revert('run-1', { overwriteConflicts: true });
      expect(result.skipped).toEqual([]);
      expect(h.vault.dump()).toEqual({ 'a.md': 'a0', 'b.md': 'b0', 'Notes/c.md': 'c0' });
      await h.service.revert(result.revertRunId!);
      expect(await h.vault.read('a.md')).toBe('user edit');
    });

    it('should never remove a folder the user made where a file must come back, even when overwriting', async () => {
      h.service.beginRun('run-3');
      await write(h.service, 'run-3', { tool: 'vault.delete', paths: ['Notes/c.md'] }, () =>
        h.vault.delete('Notes/c.md'),
      );
      await h.vault.create('Notes/c.md/mine.md', 'user folder');
      const result = await h.service.revert('run-3', { overwriteConflicts: true });
      expect(result.skipped).toEqual([
        { path: 'Notes/c.md', expectedHash: null, actualHash: null, reason: 'folder-in-the-way' },
      ]);
      expect(await h.vault.read('Notes/c.md/mine.md')).toBe('user folder');
    });
  });

  describe('two runs writing one file', () => {
    it('should make a checkpoint of a file another run is writing wait until that write is recorded', async () => {
      h.service.beginRun('run-2');
      h.service.beginRun('run-3');
      await h.service.checkpoint('run-1', { tool: 'test', paths: ['a.md'] });
      let waited: CheckpointInfo | null = null;
      const second = h.service
        .checkpoint('run-2', { tool: 'test', paths: ['b.md', 'a.md'] })
        .then((info) => (waited = info));
      // Other files go on.
      const other = await h.service.checkpoint('run-3', { tool: 'test', paths: ['b.md'] });
      await h.service.recordAfter('run-3', other.seq, ['b.md']);
      await h.vault.modify('a.md', 'a1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(waited).toBeNull();

      // Ending the run lets go of whatever it still holds, such as a write that never reported back.
      await h.service.endRun('run-1');
      await second;
      // Its pre-state is what run-1 left, not what was there when it first asked.
      expect((await h.service.diff('run-2', 1)).find((diff) => diff.path === 'a.md')).toMatchObject({
        before: 'file',
        changed: false,
      });
    });
  });

  describe('revert of a revert', () => {
    it('should undo a revert with the same mechanism, back to the state after the run', async () => {
      const touched = await touchedByRename(h.vault, 'Notes', 'Archive');
      await write(h.service, 'run-1', { tool: 'vault.rename', ...touched }, () => h.vault.rename('Notes', 'Archive'));
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await h.service.endRun('run-1');
      const start = await snapshot(h.vault);

      const first = await h.service.revert('run-1');
      expect(first.revertRunId).toBe('revert-run-1-1');
      const undo = await h.service.revert('revert-run-1-1');
      expect(undo.revertRunId).toBe('revert-revert-run-1-1-1');
      expect(await snapshot(h.vault)).toEqual(start);

      const again = await h.service.revert('run-1');
      expect(again.revertRunId).toBe('revert-run-1-2');
      expect(h.vault.dump()).toEqual({ 'a.md': 'a0', 'b.md': 'b0', 'Notes/c.md': 'c0' });
    });
  });

  describe('a run cut off midway', () => {
    it('should revert after a restart when the last write never reported back', async () => {
      const before = await snapshot(h.vault);
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await h.service.checkpoint('run-1', { tool: 'test', paths: ['Notes/d.md'] });
      await h.vault.create('Notes/d.md', 'written, then the app died');

      const restarted = h.restart();
      expect((await restarted.listCheckpoints('run-1')).map((info) => info.recordedAfter)).toEqual([true, false]);
      expect((await restarted.planRevert('run-1')).conflicts).toEqual([]);
      await restarted.revert('run-1');
      expect(await snapshot(h.vault)).toEqual(before);
    });

    it('should revert when the write after the last checkpoint never happened', async () => {
      const before = await snapshot(h.vault);
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await h.service.checkpoint('run-1', { tool: 'test', paths: ['b.md'] });
      const result = await h.restart().revert('run-1');
      expect(result.applied).toEqual([{ path: 'a.md', kind: 'file', action: 'restore' }]);
      expect(await snapshot(h.vault)).toEqual(before);
    });

    it('should still detect conflicts on files whose writes did report back', async () => {
      await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'a1'));
      await h.service.checkpoint('run-1', { tool: 'test', paths: ['b.md'] });
      await h.vault.modify('a.md', 'user edit');
      const plan = await h.restart().planRevert('run-1');
      expect(plan.conflicts.map((conflict) => conflict.path)).toEqual(['a.md']);
    });
  });

  describe('errors', () => {
    it('should refuse a checkpoint for a run that has not begun', async () => {
      await expect(h.service.checkpoint('other', { tool: 'test', paths: ['a.md'] })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Run "other" has not begun: call beginRun("other") before checkpoint',
      });
    });

    it('should refuse a run id that cannot name a branch', () => {
      expect(() => h.service.beginRun('../escape')).toThrow(
        'Run id "../escape" cannot name a checkpoint branch: use 1-200 letters, digits, ".", "_" or "-", starting with a letter or digit',
      );
    });

    it('should name the repository folder when it cannot be created', async () => {
      const file = join(dirname(h.gitFs.root), 'not-a-folder');
      await writeFile(file, 'a file where a parent folder should be');
      const gitFs = new NodeGitFs(join(file, 'repo'));
      const service = new CheckpointService({ vault: h.vault, gitFs, clock: h.clock });
      service.beginRun('run-1');
      await expect(service.checkpoint('run-1', { tool: 'test', paths: ['a.md'] })).rejects.toMatchObject({
        code: 'INTERNAL',
        message: expect.stringContaining(
          `Could not create the checkpoint repository in "${gitFs.root}": ENOTDIR`,
        ) as unknown,
      });
    });

    it('should say when a run has no checkpoints', async () => {
      await expect(h.service.revert('missing')).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Run "missing" has no checkpoints (never checkpointed, or pruned)',
      });
    });
  });
});
