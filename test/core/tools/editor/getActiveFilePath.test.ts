import { describe, expect, it } from 'vitest';
import { GetActiveFilePathTool } from '../../../../src/core/tools/editor/getActiveFilePath';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { buildEditorFixture } from '../../../builders/editorContext';

const run = (context: ToolContext) =>
  new ToolRegistry([new GetActiveFilePathTool()]).execute('editor.getActiveFilePath', {}, context);

describe('editor.getActiveFilePath', () => {
  it('should return the path of the open note and that it exists', async () => {
    const { context } = await buildEditorFixture({ files: { 'Projects/roadmap.md': '' }, open: 'Projects/roadmap.md' });
    expect(await run(context)).toEqual({ ok: true, output: { path: 'Projects/roadmap.md', exists: true } });
  });

  it('should return null when no file is open', async () => {
    const { context } = await buildEditorFixture();
    expect(await run(context)).toEqual({ ok: true, output: { path: null, exists: false } });
  });

  it('should keep returning the note while the chat panel has focus', async () => {
    const { context, workspace } = await buildEditorFixture({ files: { 'a.md': '' }, open: 'a.md' });
    await workspace.focus(workspace.addLeaf({ viewType: 'embedded-agent-chat' }).id);
    expect(await run(context)).toEqual({ ok: true, output: { path: 'a.md', exists: true } });
  });

  it('should report exists false when the open file was deleted', async () => {
    const { context, vault } = await buildEditorFixture({ files: { 'a.md': '' }, open: 'a.md' });
    await vault.delete('a.md');
    expect(await run(context)).toEqual({ ok: true, output: { path: 'a.md', exists: false } });
  });

  it('should fall back to the file of the editor when the workspace tracks none', async () => {
    const { context, editor } = await buildEditorFixture({ files: { 'b.md': '' } });
    editor.setDocument('b.md', '');
    expect(await run(context)).toEqual({ ok: true, output: { path: 'b.md', exists: true } });
  });
});
