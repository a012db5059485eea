import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostStates, RunJournal } from '../../../src/core/checkpoints/RunJournal';
import { NodeGitFs } from '../../../src/node/NodeGitFs';

describe('RunJournal', () => {
  let folder: string;
  let journal: RunJournal;
  const path = (): string => join(folder, 'journals', 'run-1.jsonl');

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'ea-journal-'));
    const gitFs = new NodeGitFs(folder);
    journal = new RunJournal(gitFs.promises, gitFs.root);
  });

  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('should append one JSON line per entry and read them back in order', async () => {
    await journal.append('run-1', { seq: 1, time: 10, after: { 'a.md': 'h1' } });
    await journal.append('run-1', { seq: 2, time: 20, after: { 'a.md': null } });
    expect(await readFile(path(), 'utf8')).toBe('{"seq":1,"time":10,"after":{"a.md":"h1"}}\n{"seq":2,"time":20,"after":{"a.md":null}}\n');
    expect(await journal.read('run-1')).toEqual([
      { seq: 1, time: 10, after: { 'a.md': 'h1' } },
      { seq: 2, time: 20, after: { 'a.md': null } },
    ]);
  });

  it('should read an empty journal for a run that never recorded anything', async () => {
    expect(await journal.read('run-1')).toEqual([]);
  });

  it('should ignore a torn last line and append after the last whole one', async () => {
    await journal.append('run-1', { seq: 1, time: 10, after: { 'a.md': 'h1' } });
    const whole = await readFile(path(), 'utf8');
    await writeFile(path(), `${whole}{"seq":2,"ti`);
    await writeFile(`${path()}.next`, `${whole}{"seq":2,"ti`);
    expect(await journal.read('run-1')).toHaveLength(1);
    await journal.append('run-1', { seq: 2, time: 20, after: {} });
    expect((await journal.read('run-1')).map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it('should fall back to the .next copy when a crash cut the journal short mid-rewrite', async () => {
    await journal.append('run-1', { seq: 1, time: 10, after: {} });
    await journal.append('run-1', { seq: 2, time: 20, after: {} });
    await writeFile(path(), '{"seq":1,"time":10,"af');
    expect((await journal.read('run-1')).map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it('should list the runs that have journals and remove one with its copy', async () => {
    await journal.append('run-1', { seq: 1, time: 10, after: {} });
    await journal.append('run-2', { seq: 1, time: 10, after: {} });
    expect(await journal.listRunIds()).toEqual(['run-1', 'run-2']);
    await journal.remove('run-1');
    expect(await journal.listRunIds()).toEqual(['run-2']);
  });
});

describe('PostStates', () => {
  it('should answer undefined for a path a write never reported, and the latest record otherwise', () => {
    const posts = new PostStates([
      { seq: 1, time: 1, after: { 'a.md': 'h1' } },
      { seq: 1, time: 2, after: { 'a.md': 'h2' } },
      { seq: 2, time: 3, after: { 'b.md': null } },
    ]);
    expect(posts.after(1, 'a.md')).toBe('h2');
    expect(posts.after(2, 'b.md')).toBeNull();
    expect(posts.after(2, 'a.md')).toBeUndefined();
    expect(posts.after(3, 'a.md')).toBeUndefined();
    expect(posts.allAfter('a.md')).toEqual(['h2']);
  });
});
