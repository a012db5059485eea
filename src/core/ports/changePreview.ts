/** One line of a diff: kept, added or removed text. Word-level parts mark what changed inside a changed line. */
export interface DiffLine {
  kind: 'context' | 'added' | 'removed';
  text: string;
  /** Line numbers in the old and new text (1-based), where the line exists there. */
  oldLine?: number;
  newLine?: number;
  /** For a changed line: the words that changed, to highlight inside the line. */
  words?: { kind: 'same' | 'added' | 'removed'; text: string }[];
}

export interface DiffHunk {
  oldStart: number;
  newStart: number;
  lines: DiffLine[];
  /**
   * Set when the lines from `oldStart` on were too different to diff within the preview's limits: how many lines
   * the change removes and adds there. `lines` is then empty.
   */
  tooLarge?: { removed: number; added: number };
}

/** Something in new content a person should see before approving. */
export interface ContentWarning {
  kind: 'invisible-character' | 'bidi-control' | 'external-url';
  /** The character as a code point ("U+202E") or the URL. */
  value: string;
  line: number;
  /** A human name, e.g. "RIGHT-TO-LEFT OVERRIDE". */
  label: string;
}

export type FileChange =
  | { kind: 'created'; path: string; newSize: number; hunks: DiffHunk[]; warnings: ContentWarning[] }
  | {
      kind: 'modified';
      path: string;
      oldSize: number;
      newSize: number;
      hunks: DiffHunk[];
      warnings: ContentWarning[];
      added: number;
      removed: number;
    }
  | { kind: 'moved'; path: string; toPath: string; isFolder: boolean }
  | { kind: 'deleted'; path: string; oldSize: number; isFolder: boolean; toTrash: boolean }
  | { kind: 'folder-created'; path: string }
  /** The note's links to `target`, which moves, are rewritten to its new place. */
  | { kind: 'links-updated'; path: string; target: string };

export interface CommandChange {
  id: string;
  name: string;
}

export interface ChangePreview {
  files: FileChange[];
  commands: CommandChange[];
  /** Whatever the preview could not compute, said plainly (e.g. "the editor's file is not known"). */
  notes: string[];
}
