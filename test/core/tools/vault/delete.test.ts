import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { DeleteTool } from '../../../../src/core/tools/vault/delete';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new DeleteTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.delete', input, context) };
};

describe('vault.delete', () => {
  it('should move a file to the trash by default', async () => {
    const { vault, run } = setup({ 'Temp/scratch.md': 'x', 'keep.md': '' });
    expect(await run({ path: 'Temp/scratch.md' })).toEqual({
      ok: true,
      output: { path: 'Temp/scratch.md', deleted: true, trashed: true },
    });
    expect(vault.dump()).toEqual({ '.trash/scratch.md': 'x', 'keep.md': '' });
  });

  it('should delete permanently with trash false', async () => {
    const { vault, run } = setup({ 'scratch.md': 'x' });
    expect(await run({ path: 'scratch.md', trash: false })).toEqual({
      ok: true,
      output: { path: 'scratch.md', deleted: true, trashed: false },
    });
    expect(vault.dump()).toEqual({});
  });

  it('should delete a folder with everything in it', async () => {
    const { vault, run } = setup({ 'Old/a.md': '', 'Old/Deep/b.md': '', 'keep.md': '' });
    expect(await run({ path: 'Old', trash: false })).toMatchObject({ ok: true, output: { deleted: true } });
    expect(vault.dump()).toEqual({ 'keep.md': '' });
    expect(await vault.stat('Old')).toBeNull();
  });

  it('should not delete for good a folder holding hidden files, which no checkpoint records, and offer the trash', async () => {
    const files = { 'Old/a.md': 'A', 'Old/Deep/.drafts/b.md': 'B', 'Old/.stfolder': '' };
    const { vault, run } = setup(files);
    expect(await run({ path: 'Old', trash: false })).toEqual({
      ok: false,
      error: {
        code: 'NOT_ALLOWED',
        message:
          'vault.delete: "Old" holds hidden entries ("Old/.stfolder", "Old/Deep/.drafts") that no checkpoint records, so it is not deleted for good; move it to the trash instead (trash: true)',
      },
    });
    expect(vault.dump()).toEqual(files);
    expect(await run({ path: 'Old' })).toMatchObject({ ok: true, output: { deleted: true, trashed: true } });
  });

  it('should delete a file with unicode, emoji and spaces in its name', async () => {
    const { vault, run } = setup({ 'Café ☕/Grüße 🚀.md': '' });
    expect(await run({ path: 'Café ☕/Grüße 🚀.md', trash: false })).toMatchObject({
      ok: true,
      output: { deleted: true },
    });
    expect(vault.dump()).toEqual({});
  });

  it('should fail with NOT_FOUND for a missing path by default', async () => {
    const { run } = setup();
    expect(await run({ path: 'Missing.md' })).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message:
          'vault.delete: `path` "Missing.md" does not exist; pass requireExists false to treat a missing path as done',
      },
    });
  });

  it('should report deleted false for a missing path with requireExists false', async () => {
    const { run } = setup();
    expect(await run({ path: 'Missing.md', requireExists: false })).toEqual({
      ok: true,
      output: { path: 'Missing.md', deleted: false },
    });
  });

  it('should refuse to delete inside the config folder, .git or .trash', async () => {
    const { vault, run } = setup({ '.obsidian/app.json': '{}' });
    expect(await run({ path: '.obsidian' })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN_PATH',
        message: 'Refused path ".obsidian": ".obsidian/" is protected; the agent may not write there',
      },
    });
    expect(await run({ path: '.trash/x.md' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_PATH' } });
    expect(await run({ path: '.git' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_PATH' } });
    expect(vault.dump()).toEqual({ '.obsidian/app.json': '{}' });
  });

  it('should refuse the vault root', async () => {
    const { run } = setup({ 'a.md': '' });
    expect(await run({ path: '/' })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_PATH',
        message: 'Refused path "/": absolute paths are not allowed; give a path relative to the vault root',
      },
    });
  });
});
