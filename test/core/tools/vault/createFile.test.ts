import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { CreateFileTool } from '../../../../src/core/tools/vault/createFile';
import { etagOf } from '../../../../src/core/util/etag';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new CreateFileTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.createFile', input, context) };
};

describe('vault.createFile', () => {
  it('should create the note and return its path, etag and modification time', async () => {
    const { vault, run } = setup();
    const result = await run({ path: 'Notes/Idea.md', content: '# Idea\n' });
    const entry = await vault.stat('Notes/Idea.md');
    expect(result).toEqual({
      ok: true,
      output: { path: 'Notes/Idea.md', created: true, etag: etagOf('# Idea\n'), mtimeMs: entry!.mtimeMs },
    });
    expect(vault.dump()).toEqual({ 'Notes/Idea.md': '# Idea\n' });
  });

  it('should create missing parent folders', async () => {
    const { vault, run } = setup();
    await run({ path: 'A/B/C/Deep.md', content: 'x' });
    expect(await vault.stat('A/B')).toMatchObject({ kind: 'folder' });
  });

  it('should normalize the path it reports', async () => {
    const { run } = setup();
    expect(await run({ path: 'Notes//Sub\\Idea.md', content: '' })).toMatchObject({
      ok: true,
      output: { path: 'Notes/Sub/Idea.md' },
    });
  });

  it('should create an empty note', async () => {
    const { vault, run } = setup();
    expect(await run({ path: 'Empty.md', content: '' })).toMatchObject({
      ok: true,
      output: { created: true, etag: etagOf('') },
    });
    expect(vault.dump()).toEqual({ 'Empty.md': '' });
  });

  it('should keep unicode, emoji and spaces in names', async () => {
    const { vault, run } = setup();
    expect(await run({ path: 'Café ☕/Grüße 🚀 plan.md', content: 'ok' })).toMatchObject({
      ok: true,
      output: { path: 'Café ☕/Grüße 🚀 plan.md' },
    });
    expect(vault.dump()).toEqual({ 'Café ☕/Grüße 🚀 plan.md': 'ok' });
  });

  it('should write a file of several megabytes', async () => {
    const { vault, run } = setup();
    const big = 'lorem ipsum dolor 🚀\n'.repeat(200_000);
    expect(await run({ path: 'Big.md', content: big })).toMatchObject({
      ok: true,
      output: { created: true, etag: etagOf(big) },
    });
    expect((await vault.read('Big.md')).length).toBe(big.length);
  });

  describe('when the path is taken', () => {
    it('should name the note "Title (2).md" when "Title.md" exists', async () => {
      const { vault, run } = setup({ 'Title.md': 'old' });
      expect(await run({ path: 'Title.md', content: 'new' })).toMatchObject({
        ok: true,
        output: { path: 'Title (2).md', created: true },
      });
      expect(vault.dump()).toEqual({ 'Title.md': 'old', 'Title (2).md': 'new' });
    });

    it('should name the note "Title (3).md" when "Title (2).md" is taken too', async () => {
      const { run } = setup({ 'Notes/Title.md': '', 'Notes/Title (2).md': '' });
      expect(await run({ path: 'Notes/Title.md', content: '' })).toMatchObject({
        ok: true,
        output: { path: 'Notes/Title (3).md' },
      });
    });

    it('should count on from a name that already ends in " (2)"', async () => {
      const { run } = setup({ 'Title (2).md': '' });
      expect(await run({ path: 'Title (2).md', content: '' })).toMatchObject({
        ok: true,
        output: { path: 'Title (3).md' },
      });
    });

    it('should number a name without an extension after the name', async () => {
      const { run } = setup({ README: '' });
      expect(await run({ path: 'README', content: '' })).toMatchObject({ ok: true, output: { path: 'README (2)' } });
    });

    it('should pick a free name with collisionStrategy "create-unique" even when ifNotExists is true', async () => {
      const { run } = setup({ 'Title.md': '' });
      expect(
        await run({ path: 'Title.md', content: '', ifNotExists: true, collisionStrategy: 'create-unique' }),
      ).toMatchObject({
        ok: true,
        output: { path: 'Title (2).md', created: true },
      });
    });

    it('should leave the existing file alone when ifNotExists is true', async () => {
      const { vault, run } = setup({ 'Title.md': 'old' });
      const mtimeMs = (await vault.stat('Title.md'))!.mtimeMs;
      expect(await run({ path: 'Title.md', content: 'new', ifNotExists: true })).toEqual({
        ok: true,
        output: { path: 'Title.md', created: false, etag: etagOf('old'), mtimeMs },
      });
      expect(vault.dump()).toEqual({ 'Title.md': 'old' });
    });

    it('should overwrite the existing file when ifNotExists is false', async () => {
      const { vault, run } = setup({ 'Title.md': 'old' });
      expect(await run({ path: 'Title.md', content: 'new', ifNotExists: false })).toMatchObject({
        ok: true,
        output: { path: 'Title.md', created: false, etag: etagOf('new') },
      });
      expect(vault.dump()).toEqual({ 'Title.md': 'new' });
    });

    it('should overwrite the existing file with collisionStrategy "overwrite"', async () => {
      const { vault, run } = setup({ 'Title.md': 'old' });
      expect(await run({ path: 'Title.md', content: 'new', collisionStrategy: 'overwrite' })).toMatchObject({
        ok: true,
        output: { created: false },
      });
      expect(vault.dump()).toEqual({ 'Title.md': 'new' });
    });

    it('should fail with EXISTS with collisionStrategy "error"', async () => {
      const { vault, run } = setup({ 'Title.md': 'old' });
      expect(await run({ path: 'Title.md', content: 'new', collisionStrategy: 'error' })).toEqual({
        ok: false,
        error: {
          code: 'EXISTS',
          message:
            'vault.createFile: `path` "Title.md" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"',
        },
      });
      expect(vault.dump()).toEqual({ 'Title.md': 'old' });
    });

    it('should refuse to overwrite a folder', async () => {
      const { run } = setup({ 'Title.md/inside.md': '' });
      expect(await run({ path: 'Title.md', content: 'new', collisionStrategy: 'overwrite' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_A_FILE',
          message: 'vault.createFile: `path` "Title.md" is a folder, expected a file; choose another path',
        },
      });
    });
  });

  describe('contradicting inputs', () => {
    it('should refuse ifNotExists false with a collisionStrategy other than "overwrite"', async () => {
      const { run } = setup();
      expect(await run({ path: 'a.md', content: '', ifNotExists: false, collisionStrategy: 'error' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message:
            'vault.createFile: `ifNotExists` false means overwrite, which contradicts `collisionStrategy` "error"; pass only one of them',
        },
      });
    });

    it('should refuse ifNotExists true with collisionStrategy "overwrite"', async () => {
      const { run } = setup();
      expect(await run({ path: 'a.md', content: '', ifNotExists: true, collisionStrategy: 'overwrite' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message:
            'vault.createFile: `ifNotExists` true never replaces a file, which contradicts `collisionStrategy` "overwrite"; pass only one of them',
        },
      });
    });
  });

  describe('frontmatter', () => {
    it('should put the frontmatter as a YAML block at the top of the note', async () => {
      const { vault, run } = setup();
      const result = await run({
        path: 'Daily/2026-01-15.md',
        content: '# Daily Note\n',
        frontmatter: { tags: ['daily', 'auto'], date: '2026-01-15' },
      });
      const expected = '---\ntags:\n  - daily\n  - auto\ndate: "2026-01-15"\n---\n# Daily Note\n';
      expect(vault.dump()).toEqual({ 'Daily/2026-01-15.md': expected });
      expect(result).toMatchObject({ ok: true, output: { etag: etagOf(expected) } });
    });

    it('should merge the frontmatter into a block the content already starts with', async () => {
      const { vault, run } = setup();
      await run({ path: 'a.md', content: '---\ntitle: A\n---\nBody', frontmatter: { status: 'draft' } });
      expect(vault.dump()).toEqual({ 'a.md': '---\ntitle: A\nstatus: draft\n---\nBody' });
    });

    it('should refuse frontmatter that is not an object', async () => {
      const { run } = setup();
      expect(await run({ path: 'a.md', content: '', frontmatter: ['x'] })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.createFile: `frontmatter` must be an object, got array' },
      });
    });
  });

  describe('names a file name cannot hold', () => {
    it.each([
      ['Ideas/Q3: budget review.md', 'Ideas/Q3 - budget review.md'],
      ['Ideas/Why do we meet on Mondays?.md', 'Ideas/Why do we meet on Mondays.md'],
      ['Ideas/The "quiet" hours.md', "Ideas/The 'quiet' hours.md"],
      ['Ideas/Pros * cons of remote work.md', 'Ideas/Pros - cons of remote work.md'],
      ['Ideas/A | B <draft>.md', 'Ideas/A - B draft.md'],
      ['Ideas/[[C# tips]] ^x.md', 'Ideas/C tips x.md'],
    ])('should create "%s" as "%s" and return that path', async (path, made) => {
      const { vault, run } = setup();
      expect(await run({ path, content: '# Title\n' })).toMatchObject({
        ok: true,
        output: { path: made, created: true },
      });
      expect(Object.keys(vault.dump())).toEqual([made]);
    });

    it('should start the note with its exact title when the content has no heading', async () => {
      const { vault, run } = setup();
      await run({ path: 'Ideas/Q3: budget review.md', content: 'Numbers first.\n' });
      await run({ path: 'Ideas/Why?.md', content: '', frontmatter: { tags: ['q'] } });
      expect(vault.dump()).toEqual({
        'Ideas/Q3 - budget review.md': '# Q3: budget review\n\nNumbers first.\n',
        'Ideas/Why.md': '---\ntags:\n  - q\n---\n# Why?\n',
      });
    });

    it('should leave the content alone when it starts with a heading or the name needed no change', async () => {
      const { vault, run } = setup();
      await run({ path: 'Ideas/Q3: budget.md', content: '## Q3 budget\n' });
      await run({ path: 'Ideas/Plain.md', content: 'text' });
      expect(vault.dump()).toEqual({ 'Ideas/Q3 - budget.md': '## Q3 budget\n', 'Ideas/Plain.md': 'text' });
    });

    it('should read a "/" that is part of the note\'s own heading as part of its name, not as a folder', async () => {
      const { vault, run } = setup();
      expect(await run({ path: 'Ideas/Read/Write notes.md', content: '# Read/Write notes\n' })).toMatchObject({
        ok: true,
        output: { path: 'Ideas/Read-Write notes.md' },
      });
      expect(await run({ path: 'Ideas/Read/Other.md', content: '# Read/Write notes\n' })).toMatchObject({
        ok: true,
        output: { path: 'Ideas/Read/Other.md' },
      });
      expect(Object.keys(vault.dump()).sort()).toEqual(['Ideas/Read-Write notes.md', 'Ideas/Read/Other.md']);
    });

    it('should number the cleaned name when it is taken', async () => {
      const { vault, run } = setup({ 'Ideas/Q3 - budget review.md': 'old' });
      expect(await run({ path: 'Ideas/Q3: budget review.md', content: '# Q3: budget review\n' })).toMatchObject({
        ok: true,
        output: { path: 'Ideas/Q3 - budget review (2).md' },
      });
      expect(vault.dump()['Ideas/Q3 - budget review.md']).toBe('old');
    });

    it('should clean a folder it creates of what no name can hold, and keep an existing "C#" folder', async () => {
      const { vault, run } = setup({ 'C#/x.md': 'x' });
      expect(await run({ path: 'Q3: plans/Idea.md', content: '' })).toMatchObject({
        ok: true,
        output: { path: 'Q3 - plans/Idea.md' },
      });
      expect(await run({ path: 'C#/Idea.md', content: '' })).toMatchObject({
        ok: true,
        output: { path: 'C#/Idea.md' },
      });
      expect(Object.keys(vault.dump()).sort()).toEqual(['C#/Idea.md', 'C#/x.md', 'Q3 - plans/Idea.md']);
    });
  });

  describe('paths it refuses', () => {
    it.each([
      [
        '.obsidian/app.json',
        'FORBIDDEN_PATH',
        'Refused path ".obsidian/app.json": ".obsidian/" is protected; the agent may not write there',
      ],
      ['.git/HEAD', 'FORBIDDEN_PATH', 'Refused path ".git/HEAD": ".git/" is protected; the agent may not write there'],
      [
        '.trash/old.md',
        'FORBIDDEN_PATH',
        'Refused path ".trash/old.md": ".trash/" is protected; the agent may not write there',
      ],
      [
        'Notes/../../x.md',
        'FORBIDDEN_PATH',
        'Refused path "Notes/../../x.md": the path leaves the vault (".." is not allowed)',
      ],
      [
        '/etc/passwd',
        'INVALID_PATH',
        'Refused path "/etc/passwd": absolute paths are not allowed; give a path relative to the vault root',
      ],
    ])('should refuse "%s"', async (path, code, message) => {
      const { vault, run } = setup();
      expect(await run({ path, content: 'x' })).toEqual({ ok: false, error: { code, message } });
      expect(vault.dump()).toEqual({});
    });

    it('should require path and content', async () => {
      const { run } = setup();
      expect(await run({ path: 'a.md' })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.createFile: `content` is required' },
      });
      expect(await run({ path: '', content: '' })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.createFile: `path` must not be empty' },
      });
    });
  });
});
