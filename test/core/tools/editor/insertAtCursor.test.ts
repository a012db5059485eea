import { describe, expect, it } from 'vitest';
import { InsertAtCursorTool } from '../../../../src/core/tools/editor/insertAtCursor';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { MemoryEditor } from '../../../../src/node/MemoryEditor';
import { buildEditorFixture } from '../../../builders/editorContext';
import { buildToolContext } from '../../../builders/toolContext';

const run = (context: ToolContext, input: unknown) =>
  new ToolRegistry([new InsertAtCursorTool()]).execute('editor.insertAtCursor', input, context);
const at = (line: number, ch: number) => ({ line, ch });

async function withNote(text: string) {
  return buildEditorFixture({ files: { 'a.md': text }, open: 'a.md' });
}

describe('editor.insertAtCursor', () => {
  it('should insert at the cursor, save the file and move the cursor after the text', async () => {
    const { context, editor, vault } = await withNote('Status: ');
    editor.setCursor(at(0, 8));
    expect(await run(context, { text: 'Updated: 2025-12-16' })).toEqual({
      ok: true,
      output: { filePath: 'a.md', cursorAfter: at(0, 27), insertedChars: 19 },
    });
    expect(vault.dump()).toEqual({ 'a.md': 'Status: Updated: 2025-12-16' });
    expect(editor.snapshot()?.cursor).toEqual(at(0, 27));
  });

  it('should put the cursor on the last inserted line for multi-line text', async () => {
    const { context, editor } = await withNote('ab\ncd');
    editor.setCursor(at(1, 1));
    expect(await run(context, { text: 'one\ntwo\nthree' })).toMatchObject({
      output: { cursorAfter: at(3, 5), insertedChars: 13 },
    });
    expect(editor.text()).toBe('ab\ncone\ntwo\nthreed');
    expect(editor.snapshot()?.cursor).toEqual(at(3, 5));
  });

  it('should end on a new empty line when the text ends with a line break', async () => {
    const { context } = await withNote('x');
    expect(await run(context, { text: 'line\n' })).toMatchObject({ output: { cursorAfter: at(1, 0) } });
  });

  it('should insert at the head of a selection made backwards and keep the selected text', async () => {
    const { context, editor } = await withNote('abcdef');
    editor.select(at(0, 5), at(0, 2));
    expect(await run(context, { text: '|' })).toMatchObject({ output: { cursorAfter: at(0, 3) } });
    expect(editor.text()).toBe('ab|cdef');
  });

  it('should convert CRLF in the text to "\\n"', async () => {
    const { context, editor } = await withNote('');
    expect(await run(context, { text: 'a\r\nb' })).toMatchObject({
      output: { cursorAfter: at(1, 1), insertedChars: 3 },
    });
    expect(editor.text()).toBe('a\nb');
  });

  it('should measure emoji in UTF-16 code units', async () => {
    const { context } = await withNote('');
    expect(await run(context, { text: '🎉🎉' })).toMatchObject({ output: { cursorAfter: at(0, 4), insertedChars: 4 } });
  });

  it('should insert nothing and keep the cursor for empty text', async () => {
    const { context, editor } = await withNote('abc');
    editor.setCursor(at(0, 2));
    expect(await run(context, { text: '' })).toMatchObject({ output: { cursorAfter: at(0, 2), insertedChars: 0 } });
    expect(editor.text()).toBe('abc');
  });

  it('should fail with NO_EDITOR, asking the user to click into a note, when no editor is open', async () => {
    expect(await run(buildToolContext({ editor: new MemoryEditor() }), { text: 'x' })).toEqual({
      ok: false,
      error: {
        code: 'NO_EDITOR',
        message:
          'No note is open in an editor to insert text into: click into a note first (in its text, not the chat), then try again.',
      },
    });
  });

  it('should require text to be a string', async () => {
    const { context } = await withNote('');
    expect(await run(context, { text: 5 })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'editor.insertAtCursor: `text` must be a string, got integer' },
    });
  });
});
