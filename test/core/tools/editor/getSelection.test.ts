import { describe, expect, it } from 'vitest';
import { GetSelectionTool } from '../../../../src/core/tools/editor/getSelection';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { MemoryEditor } from '../../../../src/node/MemoryEditor';
import { buildEditorFixture } from '../../../builders/editorContext';
import { buildToolContext } from '../../../builders/toolContext';

const run = (context: ToolContext, input: unknown = {}) =>
  new ToolRegistry([new GetSelectionTool()]).execute('editor.getSelection', input, context);
const at = (line: number, ch: number) => ({ line, ch });

describe('editor.getSelection', () => {
  it('should return the selected text with its file, mode and range', async () => {
    const { context, editor } = await buildEditorFixture({
      files: { 'Notes/a.md': '- one\n- two\n- three' },
      open: 'Notes/a.md',
    });
    editor.select(at(0, 0), at(1, 5));
    expect(await run(context)).toEqual({
      ok: true,
      output: {
        text: '- one\n- two',
        isEmpty: false,
        filePath: 'Notes/a.md',
        mode: 'source',
        range: { from: at(0, 0), to: at(1, 5) },
      },
    });
  });

  it('should return the same text and an ordered range for a selection made backwards', async () => {
    const { context, editor } = await buildEditorFixture({ files: { 'a.md': 'hello world' }, open: 'a.md' });
    editor.select(at(0, 11), at(0, 6));
    expect(await run(context)).toMatchObject({
      ok: true,
      output: { text: 'world', range: { from: at(0, 6), to: at(0, 11) } },
    });
  });

  it('should report an empty selection as a collapsed range at the cursor', async () => {
    const { context, editor } = await buildEditorFixture({ files: { 'a.md': 'hello' }, open: 'a.md' });
    editor.setCursor(at(0, 3));
    expect(await run(context)).toEqual({
      ok: true,
      output: { text: '', isEmpty: true, filePath: 'a.md', mode: 'source', range: { from: at(0, 3), to: at(0, 3) } },
    });
  });

  it('should return an empty selection in mode "unknown" when no editor is open', async () => {
    const context = buildToolContext({ editor: new MemoryEditor() });
    expect(await run(context)).toEqual({ ok: true, output: { text: '', isEmpty: true, mode: 'unknown' } });
  });

  it('should leave out filePath for an editor without a file', async () => {
    const context = buildToolContext({ editor: new MemoryEditor({ mode: 'preview' }).setDocument(null, 'draft') });
    expect(await run(context)).toEqual({
      ok: true,
      output: { text: '', isEmpty: true, mode: 'preview', range: { from: at(0, 0), to: at(0, 0) } },
    });
  });

  it('should return unicode and emoji text unchanged', async () => {
    const { context, editor } = await buildEditorFixture({ files: { 'a.md': 'Café 👍 日本' }, open: 'a.md' });
    editor.select(at(0, 0), at(0, 10));
    expect(await run(context)).toMatchObject({ output: { text: 'Café 👍 日本', range: { to: at(0, 10) } } });
  });

  it('should refuse arguments, since it takes none', async () => {
    const context = buildToolContext({ editor: new MemoryEditor() });
    expect(await run(context, { path: 'a.md' })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'editor.getSelection: input has an unknown property `path`' },
    });
  });
});
