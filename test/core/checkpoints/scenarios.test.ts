// @vitest-environment happy-dom
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointService } from '../../../src/core/checkpoints/CheckpointService';
import { touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import type { VaultPort } from '../../../src/core/ports/vault';
import type { ToolExecutionPipeline } from '../../../src/core/tool-execution/ToolExecutionPipeline';
import type { RunState } from '../../../src/core/tool-execution/types';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { NodeVault } from '../../../src/node/NodeVault';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { buildPipeline, ScriptedApproval } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';
import { createTestApp } from '../../obsidian-double/harness';
import { snapshot } from './harness';

const INITIAL: Record<string, string> = {
  'a.md': 'a0',
  'Notes/b.md': 'b0 [[c]]',
  'Notes/Deep/c.md': 'c0',
  'Links.md': 'see [[b]] and [[c]]',
  'Notes/.hidden/keep.md': 'hidden',
};

interface World {
  vault: VaultPort;
  cleanup: () => Promise<void>;
}

const adapters: [string, (folder: string) => Promise<World>][] = [
  ['MemoryVault', () => Promise.resolve({ vault: new MemoryVault({ ...INITIAL }), cleanup: () => Promise.resolve() })],
  [
    'NodeVault',
    async (folder) => {
      await mkdir(join(folder, 'vault'));
      const vault = new NodeVault(join(folder, 'vault'));
      for (const [path, text] of Object.entries(INITIAL)) await vault.create(path, text);
      return { vault, cleanup: () => Promise.resolve(vault.close()) };
    },
  ],
  [
    'ObsidianVault',
    () => {
      const app = createTestApp({ files: { ...INITIAL } });
      return Promise.resolve({
        vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache),
        cleanup: () => Promise.resolve(),
      });
    },
  ],
];

