import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { OpenFileTool } from '../../../../src/core/tools/workspace/openFile';
import { buildEditorFixture } from '../../../builders/editorContext';

const run = (context: ToolContext, input: unknown) =>
  new ToolRegistry([new OpenFileTool()]).execute('workspace.openFile', input, context);
const files = { 'Projects/roadmap.md': '# Roadmap', 'Projects/notes.md': 'notes', '.obsidian/app.json': '{}' };

describe('workspace.openFile', () => {
  it('should open the file in the current tab and focus it by default', async () => {
    const { context, workspace, editor } = await buildEditorFixture({ files });
    expect(await run(context, { path: 'Projects/roadmap.md' })).toEqual({
      ok: true,
      output: { path: 'Projects/roadmap.md', opened: true, leafId: 'leaf-1' },
    });
    expect(workspace.activeFilePath()).toBe('Projects/roadmap.md');
    expect(editor.text()).toBe('# Roadmap');
  });

  it('should replace the file in the current tab unless newLeaf is true', async () => {
    const { context, workspace } = await buildEditorFixture({ files, open: 'Projects/notes.md' });
    await run(context, { path: 'Projects/roadmap.md' });
    expect(workspace.openLeaves()).toHaveLength(1);
    expect(await run(context, { path: 'Projects/notes.md', newLeaf: true })).toMatchObject({
      output: { leafId: 'leaf-2' },
    });
    expect(workspace.openLeaves()).toHaveLength(2);
  });

  it('should leave the focus where it is when focus is false', async () => {
    const { context, workspace } = await buildEditorFixture({ files, open: 'Projects/notes.md' });
    await run(context, { path: 'Projects/roadmap.md', newLeaf: true, focus: false });
    expect(workspace.activeLeafId()).toBe('leaf-1');
    expect(workspace.activeFilePath()).toBe('Projects/notes.md');
  });

  it('should normalize the path before opening it', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { path: 'Projects//roadmap.md/' })).toMatchObject({
      ok: true,
      output: { path: 'Projects/roadmap.md' },
    });
  });

  it('should open a file in the config folder, since opening only reads', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { path: '.obsidian/app.json' })).toMatchObject({ ok: true, output: { opened: true } });
  });

  it('should fail with NOT_FOUND naming the path when the file does not exist', async () => {
    const { context, workspace } = await buildEditorFixture({ files });
    expect(await run(context, { path: 'Projects/missing.md' })).toEqual({
      ok: false,
      error: {
        code: 'NOT_FOUND',
        message:
          'Cannot open "Projects/missing.md": no file exists at that path. Check the name with vault.listFiles or vault.searchText.',
      },
    });
    expect(workspace.openLeaves()).toEqual([]);
  });

  it('should fail with NOT_A_FILE for a folder', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { path: 'Projects' })).toEqual({
      ok: false,
      error: {
        code: 'NOT_A_FILE',
        message:
          'Cannot open "Projects": it is a folder, not a file. Open a file inside it (vault.listFiles lists them).',
      },
    });
  });

  it('should refuse a path that leaves the vault', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { path: '../secret.md' })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN_PATH',
        message: 'Refused path "../secret.md": the path leaves the vault (".." is not allowed)',
      },
    });
  });

  it('should require a non-empty path', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { path: '' })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'workspace.openFile: `path` must not be empty' },
    });
  });
});
