import type { EditorPosition } from '../../ports/editor';
import { editedText, normalizeNewlines, positionAfter } from '../../util/editorPositions';
import { propertiesEnd } from '../../util/frontmatter';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { UNFORESEEN, type Unforeseen } from '../unforeseen';
import { editableNote, modifyChange, requireEditorWithFile } from './activeEditor';

export interface InsertAtCursorInput {
  text: string;
}

export interface InsertAtCursorOutput {
  filePath: string;
  cursorAfter: EditorPosition;
  /** Length of the inserted text in UTF-16 code units, the unit of `ch` (an emoji counts 2). */
  insertedChars: number;
  /** Where the text went instead of the cursor, when the cursor was in or before the note's properties. */
  movedBelowProperties?: string;
}

/** Where the text goes and what is inserted there. */
interface Placement {
  at: EditorPosition;
  text: string;
  movedBelowProperties?: string;
}

/**
 * Inserts at the cursor (a selection is kept, not replaced) and moves the cursor to the end of the new text.
 * A cursor in or before the note's properties (where it is right after the note opens) would break them, so the
 * text goes right after the block instead, and the output says so.
 */
export class InsertAtCursorTool extends BaseTool<InsertAtCursorInput, InsertAtCursorOutput> {
  readonly name = 'editor.insertAtCursor' as const;

  /** Where the text lands (the range it returns) depends on the editor at run time, and a dry run leaves the cursor alone. */
  override simulatedOutput(): Unforeseen {
    return UNFORESEEN;
  }

  override async describeChanges(input: InsertAtCursorInput, context: ToolContext): Promise<PlannedChange[]> {
    const snapshot = requireEditorWithFile(context, 'insert text into');
    const current = await editableNote(context, this.name, snapshot.filePath);
    const place = placement(current.text, snapshot.cursor, normalizeNewlines(input.text));
    return [
      modifyChange(
        snapshot.filePath,
        editedText(current.text, { from: place.at, to: place.at }, place.text),
        current.format,
      ),
    ];
  }

  async execute(input: InsertAtCursorInput, context: ToolContext): Promise<InsertAtCursorOutput> {
    const snapshot = requireEditorWithFile(context, 'insert text into');
    const current = await editableNote(context, this.name, snapshot.filePath);
    const place = placement(current.text, snapshot.cursor, normalizeNewlines(input.text));
    await context.editor.replaceRange(place.text, { from: place.at, to: place.at });
    const cursorAfter = positionAfter(place.at, place.text);
    context.editor.setCursor(cursorAfter);
    const output: InsertAtCursorOutput = { filePath: snapshot.filePath, cursorAfter, insertedChars: place.text.length };
    return place.movedBelowProperties ? { ...output, movedBelowProperties: place.movedBelowProperties } : output;
  }
}

function placement(current: string, cursor: EditorPosition, text: string): Placement {
  const close = propertiesEnd(current);
  if (close === null || cursor.line > close) return { at: cursor, text };
  const lines = current.split('\n');
  const said = `The cursor was in or before the note's properties (lines 1-${close + 1}); the text went right after them, at line ${close + 2}, so they stay valid.`;
  if (close + 1 < lines.length) return { at: { line: close + 1, ch: 0 }, text, movedBelowProperties: said };
  // The block ends the note: the text starts the line after it.
  return {
    at: { line: close, ch: (lines[close] ?? '').replace(/\r$/, '').length },
    text: `\n${text}`,
    movedBelowProperties: said,
  };
}
