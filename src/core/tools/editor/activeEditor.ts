import { AgentError } from '../../errors';
import type { EditorRange, EditorSnapshot } from '../../ports/editor';
import { editedText } from '../../util/editorPositions';
import { decodeNote, formatLabel, type NoteFormat } from '../../util/noteBytes';
import type { PlannedChange, ToolContext } from '../types';

/**
 * The editor a write tool changes, with the vault file behind it. An editor without a file (an unsaved buffer)
 * is refused too: writes are checkpointed and undone through the file, and that one has none.
 */
export function requireEditorWithFile(context: ToolContext, action: string): EditorSnapshot & { filePath: string } {
  const snapshot = context.editor.snapshot();
  if (!snapshot) {
    throw new AgentError(
      'NO_EDITOR',
      `No note is open in an editor to ${action}: click into a note first (in its text, not the chat), then try again.`,
    );
  }
  if (snapshot.filePath === null) {
    throw new AgentError(
      'NO_EDITOR',
      `The active editor is not showing a file from the vault, so it cannot ${action} there with undo: click into a saved note first, then try again.`,
    );
  }
  return { ...snapshot, filePath: snapshot.filePath };
}

/**
 * The editor's file as it will be after `text` replaces `range`, for the approval preview and the checkpoint.
 * Worked out on the saved file: Obsidian saves an editor within moments of a keystroke. The editor holds "\n"
 * lines; the file keeps its own line ending.
 */
export async function plannedEdit(
  context: ToolContext,
  tool: string,
  filePath: string,
  range: EditorRange,
  text: string,
): Promise<PlannedChange[]> {
  const current = await editableNote(context, tool, filePath);
  return [modifyChange(filePath, editedText(current.text, range, text), current.format)];
}

/** A planned change to the editor's note; the BOM of a note that has one is named, not part of the text. */
export function modifyChange(path: string, content: string, format: NoteFormat): PlannedChange {
  return format.bom ? { kind: 'modify', path, content, format } : { kind: 'modify', path, content };
}

/**
 * The editor's note as saved, when the editor can write it without changing its other bytes: the platform's
 * editor saves UTF-8, so a UTF-16 or Latin-1 note (which it shows garbled) or a binary file is refused.
 */
export async function editableNote(
  context: ToolContext,
  tool: string,
  filePath: string,
): Promise<{ text: string; format: NoteFormat }> {
  const note = decodeNote(await context.vault.readBinary(filePath));
  if (note.binary || note.invalidUtf8 || note.format.encoding !== 'utf-8') {
    const what = note.binary ? 'a binary file' : note.invalidUtf8 ? 'not UTF-8' : `in ${formatLabel(note.format)}`;
    throw new AgentError(
      note.binary ? 'BINARY_FILE' : 'NOT_UTF8',
      `${tool}: "${filePath}" is ${what}, and the editor would save it as UTF-8, changing every byte; nothing was written. Use vault.writeFile, which keeps its encoding`,
      { path: filePath },
    );
  }
  return { text: note.text, format: note.format };
}
