import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import git from 'isomorphic-git';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { makeHarness, write, type Harness } from './harness';

describe('CheckpointService: history, diff and the repository', () => {
  let h: Harness;

  beforeEach(async () => {
    h = await makeHarness({ 'a.md': 'line 1\nline 2\nline 3\n', 'Notes/b.md': 'b' });
  });

  afterEach(async () => {
    await h.cleanup();
  });

  it('should list runs newest first with their checkpoint counts and files', async () => {
    h.service.beginRun('morning');
    await write(h.service, 'morning', { tool: 'vault.writeFile', paths: ['a.md'] }, () => h.vault.modify('a.md', 'x'));
    await h.service.endRun('morning');
    h.clock.advance(60_000);
    h.service.beginRun('noon');
    await write(h.service, 'noon', { tool: 'vault.createFile', paths: ['c.md'] }, () => h.vault.create('c.md', 'c'));
    h.clock.advance(1_000);
    await write(h.service, 'noon', { tool: 'vault.delete', paths: ['Notes/b.md'] }, () => h.vault.delete('Notes/b.md'));

    const start = Date.UTC(2026, 0, 15, 9, 0, 0);
    expect(await h.service.listRuns()).toEqual([
      {
        runId: 'noon',
        startedAt: start + 60_000,
        lastCheckpointAt: start + 61_000,
        checkpoints: 2,
        files: ['Notes/b.md', 'c.md'],
        inProgress: true,
      },
      {
        runId: 'morning',
        startedAt: start,
        lastCheckpointAt: start,
        checkpoints: 1,
        files: ['a.md'],
        inProgress: false,
      },
    ]);
  });

  it('should tell its listeners of each checkpoint taken and each run ended, until they stop listening', async () => {
    const heard: number[] = [];
    const stop = h.service.onChange(() => heard.push(heard.length));
    h.service.beginRun('morning');
    expect(heard).toHaveLength(0);
    await write(h.service, 'morning', { tool: 'vault.writeFile', paths: ['a.md'] }, () => h.vault.modify('a.md', 'x'));
    expect(heard).toHaveLength(1);
    await h.service.endRun('morning');
    expect(heard).toHaveLength(2);
    stop();
    h.service.beginRun('noon');
    await write(h.service, 'noon', { tool: 'vault.createFile', paths: ['c.md'] }, () => h.vault.create('c.md', 'c'));
    await h.service.endRun('noon');
    expect(heard).toHaveLength(2);
  });

  it('should name as the last run the one that ended last, though a revert it made started after it', async () => {
    h.service.beginRun('older');
    await write(h.service, 'older', { tool: 'vault.writeFile', paths: ['Notes/b.md'] }, () =>
      h.vault.modify('Notes/b.md', 'B'),
    );
    await h.service.endRun('older');
    h.clock.advance(1_000);
    h.service.beginRun('outer');
    await write(h.service, 'outer', { tool: 'vault.writeFile', paths: ['a.md'] }, () => h.vault.modify('a.md', 'x'));
    h.clock.advance(1_000);
    // The run restores the older one (checkpoints.restore), which makes a revert run of its own.
    expect((await h.service.revert('older')).revertRunId).toBe('revert-older-1');
    expect((await h.service.lastRun())?.runId).toBe('revert-older-1');
    await h.service.endRun('outer');
    expect((await h.service.lastRun())?.runId).toBe('outer');
    // The last run is never pruned; after a restart, nothing is known of the order runs ended in: the newest is last.
    expect((await h.service.prune(0)).removedRuns).toEqual(['older', 'revert-older-1']);
    expect((await h.restart().lastRun())?.runId).toBe('outer');
  });

  it("should list a run's checkpoints with what each recorded as absent", async () => {
    h.service.beginRun('run-1');
    const touched = await touchedByRename(h.vault, 'Notes', 'Archive/Notes');
    await write(h.service, 'run-1', { tool: 'vault.rename', ...touched }, () =>
      h.vault.rename('Notes', 'Archive/Notes'),
    );
    await h.service.checkpoint('run-1', { tool: 'vault.append', paths: ['a.md'] });

    const [first, second] = await h.service.listCheckpoints('run-1');
    expect(first).toMatchObject({
      seq: 1,
      tool: 'vault.rename',
      files: ['Archive/Notes/b.md', 'Notes/b.md'],
      absent: ['Archive/Notes/b.md'],
      folders: ['Archive', 'Archive/Notes', 'Notes'],
      absentFolders: ['Archive', 'Archive/Notes'],
      recordedAfter: true,
    });
    expect(second).toMatchObject({ seq: 2, tool: 'vault.append', files: ['a.md'], absent: [], recordedAfter: false });
  });

  it("should diff a checkpoint's pre-state against the current content as unified diff lines", async () => {
    h.service.beginRun('run-1');
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['a.md', 'new.md'] }, async () => {
      await h.vault.modify('a.md', 'line 1\nline two\nline 3\n');
      await h.vault.create('new.md', 'fresh\n');
    });
    expect(await h.service.diff('run-1', 1)).toEqual([
      {
        path: 'a.md',
        before: 'file',
        now: 'file',
        changed: true,
        binary: false,
        beforeBytes: 21,
        nowBytes: 23,
        lines: ['@@ -1,3 +1,3 @@', ' line 1', '-line 2', '+line two', ' line 3'],
      },
      {
        path: 'new.md',
        before: 'absent',
        now: 'file',
        changed: true,
        binary: false,
        beforeBytes: 0,
        nowBytes: 6,
        lines: ['@@ -0,0 +1,1 @@', '+fresh'],
      },
    ]);
  });

  it('should describe a rewrite too different to diff as one hunk that replaces the changed lines', async () => {
    const lines = (name: string): string[] => Array.from({ length: 20_000 }, (_, i) => `${name} line ${i + 1}`);
    await h.vault.create('log.md', `# Log\n${lines('Old').join('\n')}\n`);
    h.service.beginRun('run-1');
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['log.md'] }, () =>
      h.vault.modify('log.md', `# Log\n${lines('New').join('\n')}`),
    );
    const [diff] = await h.service.diff('run-1', 1);
    expect(diff?.lines).toEqual([
      '@@ -1,20001 +1,20001 @@',
      ' # Log',
      ...lines('Old').map((line) => `-${line}`),
      ...lines('New').map((line) => `+${line}`),
      '\\ No newline at end of file',
    ]);
  });

  it('should describe a binary change by its sizes only', async () => {
    await h.vault.writeBinary('image.png', new Uint8Array([0x89, 0x50, 0x00, 0xff]));
    h.service.beginRun('run-1');
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['image.png'] }, () => h.vault.delete('image.png'));
    expect(await h.service.diff('run-1', 1)).toEqual([
      {
        path: 'image.png',
        before: 'file',
        now: 'absent',
        changed: true,
        binary: true,
        beforeBytes: 4,
        nowBytes: 0,
        lines: [],
      },
    ]);
  });

  it('should store each checkpoint as a commit on runs/<runId> whose tree holds only the touched files and a meta file', async () => {
    h.service.beginRun('run-1');
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['Notes/b.md', 'Notes/new.md'] }, () =>
      h.vault.modify('Notes/b.md', 'B'),
    );

    const gitdir = h.gitFs.root;
    const head = await git.resolveRef({ fs, gitdir, ref: 'refs/heads/runs/run-1' });
    const { commit } = await git.readCommit({ fs, gitdir, oid: head });
    const top = await git.readTree({ fs, gitdir, oid: commit.tree });
    expect(top.tree.map((entry) => entry.path)).toEqual(['files', 'meta.json']);
    const { blob } = await git.readBlob({ fs, gitdir, oid: head, filepath: 'files/Notes/b.md' });
    expect(new TextDecoder().decode(blob)).toBe('b');
    const notes = await git.readTree({ fs, gitdir, oid: head, filepath: 'files/Notes' });
    expect(notes.tree.map((entry) => entry.path)).toEqual(['b.md']);
    const meta = JSON.parse(
      new TextDecoder().decode((await git.readBlob({ fs, gitdir, oid: head, filepath: 'meta.json' })).blob),
    ) as unknown;
    expect(meta).toEqual({
      format: 1,
      runId: 'run-1',
      seq: 1,
      tool: 'vault.writeFile',
      time: Date.UTC(2026, 0, 15, 9, 0, 0),
      files: { 'Notes/b.md': expect.any(String) as unknown, 'Notes/new.md': null },
      folders: { Notes: true },
    });
    expect(fs.readdirSync(gitdir).sort()).toEqual([
      'HEAD',
      'config',
      'embedded-agent-checkpoints.json',
      'hooks',
      'info',
      'journals',
      'objects',
      'refs',
    ]);
  });

  it("should refuse a folder that already holds another repository, such as a vault's own .git", async () => {
    const dotGit = join(dirname(h.gitFs.root), 'vault', '.git');
    await git.init({ fs, gitdir: dotGit, bare: true });
    const service = new CheckpointService({ vault: h.vault, gitFs: new NodeGitFs(dotGit), clock: h.clock });
    service.beginRun('run-1');
    await expect(service.checkpoint('run-1', { tool: 'test', paths: ['a.md'] })).rejects.toMatchObject({
      code: 'FORBIDDEN_PATH',
      message: `"${dotGit}" already holds files and is not a checkpoint repository: choose an empty or new folder for checkpoints`,
    });
    expect(await git.listRefs({ fs, gitdir: dotGit, filepath: 'refs/heads' })).toEqual([]);
  });

  it('should reopen its own repository after a restart', async () => {
    h.service.beginRun('run-1');
    await write(h.service, 'run-1', { tool: 'test', paths: ['a.md'] }, () => h.vault.modify('a.md', 'x'));
    expect((await h.restart().listRuns()).map((run) => run.runId)).toEqual(['run-1']);
  });
});
