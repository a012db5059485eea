import { link, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
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

  const call = (name: string, input: Record<string, unknown>): Promise<CallOutcome> =>
    pipeline.execute({ id: name, name, input }, run);
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
    const fixture = buildPipeline({
      approval,
      context: { vault, checkpoints: service },
      deps: { checkpoints: service },
    });
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

  describe('the trash', () => {
    beforeEach(async () => {
      await put('Notes/n.md', 'n');
      await put('Notes/Deep/d.md', 'd');
      await put('.trash/n.md', 'trashed by the user before');
    });

    it('should take the trashed copy out of .trash/ when a revert brings a trashed note back, and put it back when that revert is undone', async () => {
      expect((await call('vault.delete', { path: 'Notes/n.md', trash: true })).error).toBeUndefined();
      expect(await readFile(disk('.trash/n 2.md'), 'utf8')).toBe('n');
      await pipeline.endRun(run);
      const revert = await service.revert('run-1');
      expect(await readFile(disk('Notes/n.md'), 'utf8')).toBe('n');
      expect((await readdir(disk('.trash'))).sort()).toEqual(['n.md']);
      expect(await readFile(disk('.trash/n.md'), 'utf8')).toBe('trashed by the user before');
      await service.revert(revert.revertRunId ?? '');
      expect(await readFile(disk('.trash/n 2.md'), 'utf8')).toBe('n');
      expect(await vault.stat('Notes/n.md')).toBeNull();
    });

    it('should let the agent restore a trashed note with checkpoints.restore, leaving the copy in .trash/, which is read-only for it', async () => {
      expect((await call('vault.delete', { path: 'Notes/n.md', trash: true })).error).toBeUndefined();
      await pipeline.endRun(run);
      run = pipeline.startRun('run-2', {
        ports: run.ports,
        signal: new AbortController().signal,
        approval: run.approval,
      });
      const outcome = await call('checkpoints.restore', { runId: 'run-1', seq: 1, overwriteConflicts: false });
      expect(outcome.error).toBeUndefined();
      expect(await readFile(disk('Notes/n.md'), 'utf8')).toBe('n');
      expect(await readFile(disk('.trash/n 2.md'), 'utf8')).toBe('n');
    });

    it('should take a trashed folder out of .trash/ when a revert brings it back, and .trash/ itself when the run made it', async () => {
      await rm(disk('.trash'), { recursive: true });
      expect((await call('vault.delete', { path: 'Notes', trash: true })).error).toBeUndefined();
      await pipeline.endRun(run);
      await service.revert('run-1');
      expect(await readFile(disk('Notes/Deep/d.md'), 'utf8')).toBe('d');
      expect(await readdir(root)).not.toContain('.trash');
    });
  });

  describe('symbolic links, which a checkpoint records as the bytes they lead to', () => {
    beforeEach(async () => {
      await symlink(disk('Real'), disk('Linked'), 'dir');
      await symlink('Real/r.md', disk('alias.md'));
      await put('Notes/n.md', 'n');
      await symlink('../Real/r.md', disk('Notes/alias.md'));
    });

    /** The call fails with NOT_ALLOWED and `message` before anyone is asked, and the link is still a link. */
    const refusedUnasked = async (outcome: CallOutcome, message: string, link: string): Promise<void> => {
      expect(outcome.error).toEqual({ code: 'NOT_ALLOWED', message });
      expect(approval.requests).toEqual([]);
      expect((await lstat(disk(link))).isSymbolicLink()).toBe(true);
    };
    const LINK_WHY = 'a checkpoint records the bytes a link leads to, not the link, so a revert could not bring';

    it('should refuse, before asking, to move a linked folder', async () => {
      const outcome = await call('vault.rename', { fromPath: 'Linked', toPath: 'Archive/Linked' });
      await refusedUnasked(
        outcome,
        `vault.rename: "Linked" is a symbolic link; ${LINK_WHY} it back; it is not moved. Ask the user to move it`,
        'Linked',
      );
    });

    it("should revert a linked folder's move recorded before such moves were refused, keeping the link where it went", async () => {
      run = pipeline.startRun('run-old', {
        ports: run.ports,
        signal: new AbortController().signal,
        approval: run.approval,
      });
      const touched = await touchedByRename(vault, 'Linked', 'Archive/Linked');
      const { seq } = await service.checkpoint('run-old', { tool: 'vault.rename', ...touched });
      await vault.rename('Linked', 'Archive/Linked');
      await service.recordAfter('run-old', seq, touched.paths);
      await pipeline.endRun(run);
      const result = await service.revert('run-old');
      expect(result.keptFolders).toContain('Archive/Linked');
      expect((await lstat(disk('Archive/Linked'))).isSymbolicLink()).toBe(true);
      expect(await readFile(disk('Real/r.md'), 'utf8')).toBe('real');
    });

    it('should refuse, before asking, to delete a link, for good or to the trash: it would come back as a copy', async () => {
      for (const trash of [false, true]) {
        const outcome = await call('vault.delete', { path: 'alias.md', trash });
        await refusedUnasked(
          outcome,
          `vault.delete: "alias.md" is a symbolic link; ${LINK_WHY} it back; it is not deleted. Ask the user to delete it`,
          'alias.md',
        );
      }
    });

    it('should refuse, before asking, a move that would put a link in the trash to make room', async () => {
      const outcome = await call('vault.rename', {
        fromPath: 'Notes/n.md',
        toPath: 'alias.md',
        collisionStrategy: 'overwrite',
      });
      await refusedUnasked(
        outcome,
        `vault.rename: "alias.md" is a symbolic link; ${LINK_WHY} it back; it is not deleted. Ask the user to delete it`,
        'alias.md',
      );
    });

    it('should refuse, before asking, to move or delete a folder holding a link', async () => {
      const moved = await call('vault.rename', { fromPath: 'Notes', toPath: 'Archive/Notes' });
      const holds = `"Notes" holds symbolic links ("Notes/alias.md"); ${LINK_WHY} them back`;
      await refusedUnasked(moved, `vault.rename: ${holds}; it is not moved. Ask the user to move it`, 'Notes/alias.md');
      const deleted = await call('vault.delete', { path: 'Notes', trash: true });
      await refusedUnasked(
        deleted,
        `vault.delete: ${holds}; it is not deleted. Ask the user to delete it`,
        'Notes/alias.md',
      );
      expect(await readFile(disk('Notes/n.md'), 'utf8')).toBe('n');
    });
  });

  describe('a note with a second hard link, which may be outside the vault', () => {
    let outside: string;

    beforeEach(async () => {
      outside = join(folder, 'outside.md');
      await writeFile(outside, 'outside');
      await link(outside, disk('Shared.md'));
    });

    it('should refuse, before asking, to write it at all: an append through the link changed the file outside, and a revert did not undo it', async () => {
      for (const mode of ['append', 'overwrite']) {
        const outcome = await call('vault.writeFile', { path: 'Shared.md', content: ' + more', mode });
        expect(outcome.error).toEqual({
          code: 'FORBIDDEN_PATH',
          message:
            '"Shared.md" has 2 hard links: the same file has another name, perhaps outside the vault, which a write here would change too; the agent does not write it. Ask the user to replace it with a plain copy',
        });
      }
      expect(approval.requests).toEqual([]);
      expect(await readFile(outside, 'utf8')).toBe('outside');
      expect(await readFile(disk('Shared.md'), 'utf8')).toBe('outside');
    });

    it('should refuse, before asking, to move or delete it', async () => {
      expect((await call('vault.rename', { fromPath: 'Shared.md', toPath: 'Moved.md' })).error?.code).toBe(
        'FORBIDDEN_PATH',
      );
      expect((await call('vault.delete', { path: 'Shared.md', trash: true })).error?.code).toBe('FORBIDDEN_PATH');
      expect((await call('vault.delete', { path: 'Shared.md', trash: false })).error?.code).toBe('FORBIDDEN_PATH');
      expect(approval.requests).toEqual([]);
      expect(await readFile(disk('Shared.md'), 'utf8')).toBe('outside');
    });
  });
});
