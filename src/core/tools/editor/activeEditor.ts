import { AgentError } from '../../errors';
import type { EditorRange, EditorSnapshot } from '../../ports/editor';
import { lineEndingOf, withLineEnding } from '../../util/noteBytes';
import type { PlannedChange, ToolContext } from '../types';

/**
 * The editor a write tool changes, with the vault file behind it. An editor without a file (an unsaved buffer)
 * is refused too: writes are checkpointed and undone through the file, and that one has none.
 */
export function requireEditorWithFile(context: ToolContext, action: string): EditorSnapshot & { filePath: string } {
  const snapshot = context.editor.snapshot();
  if (!snapshot) {
    throw new AgentError('NO_EDITOR', `No note is open in an editor to ${action}: click into a note first (in its text, not the chat), then try again.`);
  }
  if (snapshot.filePath === null) {
    throw new AgentError('NO_EDITOR', `The active editor is not showing a file from the vault, so it cannot ${action} there with undo: click into a saved note first, then try again.`);
  }
  return { ...snapshot, filePath: snapshot.filePath };
}

/**
 * The editor's file as it will be after `text` replaces `range`, for the approval preview and the checkpoint.
 * Worked out on the saved file: Obsidian saves an editor within moments of a keystroke. The editor holds "\n"
 * lines; the file keeps its own line ending.
 */
export async function plannedEdit(context: ToolContext, filePath: string, range: EditorRange, text: string): Promise<PlannedChange[]> {
  const current = await context.vault.read(filePath);
  return [{ kind: 'modify', path: filePath, content: editedText(current, range, text) }];
}

/** `current` with `text` in place of `range`, in the line ending `current` uses. */
export function editedText(current: string, range: EditorRange, text: string): string {
  const lines = current.split('\n');
  const offset = (line: number, ch: number): number => {
    let total = 0;
    for (let index = 0; index < line && index < lines.length; index++) total += (lines[index] as string).length + 1;
    return Math.min(current.length, total + ch);
  };
  const from = offset(range.from.line, range.from.ch);
  const to = offset(range.to.line, range.to.ch);
  return current.slice(0, from) + withLineEnding(text, lineEndingOf(current).eol) + current.slice(to);
}