describe.each(adapters)('revert scenarios over %s', (name, make) => {
  let folder: string;
  let vault: VaultPort;
  let cleanupVault: () => Promise<void>;
  let service: CheckpointService;
  let gitFs: NodeGitFs;
  const clock = fixedClock();
  let pipeline: ToolExecutionPipeline;
  let runs: RunState[];

  const startRun = (runId: string): RunState => {
    const run = pipeline.startRun(runId, {
      ports: { ...runs[0]!.ports, checkpoints: service },
      signal: new AbortController().signal,
      approval: runs[0]!.approval,
    });
    runs.push(run);
    return run;
  };
  /** Checkpoint, write, record, as the pipeline does, for a write no tool makes (binary content). */
  const direct = async (runId: string, paths: string[], write: () => Promise<unknown>): Promise<void> => {
    const { seq } = await service.checkpoint(runId, { tool: 'test', paths });
    await write();
    await service.recordAfter(runId, seq, paths);
  };
  const call = async (run: RunState, name: string, input: Record<string, unknown>): Promise<void> => {
    const outcome = await pipeline.execute({ id: name, name, input }, run);
    expect(outcome.error).toBeUndefined();
  };

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-scenarios-'));
    ({ vault, cleanup: cleanupVault } = await make(folder));
    gitFs = new NodeGitFs(join(folder, 'repo'));
    service = new CheckpointService({ vault, gitFs, clock });
    const fixture = buildPipeline({
      approval: new ScriptedApproval(() => ({ approved: true, scope: 'run' })),
      context: { vault },
      deps: { checkpoints: service },
    });
    pipeline = fixture.pipeline;
    runs = [fixture.run];
  });

  afterEach(async () => {
    await cleanupVault();
    await rm(folder, { recursive: true, force: true });
  });

  it('should refuse, before asking, to move a folder holding hidden files, which a revert could not move back', async () => {
    const before = await snapshot(vault);
    const outcome = await pipeline.execute(
      { id: 'mv', name: 'vault.rename', input: { fromPath: 'Notes', toPath: 'Archive/Notes' } },
      runs[0]!,
    );
    expect(outcome.error?.code).toBe('NOT_ALLOWED');
    expect(await snapshot(vault)).toEqual(before);
    expect(await vault.read('Notes/.hidden/keep.md')).toBe('hidden');
    expect(await service.listRuns()).toEqual([]);
  });

  it('should never delete the hidden files a reverted folder move carried along (a run from before such moves were refused): their folder is kept and reported', async () => {
    const touched = await touchedByRename(vault, 'Notes', 'Archive/Notes');
    const linked = [...((await vault.linksTo?.('Notes')) ?? [])];
    const { seq } = await service.checkpoint('run-1', {
      tool: 'vault.rename',
      paths: [...touched.paths, ...linked],
      folders: touched.folders,
    });
    await vault.rename('Notes', 'Archive/Notes');
    await service.recordAfter('run-1', seq, touched.paths);
    await pipeline.endRun(runs[0]!);
    const result = await service.revert('run-1');
    expect(result.skipped).toEqual([]);
    expect(result.keptFolders).toEqual(['Archive/Notes', 'Archive']);
    // The hidden file was never checkpointed, so it stays where the rename put it; the visible notes are back.
    expect(await vault.read('Archive/Notes/.hidden/keep.md')).toBe('hidden');
    expect(await vault.read('Notes/b.md')).toBe('b0 [[c]]');
    expect(await vault.read('Notes/Deep/c.md')).toBe('c0');
    expect(await vault.read('Links.md')).toBe('see [[b]] and [[c]]');
    expect(await vault.stat('Archive/Notes/b.md')).toBeNull();
  });
  const PNG = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe, 0x80, 0xc3, 0x28,
  ]);
  const PDF = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n');
  const withNul = new Uint8Array([0x61, 0x00, 0x62, 0x0a, 0x00]);

  it('should give binary files their exact bytes back after writeBinary overwrote them and a delete removed them', async () => {
    await vault.writeBinary('Assets/img.png', PNG);
    await vault.writeBinary('Assets/doc.pdf', PDF);
    await vault.writeBinary('Assets/zero.bin', withNul);
    await vault.writeBinary('Assets/bad.bin', new Uint8Array([0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0xbc]));
    const before = await snapshot(vault);
    await direct('run-1', ['Assets/img.png', 'Assets/new.bin'], async () => {
      await vault.writeBinary('Assets/img.png', new Uint8Array([1, 2, 3]));
      await vault.writeBinary('Assets/new.bin', PNG);
    });
    await call(runs[0]!, 'vault.delete', { path: 'Assets/doc.pdf', trash: false });
    await call(runs[0]!, 'vault.delete', { path: 'Assets/zero.bin' });
    await call(runs[0]!, 'vault.writeFile', { path: 'Assets/bad.bin', content: 'now text' });
    await pipeline.endRun(runs[0]!);
    expect((await service.planRevert('run-1')).conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
    expect(await vault.readBinary('Assets/img.png')).toEqual(PNG);
  });

  it('should restore empty files and remove empty files the run made', async () => {
    await vault.create('Empty.md', '');
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.delete', { path: 'Empty.md', trash: false });
    await call(runs[0]!, 'vault.createFile', { path: 'Made/Empty too.md', content: '' });
    await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: '' });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should restore a very large note byte for byte', async () => {
    const line = 'Ünïcödé line with emoji 🚀 and CRLF\r\n';
    const big = line.repeat(Math.ceil((3 * 1024 * 1024) / line.length));
    await vault.create('Big.md', big);
    await call(runs[0]!, 'vault.writeFile', { path: 'Big.md', content: 'short now' });
    await call(runs[0]!, 'vault.writeFile', { path: 'Big.md', content: big + big.slice(0, 1000), mode: 'overwrite' });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await vault.read('Big.md')).toBe(big);
  });

  it('should revert writes to names with spaces, "#", "%", emoji and decomposed accents', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.createFile', { path: 'Cafe\u0301 ☕/100% #1 🚀.md', content: 'x' });
    await call(runs[0]!, 'vault.rename', { fromPath: 'a.md', toPath: 'Ça & ça/a %20 #b 👍.md' });
    await call(runs[0]!, 'vault.writeFile', { path: 'Ça & ça/a %20 #b 👍.md', content: 'changed' });
    await pipeline.endRun(runs[0]!);
    expect((await service.planRevert('run-1')).conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should undo a case-only rename', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.rename', { fromPath: 'a.md', toPath: 'A.md' });
    await call(runs[0]!, 'vault.rename', { fromPath: 'Notes/Deep', toPath: 'Notes/deep' });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should keep names stored decomposed (NFD) through writes by their composed names, and put them back byte for byte', async () => {
    await vault.create('Mac/Cafe\u0301.md', 'from a Mac');
    await vault.create('Mac/Re\u0301sume\u0301/Plan.md', 'plan');
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.writeFile', { path: 'Mac/Café.md', content: ' and more', mode: 'append' });
    expect(await vault.list('Mac', false)).toHaveLength(2);
    await call(runs[0]!, 'vault.rename', { fromPath: 'Mac/Résumé', toPath: 'Archive/Résumé' });
    await call(runs[0]!, 'vault.delete', { path: 'Mac/Café.md', trash: false });
    await pipeline.endRun(runs[0]!);
    expect((await service.planRevert('run-1')).conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
    expect(Object.keys(before.files)).toEqual(
      expect.arrayContaining(['Mac/Cafe\u0301.md', 'Mac/Re\u0301sume\u0301/Plan.md']),
    );
  });

  it('should make no case twin of a note, and revert the note it made instead', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.createFile', { path: 'A.md', content: 'new' });
    expect(await vault.read('A (2).md')).toBe('new');
    const refused = await pipeline.execute(
      { id: 'twin', name: 'vault.writeFile', input: { path: 'NOTES/b.md', content: 'twin' } },
      runs[0]!,
    );
    expect(refused.error).toMatchObject({ code: 'EXISTS' });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should move a renamed folder back, remove the new one and give the notes whose links were rewritten their text back', async () => {
    await vault.modify('Links.md', 'see [[Notes/Deep/c]] and [[Notes/b|b]]');
    await vault.modify('a.md', '![[Notes/Deep/c]] [c](Notes/Deep/c.md)');
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.rename', { fromPath: 'Notes/Deep', toPath: 'Moved/Deeper/Deep' });
    // Obsidian rewrites the links to what moved; the other vaults leave link text alone.
    if (name === 'ObsidianVault') expect(await vault.read('Links.md')).toBe('see [[c]] and [[Notes/b|b]]');
    await call(runs[0]!, 'vault.writeFile', { path: 'Moved/Deeper/Deep/c.md', content: 'edited in its new place' });
    await pipeline.endRun(runs[0]!);
    const plan = await service.planRevert('run-1');
    expect(plan.conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
    expect(await vault.stat('Moved')).toBeNull();
  });

  it('should undo a rename onto a path the run deleted earlier', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.delete', { path: 'a.md' });
    await call(runs[0]!, 'vault.rename', { fromPath: 'Notes/b.md', toPath: 'a.md' });
    await call(runs[0]!, 'vault.rename', { fromPath: 'Links.md', toPath: 'Notes/b.md' });
    await pipeline.endRun(runs[0]!);
    expect((await service.planRevert('run-1')).conflicts).toEqual([]);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should leave nothing of a file the run created and deleted', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.createFile', { path: 'Tmp/Deep/x.md', content: 'scratch' });
    await call(runs[0]!, 'vault.delete', { path: 'Tmp/Deep/x.md', trash: false });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should bring back a file and a folder the run moved to the trash', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.delete', { path: 'a.md' });
    await call(runs[0]!, 'vault.delete', { path: 'Notes/Deep' });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should revert only the last of two runs on one file, then undo that revert', async () => {
    await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: 'first run' });
    await pipeline.endRun(runs[0]!);
    const second = startRun('run-2');
    await call(second, 'vault.writeFile', { path: 'a.md', content: 'second run' });
    await call(second, 'vault.createFile', { path: 'made.md', content: 'by run 2' });
    await pipeline.endRun(second);
    const afterBoth = await snapshot(vault);

    const undo = await service.revert('run-2');
    expect(await vault.read('a.md')).toBe('first run');
    expect(await vault.stat('made.md')).toBeNull();
    await service.revert(undo.revertRunId!);
    expect(await snapshot(vault)).toEqual(afterBoth);
    // The first run now sees a file the second run changed: a conflict, left alone.
    const plan = await service.planRevert('run-1');
    expect(plan.conflicts.map((conflict) => conflict.path)).toEqual(['a.md']);
    await service.revert('run-1');
    expect(await vault.read('a.md')).toBe('second run');
  });

  it('should show a file edited after the run as a conflict and keep the edit, and restore it exactly when told to overwrite', async () => {
    await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: 'agent' });
    await call(runs[0]!, 'vault.writeFile', { path: 'Notes/b.md', content: 'agent' });
    await pipeline.endRun(runs[0]!);
    await vault.modify('a.md', 'user, after the run');
    await vault.delete('Notes/b.md');

    const plan = await service.planRevert('run-1');
    expect(plan.conflicts.map((conflict) => [conflict.path, conflict.actualHash === null])).toEqual([
      ['Notes/b.md', true],
      ['a.md', false],
    ]);
    const kept = await service.revert('run-1');
    expect(kept.applied).toEqual([]);
    expect(await vault.read('a.md')).toBe('user, after the run');
    expect(await vault.stat('Notes/b.md')).toBeNull();

    const forced = await service.revert('run-1', { overwriteConflicts: true });
    expect(forced.skipped).toEqual([]);
    expect(await vault.read('a.md')).toBe('a0');
    expect(await vault.read('Notes/b.md')).toBe('b0 [[c]]');
    // The overwritten edit is not lost: undoing the forced revert brings it back.
    await service.revert(forced.revertRunId!);
    expect(await vault.read('a.md')).toBe('user, after the run');
    expect(await vault.stat('Notes/b.md')).toBeNull();
  });

  it('should, told to overwrite edits, still leave alone a note the run never touched beside one it created', async () => {
    await call(runs[0]!, 'vault.createFile', { path: 'Notes/new.md', content: 'made by the run' });
    await pipeline.endRun(runs[0]!);
    await vault.modify('Notes/b.md', 'the user edited this later');
    await vault.modify('Notes/Deep/c.md', 'and this');
    expect((await service.listRuns())[0]?.files).toEqual(['Notes/new.md']);
    const result = await service.revert('run-1', { overwriteConflicts: true });
    expect(result.applied).toEqual([{ path: 'Notes/new.md', kind: 'file', action: 'delete' }]);
    expect(await vault.read('Notes/b.md')).toBe('the user edited this later');
    expect(await vault.read('Notes/Deep/c.md')).toBe('and this');
    expect(await vault.stat('Notes/new.md')).toBeNull();
  });

  it('should give the state before the first of many writes to one file', async () => {
    const before = await snapshot(vault);
    for (let i = 0; i < 8; i++)
      await call(runs[0]!, 'vault.writeFile', {
        path: 'a.md',
        content: `version ${i}`,
        mode: i % 2 ? 'append' : 'overwrite',
      });
    await pipeline.endRun(runs[0]!);
    await service.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });

  it('should keep concurrent runs apart: each reverts only its own writes', async () => {
    const other = startRun('run-2');
    await Promise.all([
      (async () => {
        for (let i = 0; i < 4; i++) await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: `one ${i}` });
      })(),
      (async () => {
        for (let i = 0; i < 4; i++)
          await call(other, 'vault.createFile', { path: `Two/n${i}.md`, content: `two ${i}` });
      })(),
    ]);
    await pipeline.endRun(runs[0]!);
    await pipeline.endRun(other);
    await service.revert('run-1');
    expect(await vault.read('a.md')).toBe('a0');
    expect(await vault.read('Two/n3.md')).toBe('two 3');
    await service.revert('run-2');
    expect(await vault.stat('Two')).toBeNull();
  });

  it("should not take back another run's writes made between this run's writes to the same file without asking", async () => {
    const other = startRun('run-2');
    for (let i = 0; i < 3; i++) {
      await Promise.all([
        call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: `+one${i}`, mode: 'append' }),
        call(other, 'vault.writeFile', { path: 'a.md', content: `+two${i}`, mode: 'append' }),
      ]);
    }
    await pipeline.endRun(runs[0]!);
    await pipeline.endRun(other);
    const both = await vault.read('a.md');
    for (const runId of ['run-1', 'run-2']) {
      expect((await service.planRevert(runId)).conflicts.map((conflict) => conflict.path)).toEqual(['a.md']);
      await service.revert(runId);
      expect(await vault.read('a.md')).toBe(both);
    }
  });

  it('should revert after a restart when the app died between a checkpoint and its write', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: 'reported' });
    await service.checkpoint('run-1', { tool: 'vault.createFile', paths: ['Crash/new.md'], folders: ['Crash'] });
    await vault.create('Crash/new.md', 'written, then the app died');
    const restarted = new CheckpointService({ vault, gitFs, clock });
    expect((await restarted.planRevert('run-1')).conflicts).toEqual([]);
    await restarted.revert('run-1');
    expect(await snapshot(vault)).toEqual(before);
  });
  it('should undo, as the last run, a run that restored an earlier one with checkpoints.restore', async () => {
    const before = await snapshot(vault);
    await call(runs[0]!, 'vault.rename', { fromPath: 'Notes/Deep', toPath: 'Moved/Deep' });
    await call(runs[0]!, 'vault.createFile', { path: 'New/n.md', content: 'n' });
    await call(runs[0]!, 'vault.writeFile', { path: 'a.md', content: 'run 1' });
    await pipeline.endRun(runs[0]!);
    const afterFirst = await snapshot(vault);

    const second = startRun('run-2');
    await call(second, 'checkpoints.restore', { runId: 'run-1', seq: 1, overwriteConflicts: false });
    await pipeline.endRun(second);
    expect(await snapshot(vault)).toEqual(before);

    expect((await service.lastRun())?.runId).toBe('run-2');
    const plan = await service.planRevert('run-2');
    expect(plan.conflicts).toEqual([]);
    await service.revert('run-2');
    expect(await snapshot(vault)).toEqual(afterFirst);
  });
});
