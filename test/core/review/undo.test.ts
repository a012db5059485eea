import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bytesOf, fixtureBytes } from '../../builders/encodingFixtures';
import { reviewWorlds, type ReviewWorld, write } from './harness';

const world = reviewWorlds();

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

async function auditLines(w: ReviewWorld): Promise<Record<string, unknown>[]> {
  await w.services.audit.flush();
  const folder = join(w.base, 'plugin', 'audit');
  const lines: Record<string, unknown>[] = [];
  for (const name of await readdir(folder))
    for (const line of (await readFile(join(folder, name), 'utf8')).split('\n'))
      if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
  return lines;
}

describe.each([false, true])('undo after the fact (vault on disk: %s)', (disk) => {
  it('should undo an older run hunk by hunk while a newer run’s change to the same note stays', async () => {
    const w = await world({ 'Q3.md': 'a\nb\nc\nd\ne\nf\ng\n' }, disk);
    const older = await w.run([write('Q3.md', 'A\nb\nc\nD\ne\nf\ng\n')]);
    const newer = await w.run([write('Q3.md', 'A\nb\nc\nD\ne\nf\nG\n')]);
    const first = await w.changes.undo({ runId: older, path: 'Q3.md', hunk: 1 });
    expect(first).toMatchObject({ applied: [{ runId: older, path: 'Q3.md', hunk: 1 }], changedSince: [] });
    expect(await w.text('Q3.md')).toBe('A\nb\nc\nd\ne\nf\nG\n');
    await w.changes.undo({ runId: older, path: 'Q3.md', hunk: 0 });
    expect(await w.text('Q3.md')).toBe('a\nb\nc\nd\ne\nf\nG\n');
    const runs = await w.changes.listRuns();
    expect(runs.find((run) => run.runId === older)?.state).toBe('undone');
    expect(runs.find((run) => run.runId === newer)?.state).toBe('to-review');
  });

  it('should keep a user edit made since on a neighbouring line', async () => {
    const w = await world({ 'n.md': 'one\ntwo\nthree\nfour\n' }, disk);
    const runId = await w.run([write('n.md', 'one\nTWO\nthree\nfour\n')]);
    await w.vault.modify('n.md', 'one\nTWO\nthree (mine)\nfour\n');
    const outcome = await w.changes.undo({ runId, path: 'n.md', hunk: 0 });
    expect(outcome.changedSince).toEqual([]);
    expect(await w.text('n.md')).toBe('one\ntwo\nthree (mine)\nfour\n');
  });

  it('should leave a hunk whose lines changed since and report it, and undo it only when told to anyway', async () => {
    const w = await world({ 'n.md': 'one\ntwo\nthree\n' }, disk);
    const runId = await w.run([write('n.md', 'one\nTWO\nthree\n')]);
    await w.vault.modify('n.md', 'one\nTWO!\nthree\n');
    expect((await w.changes.hunks(runId, 'n.md'))[0]).toMatchObject({ changedSince: true, now: ['TWO!'] });
    const left = await w.changes.undo({ runId, path: 'n.md', hunk: 0 });
    expect(left).toEqual({
      undoRunId: null,
      applied: [],
      changedSince: [{ runId, path: 'n.md', hunk: 0 }],
      restoredFiles: [],
    });
    expect(await w.text('n.md')).toBe('one\nTWO!\nthree\n');
    const anyway = await w.changes.undo({ runId, path: 'n.md', hunk: 0 }, { anyway: true });
    expect(anyway.applied).toEqual([{ runId, path: 'n.md', hunk: 0 }]);
    expect(await w.text('n.md')).toBe('one\ntwo\nthree\n');
  });

  it('should undo a rename with the link rewrites that came with it', async () => {
    const w = await world({ 'Old.md': 'body\n', 'Links.md': 'see [[Old]]\n', 'Other.md': 'x\n' }, disk);
    const runId = await w.run([['vault.rename', { fromPath: 'Old.md', toPath: 'New.md' }], write('Other.md', 'y\n')]);
    expect(await w.text('Links.md')).toBe('see [[New]]\n');
    const files = [];
    for await (const file of w.changes.files(runId)) files.push([file.path, file.change, file.previousPath]);
    expect(files).toEqual([
      ['Links.md', 'modified', undefined],
      ['New.md', 'moved', 'Old.md'],
      ['Other.md', 'modified', undefined],
    ]);
    const outcome = await w.changes.undo({ runId, path: 'New.md' });
    expect(outcome.restoredFiles).toEqual(['Old.md']);
    expect(await w.text('Old.md')).toBe('body\n');
    expect(await w.text('New.md')).toBeNull();
    expect(await w.text('Links.md')).toBe('see [[Old]]\n');
    expect(await w.text('Other.md')).toBe('y\n');
  });

  it('should bring a deleted note back at its path, or beside it when the path is taken', async () => {
    const w = await world({ 'Gone.md': 'kept words\n' }, disk);
    const runId = await w.run([['vault.delete', { path: 'Gone.md', trash: false }]]);
    await w.vault.create('Gone.md', 'a new note\n');
    const outcome = await w.changes.undo({ runId });
    expect(outcome.restoredFiles).toEqual(['Gone (2).md']);
    expect(await w.text('Gone (2).md')).toBe('kept words\n');
    expect(await w.text('Gone.md')).toBe('a new note\n');
    await w.changes.redo({ runId });
    expect(await w.text('Gone (2).md')).toBeNull();
    expect(await w.text('Gone.md')).toBe('a new note\n');
  });

  it('should make each undo and redo a run of its own, listed and audited as checkpoints.undo', async () => {
    const w = await world({ 'a.md': 'x\ny\n' }, disk);
    const runId = await w.run([write('a.md', 'x\nY\n')]);
    const undone = await w.changes.undo({ runId });
    const redone = await w.changes.redo({ runId });
    expect(await w.text('a.md')).toBe('x\nY\n');
    const runs = await w.changes.listRuns();
    expect(runs.map((run) => [run.runId, run.author.kind, run.undoOf, run.state])).toEqual([
      [redone.undoRunId, 'undo', runId, 'kept'],
      [undone.undoRunId, 'undo', runId, 'kept'],
      [runId, 'chat', undefined, 'kept'],
    ]);
    expect(runs[0]?.author).toEqual({ kind: 'undo', label: 'Undo', detail: `Redo of ${runId}` });
    const audit = (await auditLines(w)).filter((line) => line.tool === 'checkpoints.undo');
    expect(audit).toMatchObject([
      { runId: undone.undoRunId, ok: true, args: { runId }, restored: ['a.md'] },
      { runId: redone.undoRunId, ok: true, args: { runId, redo: true }, restored: ['a.md'] },
    ]);
    // An undo run is undone like any run: this takes the redo back.
    await w.changes.undo({ runId: redone.undoRunId as string });
    expect(await w.text('a.md')).toBe('x\ny\n');
  });

  it('should give a binary file, a Latin-1 note and a CRLF note their exact bytes back, and the run’s on redo', async () => {
    const w = await world({}, disk);
    await w.vault.writeBinary('pixel.png', fixtureBytes('pixel.png'));
    await w.vault.writeBinary('latin1.md', fixtureBytes('latin1.md'));
    await w.vault.writeBinary('crlf.md', bytesOf('one\r\ntwo\r\nthree\r\n'));
    const runId = await w.run([
      ['vault.writeFile', { path: 'pixel.png', content: Buffer.from([1, 2, 3]).toString('base64'), as: 'base64' }],
      write('latin1.md', 'Caf\u00e9 changed\n'),
      write('crlf.md', 'one\r\nTWO\r\nthree\r\n'),
    ]);
    const after = await Promise.all(['pixel.png', 'latin1.md', 'crlf.md'].map((path) => w.vault.readBinary(path)));
    const files = [];
    for await (const file of w.changes.files(runId)) files.push([file.path, file.binary, file.hunks]);
    expect(files).toEqual([
      ['crlf.md', false, 1],
      ['latin1.md', true, 0],
      ['pixel.png', true, 0],
    ]);
    await w.changes.undo({ runId });
    expect(hex(await w.vault.readBinary('pixel.png'))).toBe(hex(fixtureBytes('pixel.png')));
    expect(hex(await w.vault.readBinary('latin1.md'))).toBe(hex(fixtureBytes('latin1.md')));
    expect(hex(await w.vault.readBinary('crlf.md'))).toBe(hex(bytesOf('one\r\ntwo\r\nthree\r\n')));
    await w.changes.redo({ runId });
    const redone = await Promise.all(['pixel.png', 'latin1.md', 'crlf.md'].map((path) => w.vault.readBinary(path)));
    expect(redone.map(hex)).toEqual(after.map(hex));
  });
});
