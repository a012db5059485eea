import { describe, expect, it } from 'vitest';
import { ReplaceSelectionTool } from '../../../../src/core/tools/editor/replaceSelection';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { MemoryEditor } from '../../../../src/node/MemoryEditor';
import { buildEditorFixture } from '../../../builders/editorContext';
import { buildToolContext } from '../../../builders/toolContext';

const run = (context: ToolContext, input: unknown) =>
  new ToolRegistry([new ReplaceSelectionTool()]).execute('editor.replaceSelection', input, context);
const at = (line: number, ch: number) => ({ line, ch });

async function withNote(text: string) {
  return buildEditorFixture({ files: { 'Notes/a.md': text }, open: 'Notes/a.md' });
}

describe('editor.replaceSelection', () => {
  it('should replace the selection, save the file and report where the new text is', async () => {
    const { context, editor, vault } = await withNote('hello world');
    editor.select(at(0, 6), at(0, 11));
    expect(await run(context, { text: 'there' })).toEqual({
      ok: true,
      output: { filePath: 'Notes/a.md', range: { from: at(0, 6), to: at(0, 11) }, insertedChars: 5 },
    });
    expect(vault.dump()).toEqual({ 'Notes/a.md': 'hello there' });
  });

  it('should leave the cursor after the new text', async () => {
    const { context, editor } = await withNote('hello world');
    editor.select(at(0, 0), at(0, 5));
    await run(context, { text: 'hi' });
    expect(editor.snapshot()).toMatchObject({ selection: '', cursor: at(0, 2) });
  });

  it('should insert at the cursor when the selection is empty', async () => {
    const { context, editor } = await withNote('ab');
    editor.setCursor(at(0, 1));
    expect(await run(context, { text: 'X' })).toMatchObject({
      ok: true,
      output: { range: { from: at(0, 1), to: at(0, 2) }, insertedChars: 1 },
    });
    expect(editor.text()).toBe('aXb');
  });

  it('should replace a selection made backwards', async () => {
    const { context, editor } = await withNote('one two three');
    editor.select(at(0, 7), at(0, 4));
    expect(await run(context, { text: '2' })).toMatchObject({ output: { range: { from: at(0, 4), to: at(0, 5) } } });
    expect(editor.text()).toBe('one 2 three');
  });

  it('should report a multi-line insert ending on a later line', async () => {
    const { context, editor } = await withNote('Links: X.');
    editor.select(at(0, 7), at(0, 8));
    expect(await run(context, { text: '[[Note 1]]\n[[Note 2]]\n[[Note 3]]' })).toMatchObject({
      output: { range: { from: at(0, 7), to: at(2, 10) }, insertedChars: 32 },
    });
    expect(editor.text()).toBe('Links: [[Note 1]]\n[[Note 2]]\n[[Note 3]].');
  });

  it('should insert CRLF text with "\\n" line breaks and count it that way', async () => {
    const { context, editor } = await withNote('');
    expect(await run(context, { text: 'a\r\nb' })).toMatchObject({
      output: { range: { to: at(1, 1) }, insertedChars: 3 },
    });
    expect(editor.text()).toBe('a\nb');
  });

  it('should count inserted characters in UTF-16 code units, as editor positions do', async () => {
    const { context } = await withNote('');
    expect(await run(context, { text: 'Café 👍' })).toMatchObject({
      output: { range: { to: at(0, 7) }, insertedChars: 7 },
    });
  });

  it('should not indent inserted lines by default', async () => {
    const { context, editor } = await withNote('  - old');
    editor.select(at(0, 4), at(0, 7));
    await run(context, { text: 'new\n- more' });
    expect(editor.text()).toBe('  - new\n- more');
  });

  it('should indent each later line like the first selected line when preserveIndent is true', async () => {
    const { context, editor } = await withNote('\t- old\n\t- gone');
    editor.select(at(0, 3), at(1, 7));
    expect(await run(context, { text: 'new\n- more\n\n- last', preserveIndent: true })).toMatchObject({
      output: { range: { from: at(0, 3), to: at(3, 7) }, insertedChars: 20 },
    });
    expect(editor.text()).toBe('\t- new\n\t- more\n\n\t- last');
  });

  it('should indent the first line too when the selection starts before the indentation', async () => {
    const { context, editor } = await withNote('    - a\n    - b');
    editor.select(at(0, 0), at(1, 7));
    await run(context, { text: '- x\n- y', preserveIndent: true });
    expect(editor.text()).toBe('    - x\n    - y');
  });

  it('should fail with NO_EDITOR, asking the user to click into a note, when no editor is open', async () => {
    const context = buildToolContext({ editor: new MemoryEditor() });
    expect(await run(context, { text: 'x' })).toEqual({
      ok: false,
      error: {
        code: 'NO_EDITOR',
        message:
          'No note is open in an editor to replace the selection in: click into a note first (in its text, not the chat), then try again.',
      },
    });
  });

  it('should fail with NO_EDITOR when the editor shows no vault file', async () => {
    const editor = new MemoryEditor().setDocument(null, 'draft');
    expect(await run(buildToolContext({ editor }), { text: 'x' })).toEqual({
      ok: false,
      error: {
        code: 'NO_EDITOR',
        message:
          'The active editor is not showing a file from the vault, so it cannot replace the selection in there with undo: click into a saved note first, then try again.',
      },
    });
    expect(editor.text()).toBe('draft');
  });

  it('should require text', async () => {
    const { context } = await withNote('');
    expect(await run(context, {})).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'editor.replaceSelection: `text` is required' },
    });
  });

  it('should reject a preserveIndent that is not a boolean', async () => {
    const { context } = await withNote('');
    expect(await run(context, { text: 'x', preserveIndent: 'yes' })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'editor.replaceSelection: `preserveIndent` must be a boolean, got string',
      },
    });
  });
});
