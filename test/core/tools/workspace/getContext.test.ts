import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { GetContextTool } from '../../../../src/core/tools/workspace/getContext';
import { buildEditorFixture } from '../../../builders/editorContext';

const run = (context: ToolContext, input: unknown = {}) =>
  new ToolRegistry([new GetContextTool()]).execute('workspace.getContext', input, context);
const files = { 'a.md': 'hello world', 'board.canvas': '{}' };

describe('workspace.getContext', () => {
  it('should describe the active file and view, without leaves or selection by default', async () => {
    const { context } = await buildEditorFixture({ files, open: 'a.md' });
    expect(await run(context)).toEqual({
      ok: true,
      output: { activeFilePath: 'a.md', activeViewType: 'markdown', isMarkdown: true },
    });
  });

  it('should leave out the active file and view when nothing is open', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context)).toEqual({ ok: true, output: { isMarkdown: false } });
  });

  it('should say the active file is Markdown while the chat panel is the active view', async () => {
    const { context, workspace } = await buildEditorFixture({ files, open: 'a.md' });
    await workspace.focus(workspace.addLeaf({ viewType: 'embedded-agent-chat', title: 'Chat' }).id);
    expect(await run(context)).toEqual({
      ok: true,
      output: { activeFilePath: 'a.md', activeViewType: 'embedded-agent-chat', isMarkdown: true },
    });
  });

  it('should say a canvas is not Markdown', async () => {
    const { context } = await buildEditorFixture({ files, open: 'board.canvas' });
    expect(await run(context)).toMatchObject({ output: { activeViewType: 'canvas', isMarkdown: false } });
  });

  it('should list the open leaves when includeOpenLeaves is true', async () => {
    const { context, workspace } = await buildEditorFixture({ files, open: 'a.md' });
    workspace.addLeaf({ viewType: 'embedded-agent-chat' });
    expect(await run(context, { includeOpenLeaves: true })).toMatchObject({
      output: {
        openLeaves: [
          { id: 'leaf-1', viewType: 'markdown', title: 'a', filePath: 'a.md' },
          { id: 'leaf-2', viewType: 'embedded-agent-chat' },
        ],
      },
    });
  });

  it('should summarize the selection when includeActiveViewState is true', async () => {
    const { context, editor } = await buildEditorFixture({ files, open: 'a.md' });
    editor.select({ line: 0, ch: 11 }, { line: 0, ch: 6 });
    expect(await run(context, { includeActiveViewState: true })).toMatchObject({
      output: { selectionSummary: { isEmpty: false, length: 5 } },
    });
  });

  it('should summarize an empty selection when no editor is open', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { includeActiveViewState: true })).toEqual({
      ok: true,
      output: { isMarkdown: false, selectionSummary: { isEmpty: true, length: 0 } },
    });
  });

  it('should reject an unknown option', async () => {
    const { context } = await buildEditorFixture({ files });
    expect(await run(context, { includeSelection: true })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'workspace.getContext: input has an unknown property `includeSelection`',
      },
    });
  });
});
