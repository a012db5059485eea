import { AgentError } from '../../errors';
import type { EditorSnapshot } from '../../ports/editor';
import type { ToolContext } from '../types';

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
