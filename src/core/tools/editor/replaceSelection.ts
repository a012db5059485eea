import type { EditorSnapshot } from '../../ports/editor';
import type { EditorRange } from '../../ports/editor';
import { normalizeNewlines, positionAfter } from '../../util/editorPositions';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { UNFORESEEN, type Unforeseen } from '../unforeseen';
import { editableNote, plannedEdit, requireEditorWithFile } from './activeEditor';

export interface ReplaceSelectionInput {
  text: string;
  preserveIndent: boolean;
}

export interface ReplaceSelectionOutput {
  filePath: string;
  /** Where the new text now is. */
  range: EditorRange;
  /** Length of the inserted text in UTF-16 code units, the unit of `ch` (an emoji counts 2). */
  insertedChars: number;
}

/**
 * Replaces the selection, or inserts at the cursor when nothing is selected, and leaves the cursor after the new
 * text, as Obsidian's `Editor.replaceSelection` does.
 */
export class ReplaceSelectionTool extends BaseTool<ReplaceSelectionInput, ReplaceSelectionOutput> {
  readonly name = 'editor.replaceSelection' as const;

  /** Where the text lands (the range it returns) depends on the editor at run time, and a dry run leaves the cursor alone. */
  override simulatedOutput(): Unforeseen {
    return UNFORESEEN;
  }

  override async describeChanges(input: ReplaceSelectionInput, context: ToolContext): Promise<PlannedChange[]> {
    const { snapshot, text } = this.prepare(input, context);
    return await plannedEdit(context, this.name, snapshot.filePath, snapshot.range, text);
  }

  async execute(input: ReplaceSelectionInput, context: ToolContext): Promise<ReplaceSelectionOutput> {
    const { snapshot, text } = this.prepare(input, context);
    const { from } = snapshot.range;
    await editableNote(context, this.name, snapshot.filePath);
    await context.editor.replaceRange(text, snapshot.range);
    const to = positionAfter(from, text);
    context.editor.setCursor(to);
    return { filePath: snapshot.filePath, range: { from, to }, insertedChars: text.length };
  }

  private prepare(
    input: ReplaceSelectionInput,
    context: ToolContext,
  ): { snapshot: EditorSnapshot & { filePath: string }; text: string } {
    const snapshot = requireEditorWithFile(context, 'replace the selection in');
    const { from } = snapshot.range;
    let text = normalizeNewlines(input.text);
    if (input.preserveIndent) text = indentLines(text, leadingWhitespace(context.editor.getLine(from.line)), from.ch);
    return { snapshot, text };
  }
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/**
 * Every inserted line ends up with the first selected line's indentation. The first line lands where the
 * selection starts, so it gets only the part of the indentation the selection replaces (all of it when whole
 * lines were selected, none when the selection starts after it). Blank lines stay blank, without trailing
 * whitespace.
 */
function indentLines(text: string, indent: string, startCh: number): string {
  if (indent === '') return text;
  return text
    .split('\n')
    .map((line, index) => {
      if (line === '') return line;
      return index === 0 ? indent.slice(Math.min(startCh, indent.length)) + line : indent + line;
    })
    .join('\n');
}
