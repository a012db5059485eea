import { describe, expect, it } from 'vitest';
import { InsertAtCursorTool } from '../../../../src/core/tools/editor/insertAtCursor';
import { ReplaceSelectionTool } from '../../../../src/core/tools/editor/replaceSelection';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import type { ToolContext } from '../../../../src/core/tools/types';
import { bytesOf } from '../../../builders/encodingFixtures';
import { buildEditorFixture } from '../../../builders/editorContext';

const registry = new ToolRegistry([new InsertAtCursorTool(), new ReplaceSelectionTool()]);
const insert = (context: ToolContext, text: string) => registry.execute('editor.insertAtCursor', { text }, context);
const at = (line: number, ch: number) => ({ line, ch });
const open = (text: string) => buildEditorFixture({ files: { 'a.md': text }, open: 'a.md' });

describe('editor writes keep the note they change', () => {
  it('should keep a CRLF note CRLF when it inserts LF lines', async () => {
    const { context, editor, vault } = await open('# Meeting\r\n\r\n- agenda\r\n');
    editor.setCursor(at(3, 0));
    expect(await insert(context, '- notes\n')).toMatchObject({ ok: true });
    expect(await vault.readBinary('a.md')).toEqual(bytesOf('# Meeting\r\n\r\n- agenda\r\n- notes\r\n'));
  });

  it('should plan the CRLF note it will save, with only the inserted line changed', async () => {
    const { context, editor } = await open('# Meeting\r\n\r\n- agenda\r\n');
    editor.setCursor(at(3, 0));
    expect(await new InsertAtCursorTool().describeChanges({ text: '- notes\n' }, context)).toEqual([
      { kind: 'modify', path: 'a.md', content: '# Meeting\r\n\r\n- agenda\r\n- notes\r\n' },
    ]);
  });

  it('should insert right after the properties, and say so, when the cursor is still at the top of the note', async () => {
    const { context, vault } = await open('---\ntags: [a]\n---\n# Title\n');
    expect(await insert(context, 'Summary.\n')).toEqual({
      ok: true,
      output: {
        filePath: 'a.md',
        cursorAfter: at(4, 0),
        insertedChars: 9,
        movedBelowProperties:
          "The cursor was in or before the note's properties (lines 1-3); the text went right after them, at line 4, so they stay valid.",
      },
    });
    expect(vault.dump()).toEqual({ 'a.md': '---\ntags: [a]\n---\nSummary.\n# Title\n' });
  });

  it('should plan the insert below the properties, where it will land', async () => {
    const { context } = await open('---\ntags: [a]\n---\n# Title\n');
    expect(await new InsertAtCursorTool().describeChanges({ text: 'Summary.\n' }, context)).toEqual([
      { kind: 'modify', path: 'a.md', content: '---\ntags: [a]\n---\nSummary.\n# Title\n' },
    ]);
  });

  it('should start a new line after properties that end the note', async () => {
    const { context, vault } = await open('---\ntags: [a]\n---');
    expect(await insert(context, 'Body')).toMatchObject({ ok: true });
    expect(vault.dump()).toEqual({ 'a.md': '---\ntags: [a]\n---\nBody' });
  });
});
