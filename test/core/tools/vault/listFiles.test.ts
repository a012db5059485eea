import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { ListFilesTool, type ListFilesOutput } from '../../../../src/core/tools/vault/listFiles';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new ListFilesTool()]);
const FILES = {
  'Readme.md': '# Readme',
  'Inbox/a.md': 'a',
  'Inbox/B.MD': 'b',
  'Inbox/c.txt': 'c',
  'Inbox/archive.tar.gz': '',
  'Inbox/Deep/d.md': 'd',
  'Inbox/Deep/e.canvas': '{}',
  'Café ☕/Grüße 🚀.md': 'ü',
  '.obsidian/app.json': '{}',
  'Inbox/.hidden/x.md': '',
};
const setup = (files: Record<string, string> = FILES) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.listFiles', input, context) };
};
const pathsOf = async (promise: ReturnType<ReturnType<typeof setup>['run']>): Promise<string[]> => {
  const result = await promise;
  if (!result.ok) throw new Error(result.error.message);
  return (result.output as ListFilesOutput).items.map((item) => item.path);
};

describe('vault.listFiles', () => {
  it('should list the top level of the vault by default, without hidden entries', async () => {
    const { run } = setup();
    expect(await pathsOf(run({}))).toEqual(['Café ☕', 'Inbox', 'Readme.md']);
  });

  it('should treat "/" and "" as the vault root', async () => {
    const { run } = setup();
    expect(await pathsOf(run({ prefix: '/' }))).toEqual(['Café ☕', 'Inbox', 'Readme.md']);
    expect(await pathsOf(run({ prefix: '' }))).toEqual(['Café ☕', 'Inbox', 'Readme.md']);
  });

  it('should give files their size and modification time, and folders their kind', async () => {
    const { vault, run } = setup();
    const result = await run({ prefix: 'Café ☕' });
    expect(result).toEqual({
      ok: true,
      output: {
        items: [
          {
            path: 'Café ☕/Grüße 🚀.md',
            kind: 'file',
            sizeBytes: 2,
            mtimeMs: (await vault.stat('Café ☕/Grüße 🚀.md'))!.mtimeMs,
          },
        ],
        truncated: false,
      },
    });
    expect(await run({})).toMatchObject({
      ok: true,
      output: { items: [{ path: 'Café ☕', kind: 'folder' }, { path: 'Inbox', kind: 'folder' }, { kind: 'file' }] },
    });
  });

  it('should list one folder, normalizing the prefix', async () => {
    const { run } = setup();
    expect(await pathsOf(run({ prefix: 'Inbox/' }))).toEqual([
      'Inbox/B.MD',
      'Inbox/Deep',
      'Inbox/a.md',
      'Inbox/archive.tar.gz',
      'Inbox/c.txt',
    ]);
  });

  it('should list subfolders with recursive', async () => {
    const { run } = setup();
    expect(await pathsOf(run({ prefix: 'Inbox', recursive: true }))).toEqual([
      'Inbox/B.MD',
      'Inbox/Deep',
      'Inbox/Deep/d.md',
      'Inbox/Deep/e.canvas',
      'Inbox/a.md',
      'Inbox/archive.tar.gz',
      'Inbox/c.txt',
    ]);
  });

  it('should filter by extension in any letter case, with or without a leading dot, leaving folders out', async () => {
    const { run } = setup();
    expect(await pathsOf(run({ prefix: 'Inbox', recursive: true, extensions: ['md'] }))).toEqual([
      'Inbox/B.MD',
      'Inbox/Deep/d.md',
      'Inbox/a.md',
    ]);
    expect(await pathsOf(run({ prefix: 'Inbox', recursive: true, extensions: ['.CANVAS', 'Txt'] }))).toEqual([
      'Inbox/Deep/e.canvas',
      'Inbox/c.txt',
    ]);
  });

  it('should match an extension with several parts', async () => {
    const { run } = setup();
    expect(await pathsOf(run({ prefix: 'Inbox', extensions: ['tar.gz'] }))).toEqual(['Inbox/archive.tar.gz']);
  });

  it('should stop at limit and say the list was truncated', async () => {
    const { run } = setup();
    expect(await run({ prefix: 'Inbox', recursive: true, limit: 2 })).toMatchObject({
      ok: true,
      output: { items: [{ path: 'Inbox/B.MD' }, { path: 'Inbox/Deep' }], truncated: true },
    });
    expect(await run({ prefix: 'Inbox', limit: 5 })).toMatchObject({ ok: true, output: { truncated: false } });
  });

  it('should return nothing for an empty vault', async () => {
    const { run } = setup({});
    expect(await run({ recursive: true })).toEqual({ ok: true, output: { items: [], truncated: false } });
  });

  describe('errors', () => {
    it('should fail with NOT_FOUND naming the folder when the prefix does not exist', async () => {
      const { run } = setup();
      expect(await run({ prefix: 'Nope/Deeper' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_FOUND',
          message:
            'vault.listFiles: `prefix` folder "Nope/Deeper" does not exist; list "/" to see the top-level folders',
        },
      });
    });

    it('should fail with NOT_A_FOLDER when the prefix is a file', async () => {
      const { run } = setup();
      expect(await run({ prefix: 'Readme.md' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_A_FOLDER',
          message: 'vault.listFiles: `prefix` "Readme.md" is a file, expected a folder; use vault.readFile to read it',
        },
      });
    });

    it('should refuse a prefix that leaves the vault', async () => {
      const { run } = setup();
      expect(await run({ prefix: '../' })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused prefix "../": the path leaves the vault (".." is not allowed)',
        },
      });
    });

    it('should refuse an extension that is only dots', async () => {
      const { run } = setup();
      expect(await run({ extensions: ['md', '.'] })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'vault.listFiles: `extensions[1]` must be a file extension such as "md", got "."',
        },
      });
    });

    it('should refuse a limit below 1', async () => {
      const { run } = setup();
      expect(await run({ limit: 0 })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.listFiles: `limit` must be >= 1, got 0' },
      });
    });
  });
});
