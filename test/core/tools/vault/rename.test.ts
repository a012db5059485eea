import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { RenameTool } from '../../../../src/core/tools/vault/rename';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new RenameTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.rename', input, context) };
};

describe('vault.rename', () => {
  it('should move a file, creating missing target folders', async () => {
    const { vault, run } = setup({ 'Inbox/note.md': 'x' });
    expect(await run({ fromPath: 'Inbox/note.md', toPath: 'Archive/2026/note.md' })).toEqual({
      ok: true,
      output: { fromPath: 'Inbox/note.md', toPath: 'Archive/2026/note.md' },
    });
    expect(vault.dump()).toEqual({ 'Archive/2026/note.md': 'x' });
  });

  it('should rename a folder with everything in it', async () => {
    const { vault, run } = setup({ 'Old/a.md': 'a', 'Old/Deep/b.md': 'b' });
    expect(await run({ fromPath: 'Old', toPath: 'New' })).toMatchObject({ ok: true, output: { toPath: 'New' } });
    expect(vault.dump()).toEqual({ 'New/a.md': 'a', 'New/Deep/b.md': 'b' });
  });

  it('should keep unicode, emoji and spaces in names', async () => {
    const { vault, run } = setup({ 'a.md': '' });
    expect(await run({ fromPath: 'a.md', toPath: 'Café ☕/Grüße 🚀 neu.md' })).toMatchObject({
      ok: true,
      output: { toPath: 'Café ☕/Grüße 🚀 neu.md' },
    });
    expect(vault.dump()).toEqual({ 'Café ☕/Grüße 🚀 neu.md': '' });
  });

  it('should change only the letter case of a name', async () => {
    const { vault, run } = setup({ 'note.md': '' });
    expect(await run({ fromPath: 'note.md', toPath: 'Note.md' })).toMatchObject({ ok: true });
    expect(vault.dump()).toEqual({ 'Note.md': '' });
  });

  describe('names a file name cannot hold', () => {
    it('should rename to the readable file name and return it as toPath', async () => {
      const { vault, run } = setup({ 'a.md': 'a' });
      expect(await run({ fromPath: 'a.md', toPath: 'Ideas/Q3: budget review?.md' })).toEqual({
        ok: true,
        output: { fromPath: 'a.md', toPath: 'Ideas/Q3 - budget review.md' },
      });
      expect(vault.dump()).toEqual({ 'Ideas/Q3 - budget review.md': 'a' });
    });

    it('should clean a new name of the characters links break on', async () => {
      const { vault, run } = setup({ 'a.md': 'a' });
      expect(await run({ fromPath: 'a.md', toPath: '[[C# tips]] ^1.md' })).toMatchObject({
        ok: true,
        output: { toPath: 'C tips 1.md' },
      });
      expect(vault.dump()).toEqual({ 'C tips 1.md': 'a' });
    });

    it('should keep a name it only moves, and an existing folder whose name holds "#"', async () => {
      const { vault, run } = setup({ 'Inbox/C# tips.md': 'a', 'C#/x.md': 'x' });
      expect(await run({ fromPath: 'Inbox/C# tips.md', toPath: 'C#/Inbox/C# tips.md' })).toMatchObject({
        ok: true,
        output: { toPath: 'C#/Inbox/C# tips.md' },
      });
      expect(vault.dump()).toEqual({ 'C#/Inbox/C# tips.md': 'a', 'C#/x.md': 'x' });
    });
  });

  describe('when the target is taken', () => {
    it('should fail with EXISTS with collisionStrategy "error" and move nothing', async () => {
      const { vault, run } = setup({ 'a.md': 'a', 'b.md': 'b' });
      expect(await run({ fromPath: 'a.md', toPath: 'b.md', collisionStrategy: 'error' })).toEqual({
        ok: false,
        error: {
          code: 'EXISTS',
          message:
            'vault.rename: `toPath` "b.md" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"',
        },
      });
      expect(vault.dump()).toEqual({ 'a.md': 'a', 'b.md': 'b' });
    });

    it('should pick "b (2).md" by default (create-unique), as the spec\'s collision policy says', async () => {
      const { vault, run } = setup({ 'a.md': 'a', 'b.md': 'b' });
      expect(await run({ fromPath: 'a.md', toPath: 'b.md' })).toEqual({
        ok: true,
        output: { fromPath: 'a.md', toPath: 'b (2).md' },
      });
      expect(vault.dump()).toEqual({ 'b.md': 'b', 'b (2).md': 'a' });
    });

    it('should number a folder name with a dot after the whole name', async () => {
      const { run } = setup({ 'src/x.md': '', 'v1.2/y.md': '' });
      expect(await run({ fromPath: 'src', toPath: 'v1.2', collisionStrategy: 'create-unique' })).toMatchObject({
        ok: true,
        output: { toPath: 'v1.2 (2)' },
      });
    });

    it('should move the existing file to the trash first with collisionStrategy "overwrite"', async () => {
      const { vault, run } = setup({ 'a.md': 'new', 'Archive/a.md': 'old' });
      expect(await run({ fromPath: 'a.md', toPath: 'Archive/a.md', collisionStrategy: 'overwrite' })).toMatchObject({
        ok: true,
        output: { toPath: 'Archive/a.md' },
      });
      expect(vault.dump()).toEqual({ '.trash/a.md': 'old', 'Archive/a.md': 'new' });
    });

    it('should refuse to overwrite a folder', async () => {
      const { vault, run } = setup({ 'a.md': 'a', 'Target/x.md': 'x' });
      expect(await run({ fromPath: 'a.md', toPath: 'Target', collisionStrategy: 'overwrite' })).toEqual({
        ok: false,
        error: {
          code: 'EXISTS',
          message:
            'vault.rename: `toPath` "Target" already exists and overwrite replaces only a file with a file (found a folder, moving a file); choose another path',
        },
      });
      expect(vault.dump()).toEqual({ 'a.md': 'a', 'Target/x.md': 'x' });
    });
  });

  describe('errors', () => {
    it('should refuse renaming onto itself', async () => {
      const { run } = setup({ 'a.md': '' });
      expect(await run({ fromPath: 'a.md', toPath: 'a.md' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'vault.rename: `toPath` "a.md" is the same as `fromPath`; give the new path',
        },
      });
    });

    it('should fail with NOT_FOUND when the source is missing', async () => {
      const { run } = setup();
      expect(await run({ fromPath: 'Missing.md', toPath: 'b.md' })).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'vault.rename: `fromPath` "Missing.md" does not exist' },
      });
    });

    it('should refuse moving a folder into itself', async () => {
      const { vault, run } = setup({ 'A/x.md': '' });
      expect(await run({ fromPath: 'A', toPath: 'A/B' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_PATH',
          message:
            'vault.rename: `toPath` "A/B" is inside the folder being moved ("A"); a folder cannot move into itself',
        },
      });
      expect(vault.dump()).toEqual({ 'A/x.md': '' });
    });

    it('should refuse moving into or out of the config folder, naming the field', async () => {
      const { run } = setup({ 'a.md': '', '.obsidian/app.json': '{}' });
      expect(await run({ fromPath: 'a.md', toPath: '.obsidian/a.md' })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused toPath ".obsidian/a.md": ".obsidian/" is protected; the agent may not write there',
        },
      });
      expect(await run({ fromPath: '.obsidian/app.json', toPath: 'app.json' })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused fromPath ".obsidian/app.json": ".obsidian/" is protected; the agent may not write there',
        },
      });
    });

    it('should refuse an unknown collision strategy', async () => {
      const { run } = setup({ 'a.md': '' });
      expect(await run({ fromPath: 'a.md', toPath: 'b.md', collisionStrategy: 'merge' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message:
            'vault.rename: `collisionStrategy` must be one of "error", "overwrite", "create-unique", got "merge"',
        },
      });
    });
  });
});
