import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashContent } from '../../../src/core/checkpoints/hashContent';
import { collect, reviewWorlds, write } from './harness';

const world = reviewWorlds();

describe('ChangesService', () => {
  it('should list each run newest first with who made it, its files and lines, to review', async () => {
    const w = await world({ 'a.md': 'one\ntwo\nthree\n' });
    const first = await w.run([write('a.md', 'one\nTWO\nthree\n')]);
    const second = await w.run([write('b.md', 'new\nnote\n')], {
      kind: 'saved-action',
      label: 'Saved action',
      detail: 'Weekly note',
    });
    const runs = await w.changes.listRuns();
    expect(runs.map((run) => run.runId)).toEqual([second, first]);
    expect(runs[0]).toMatchObject({
      author: { kind: 'saved-action', label: 'Saved action', detail: 'Weekly note' },
      files: 1,
      linesAdded: 2,
      linesRemoved: 0,
      state: 'to-review',
    });
    expect(runs[1]).toMatchObject({
      author: { kind: 'chat', label: 'Chat' },
      files: 1,
      linesAdded: 1,
      linesRemoved: 1,
    });
    expect(await w.changes.toReviewCount()).toBe(2);
  });

  it('should keep the authors and the review after a restart', async () => {
    const w = await world({ 'a.md': 'one\ntwo\n' });
    const runId = await w.run([write('a.md', 'ONE\ntwo\n')], { kind: 'mcp', label: 'Claude Code' });
    await w.changes.keep({ runId });
    const again = w.restart();
    const [run] = await again.changes.listRuns();
    expect(run).toMatchObject({ runId, author: { kind: 'mcp', label: 'Claude Code' }, state: 'kept' });
    expect(await again.changes.toReviewCount()).toBe(0);
  });

  it('should yield the files of a run and the hunks of a file, each checked against the file now', async () => {
    const w = await world({ 'a.md': 'l1\nl2\nl3\nl4\nl5\n' });
    const runId = await w.run([write('a.md', 'l1\nL2\nl3\nl4\nL5\nl6\n')]);
    const files = await collect(w.changes.files(runId));
    expect(files).toEqual([
      {
        runId,
        path: 'a.md',
        change: 'modified',
        binary: false,
        hunks: 2,
        linesAdded: 3,
        linesRemoved: 2,
        state: 'to-review',
      },
    ]);
    await w.vault.modify('a.md', 'l1\nL2\nl3\nl4\nmine\nl6\n');
    const hunks = await w.changes.hunks(runId, 'a.md');
    expect(hunks).toEqual([
      {
        index: 0,
        count: 2,
        path: 'a.md',
        beforeStart: 2,
        before: ['l2'],
        afterStart: 2,
        after: ['L2'],
        state: 'to-review',
        changedSince: false,
      },
      {
        index: 1,
        count: 2,
        path: 'a.md',
        beforeStart: 5,
        before: ['l5'],
        afterStart: 5,
        after: ['L5', 'l6'],
        state: 'to-review',
        changedSince: true,
        now: ['mine', 'l6'],
      },
    ]);
  });

  it('should mark a kept hunk reviewed and write nothing to the vault', async () => {
    const w = await world({ 'a.md': 'a\nb\nc\nd\n' });
    const runId = await w.run([write('a.md', 'A\nb\nc\nD\n')]);
    await w.changes.keep({ runId, path: 'a.md', hunk: 1 });
    expect(await w.text('a.md')).toBe('A\nb\nc\nD\n');
    expect((await w.changes.hunks(runId, 'a.md')).map((hunk) => hunk.state)).toEqual(['to-review', 'kept']);
    expect((await w.changes.listRuns())[0]?.state).toBe('to-review');
    await w.changes.keep({ runId, path: 'a.md' });
    expect((await w.changes.listRuns())[0]?.state).toBe('kept');
  });

  it('should refuse a hunk the file does not have, naming the ones it has', async () => {
    const w = await world({ 'a.md': 'a\n' });
    const runId = await w.run([write('a.md', 'b\n')]);
    await expect(w.changes.keep({ runId, path: 'a.md', hunk: 4 })).rejects.toThrow(
      `"a.md" in run "${runId}" has changes 1-1, not 5`,
    );
    await expect(w.changes.keep({ runId, path: 'x.md' })).rejects.toThrow(
      `Run "${runId}" did not change "x.md"; it changed "a.md"`,
    );
  });
});

describe('ChangesService over runs recorded before post-states were stored', () => {
  it('should show a note whose result is no longer known as text, undone whole, not as binary', async () => {
    const w = await world({ 'a.md': 'one\n' });
    const runId = await w.run([write('a.md', 'two\n')]);
    // Such a run's journal names the result's hash, but the repository never held its bytes.
    const oid = await hashContent(new TextEncoder().encode('two\n'));
    await rm(join(w.base, 'checkpoints', 'objects', oid.slice(0, 2), oid.slice(2)));
    await w.vault.modify('a.md', 'three\n');
    const [file] = await collect(w.changes.files(runId));
    expect(file).toMatchObject({ path: 'a.md', change: 'modified', binary: false, hunks: 0 });
  });
});
