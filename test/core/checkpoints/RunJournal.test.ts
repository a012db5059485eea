import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostStates, RunJournal } from '../../../src/core/checkpoints/RunJournal';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { countingGitFs } from '../../builders/countingGitFs';

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
    expect(await readFile(path(), 'utf8')).toBe(
      '{"seq":1,"time":10,"after":{"a.md":"h1"}}\n{"seq":2,"time":20,"after":{"a.md":null}}\n',
    );
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
    await writeFile(`${path()}.next`, await readFile(path(), 'utf8'));
    await writeFile(path(), '{"seq":1,"time":10,"af');
    expect((await journal.read('run-1')).map((entry) => entry.seq)).toEqual([1, 2]);
    await journal.append('run-1', { seq: 3, time: 30, after: {} });
    expect((await journal.read('run-1')).map((entry) => entry.seq)).toEqual([1, 2, 3]);
  });

  it('should read nothing and write only the new line when appending to a long journal', async () => {
    const counting = countingGitFs(new NodeGitFs(folder), (file) => file.includes('journals'));
    const counted = new RunJournal(counting.gitFs.promises, counting.gitFs.root);
    const entry = (seq: number): { seq: number; time: number; after: Record<string, string> } => ({
      seq,
      time: seq,
      after: { [`Notes/${seq}.md`]: 'a'.repeat(40) },
    });
    for (let seq = 1; seq <= 300; seq++) await counted.append('run-1', entry(seq));
    counting.reset();
    await counted.append('run-1', entry(301));
    const line = `${JSON.stringify(entry(301))}\n`;
    expect(counting.total()).toMatchObject({ bytesRead: 0, bytesWritten: Buffer.byteLength(line) });
    expect(await counted.read('run-1')).toHaveLength(301);
  });

  it('should keep every earlier line when an append is cut off part-way, and append the next one after them', async () => {
    const inner = new NodeGitFs(folder);
    let cut = false;
    const promises = {
      ...inner.promises,
      appendFile: async (file: string, data: string): Promise<void> => {
        if (!cut) return inner.promises.appendFile(file, data);
        await inner.promises.appendFile(file, data.slice(0, 7));
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      },
    };
    const flaky = new RunJournal(promises, inner.root);
    await flaky.append('run-1', { seq: 1, time: 10, after: {} });
    cut = true;
    await expect(flaky.append('run-1', { seq: 2, time: 20, after: {} })).rejects.toThrow(
      'Could not write the journal of run "run-1": ENOSPC: no space left on device',
    );
    expect((await new RunJournal(inner.promises, inner.root).read('run-1')).map((entry) => entry.seq)).toEqual([1]);
    cut = false;
    await flaky.append('run-1', { seq: 3, time: 30, after: {} });
    expect((await flaky.read('run-1')).map((entry) => entry.seq)).toEqual([1, 3]);
  });

  it('should repair a journal another writer left torn before appending to it', async () => {
    await journal.append('run-1', { seq: 1, time: 10, after: {} });
    await writeFile(path(), `${await readFile(path(), 'utf8')}{"seq":2,"ti`);
    await journal.append('run-1', { seq: 3, time: 30, after: {} });
    expect(await readFile(path(), 'utf8')).toBe('{"seq":1,"time":10,"after":{}}\n{"seq":3,"time":30,"after":{}}\n');
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
