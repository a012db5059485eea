import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { EnsureFolderTool } from '../../../../src/core/tools/vault/ensureFolder';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new EnsureFolderTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.ensureFolder', input, context) };
};

describe('vault.ensureFolder', () => {
  it('should create the folder and its missing parents', async () => {
    const { vault, run } = setup();
    expect(await run({ path: 'Projects/2026/Q1' })).toEqual({
      ok: true,
      output: { path: 'Projects/2026/Q1', created: true },
    });
    expect(await vault.stat('Projects/2026')).toMatchObject({ kind: 'folder' });
    expect(await vault.stat('Projects/2026/Q1')).toMatchObject({ kind: 'folder' });
  });

  it('should report created false when the folder exists', async () => {
    const { run } = setup({ 'Projects/a.md': '' });
    expect(await run({ path: 'Projects' })).toEqual({ ok: true, output: { path: 'Projects', created: false } });
  });

  it('should normalize the path, keeping unicode, emoji and spaces', async () => {
    const { run } = setup();
    expect(await run({ path: 'Café ☕//Ideen 🚀/' })).toEqual({
      ok: true,
      output: { path: 'Café ☕/Ideen 🚀', created: true },
    });
  });

  it('should make a folder name of a title no name can hold, and keep an existing "C#" as it is', async () => {
    const { run } = setup({ 'C#/x.md': '' });
    expect(await run({ path: 'Q3: plans?/Why "now"' })).toEqual({
      ok: true,
      output: { path: "Q3 - plans/Why 'now'", created: true },
    });
    expect(await run({ path: 'C#' })).toEqual({ ok: true, output: { path: 'C#', created: false } });
  });

  it('should fail with EXISTS when a file is at the path', async () => {
    const { run } = setup({ 'Projects.md': '' });
    expect(await run({ path: 'Projects.md' })).toEqual({
      ok: false,
      error: {
        code: 'EXISTS',
        message:
          'vault.ensureFolder: `path` "Projects.md" is a file, expected a folder or nothing; choose another path',
      },
    });
  });

  it('should refuse the config folder', async () => {
    const { run } = setup();
    expect(await run({ path: '.obsidian/plugins/x' })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN_PATH',
        message: 'Refused path ".obsidian/plugins/x": ".obsidian/" is protected; the agent may not write there',
      },
    });
  });

  it('should refuse a path that leaves the vault', async () => {
    const { run } = setup();
    expect(await run({ path: '../outside' })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN_PATH',
        message: 'Refused path "../outside": the path leaves the vault (".." is not allowed)',
      },
    });
  });

  it('should refuse the vault root', async () => {
    const { run } = setup();
    expect(await run({ path: '/' })).toMatchObject({ ok: false, error: { code: 'INVALID_PATH' } });
  });
});
