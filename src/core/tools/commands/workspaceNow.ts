import type { ToolContext } from '../types';

export interface WorkspaceNow {
  /** "Open: "Notes/a.md" in a markdown view; nothing selected." */
  text: string;
  details: { activeFile: string | null; activeView: string | null; selectionLength: number | null };
}

/**
 * What was open when a command failed, in one sentence: the active file and view and whether text was selected.
 * A file the ignore rules hide is not named, as the agent must not learn of it.
 */
export function describeWorkspace(context: ToolContext): WorkspaceNow {
  const shown = (path: string | null): string | null =>
    path !== null && context.readable?.(path) === false ? null : path;
  const safely = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch {
      return fallback;
    }
  };
  const active = safely(() => context.workspace.activeFilePath(), null);
  const activeFile = shown(active);
  const activeView = safely(() => context.workspace.activeViewType(), null);
  const snapshot = safely(() => context.editor.snapshot(), null);
  const selectionLength = snapshot && shown(snapshot.filePath ?? active) !== null ? snapshot.selection.length : null;
  const file = activeFile !== null ? `"${activeFile}"` : active !== null ? 'a file the ignore rules hide' : 'no file';
  const view = activeView !== null ? ` in a ${activeView} view` : '';
  const selection =
    selectionLength === null
      ? 'no editor'
      : selectionLength === 0
        ? 'nothing selected'
        : `${selectionLength} characters selected`;
  return { text: `Open: ${file}${view}; ${selection}.`, details: { activeFile, activeView, selectionLength } };
}
