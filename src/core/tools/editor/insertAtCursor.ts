import type { EditorPosition } from '../../ports/editor';
import { normalizeNewlines, positionAfter } from '../../util/editorPositions';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { plannedEdit, requireEditorWithFile } from './activeEditor';

export interface InsertAtCursorInput {
  text: string;
}

export interface InsertAtCursorOutput {
  filePath: string;
  cursorAfter: EditorPosition;
  /** Length of the inserted text in UTF-16 code units, the unit of `ch` (an emoji counts 2). */
  insertedChars: number;
}

/** Inserts at the cursor (a selection is kept, not replaced) and moves the cursor to the end of the new text. */
export class InsertAtCursorTool extends BaseTool<InsertAtCursorInput, InsertAtCursorOutput> {
  readonly name = 'editor.insertAtCursor' as const;

  override async describeChanges(input: InsertAtCursorInput, context: ToolContext): Promise<PlannedChange[]> {
    const snapshot = requireEditorWithFile(context, 'insert text into');
    return await plannedEdit(context, snapshot.filePath, { from: snapshot.cursor, to: snapshot.cursor }, normalizeNewlines(input.text));
  }

  async execute(input: InsertAtCursorInput, context: ToolContext): Promise<InsertAtCursorOutput> {
    const snapshot = requireEditorWithFile(context, 'insert text into');
    const text = normalizeNewlines(input.text);
    await context.editor.replaceRange(text, { from: snapshot.cursor, to: snapshot.cursor });
    const cursorAfter = positionAfter(snapshot.cursor, text);
    context.editor.setCursor(cursorAfter);
    return { filePath: snapshot.filePath, cursorAfter, insertedChars: text.length };
  }
}
