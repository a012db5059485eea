/**
 * The vocabulary of review after the fact (issue [16]): every run that changed the vault, its files and their hunks,
 * and what the user decided about each. The core's `ChangesService` (core/review) answers in these types; the
 * Changes view (src/ui), the terminal's `/changes`, `/undo`, `/keep` and the status-bar count only render them.
 */

import type { RunAuthor } from '../checkpoints/types';

/** Who made a run: defined with the checkpoints, which keep it in each run's first checkpoint. */
export type { RunAuthor };

/** Where a run, a file or a hunk stands. A run or file is `partly-undone` when some hunks are undone, not all. */
export type ReviewState = 'to-review' | 'kept' | 'partly-undone' | 'undone';

/** One run in the list, newest first. Cheap to list: nothing here needs a file's content. */
export interface ChangedRun {
  runId: string;
  author: RunAuthor;
  startedAt: number;
  /** null while the run is still going. */
  endedAt: number | null;
  /** Files the run changed (created, modified, deleted or moved). */
  files: number;
  linesAdded: number;
  linesRemoved: number;
  state: ReviewState;
  /** For an undo or redo run: the run whose change it took back or put back. */
  undoOf?: string;
}

export type FileChangeKind = 'created' | 'modified' | 'deleted' | 'moved';

/** One file of a run: its content before the run's first write to it and after the run's last. */
export interface ChangedFile {
  runId: string;
  /** Where the run left the file (for a deleted file, where it was). */
  path: string;
  /** For a moved file: where it was before the run. */
  previousPath?: string;
  change: FileChangeKind;
  /** Not UTF-8 text on either side (or another encoding): undone as a whole, byte-exact, never by hunk. */
  binary: boolean;
  hunks: number;
  linesAdded: number;
  linesRemoved: number;
  state: ReviewState;
}

/** One hunk: lines the run replaced. Line numbers are 1-based; an insertion has no `before` lines. */
export interface ChangeHunk {
  /** 0-based position among the file's hunks; the view names it "Change <index+1> of <count> in <path>". */
  index: number;
  count: number;
  path: string;
  beforeStart: number;
  before: string[];
  afterStart: number;
  after: string[];
  state: 'to-review' | 'kept' | 'undone';
  /**
   * The lines the run wrote here are not what the file holds now (the user typed, another run wrote): undoing
   * asks first, showing `now` beside `before`.
   */
  changedSince: boolean;
  /** When `changedSince`: what the file holds now where the run's lines were (empty when they are gone). */
  now?: string[];
}

/** What a keep, undo or redo is about: a whole run, one file of it, or one hunk of that file. */
export interface ChangeTarget {
  runId: string;
  path?: string;
  /** Needs `path`. */
  hunk?: number;
}

export interface UndoOptions {
  /** Undo hunks marked `changedSince` too ("Undo anyway"); without it they are left and reported. */
  anyway?: boolean;
}

export interface UndoOutcome {
  /** The run that checkpointed this undo or redo (listed as `Undo:`, audited as `checkpoints.undo`); null if it wrote nothing. */
  undoRunId: string | null;
  /** Hunks written back, as targets. */
  applied: ChangeTarget[];
  /** Hunks left alone because their lines changed since the run (ask, then call again with `anyway`). */
  changedSince: ChangeTarget[];
  /** Files restored whole (binary, created, deleted, moved), as paths. */
  restoredFiles: string[];
}

/**
 * The review core as its shells see it (the Changes view, the terminal, the status-bar count). Every decision goes
 * through here, so the view and `/undo` behave alike.
 */
export interface ChangesPort {
  /** Runs that changed the vault, newest first; `before` pages on from a run id the last page ended with. */
  listRuns(options?: { limit?: number; before?: string }): Promise<ChangedRun[]>;
  /** How many runs are `to-review` or `partly-undone` with hunks still to review. */
  toReviewCount(): Promise<number>;
  /** The files of a run, yielded as each is worked out, so a run of 200 files shows its first at once. */
  files(runId: string): AsyncIterable<ChangedFile>;
  /** The hunks of one file of a run, each checked against what the file holds now (`changedSince`). */
  hunks(runId: string, path: string): Promise<ChangeHunk[]>;
  /** Marks the target reviewed; writes nothing to the vault. */
  keep(target: ChangeTarget): Promise<void>;
  /** Writes the reverse of the target's change only, by a three-way merge with what the file holds now. */
  undo(target: ChangeTarget, options?: UndoOptions): Promise<UndoOutcome>;
  /** Puts back what an undo of the target took away, by the same merge. */
  redo(target: ChangeTarget, options?: UndoOptions): Promise<UndoOutcome>;
  /** Called after any run ends and after every keep, undo or redo; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}
