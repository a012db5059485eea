/** A position in a document, 0-based, as in Obsidian's `EditorPosition`. */
export interface EditorPosition {
  line: number;
  ch: number;
}

export interface EditorRange {
  from: EditorPosition;
  to: EditorPosition;
}

export interface EditorSnapshot {
  /** Vault path of the file behind the editor, or null for an unsaved buffer. */
  filePath: string | null;
  mode: 'source' | 'preview' | 'unknown';
  /** The selected text ("" when nothing is selected). */
  selection: string;
  /** The selection, `from` before `to` (a collapsed range at the cursor when nothing is selected). */
  range: EditorRange;
  cursor: EditorPosition;
}

/**
 * The Markdown editor the user last worked in. It is tracked, not looked up at call time: once the user clicks
 * into the chat panel, Obsidian's active view is the panel and `activeEditor` is null.
 */
export interface EditorPort {
  /** The editor's state now, or null when no Markdown editor is open. */
  snapshot(): EditorSnapshot | null;
  /** Replaces `range` with `text` in that editor (`NO_EDITOR` if none) and saves the note before it returns. */
  replaceRange(text: string, range: EditorRange): Promise<void>;
  /** Moves the cursor (and collapses the selection) to `position`. */
  setCursor(position: EditorPosition): void;
  /** The text of one line, for indentation; "" past the end. */
  getLine(line: number): string;
}
