import type { JournalEntry } from './RunJournal';

/**
 * The checkpoint vocabulary shared by the service, the restore logic and the future checkpoints.* tools.
 * A content hash is the git blob id of the bytes (SHA-1 of "blob <size>\0<bytes>"); `null` means "absent".
 */

/** Who made a run (see core/review/types.ts, which re-exports it). `label` is what the Changes view shows before the colon. */
export interface RunAuthor {
  kind: 'chat' | 'saved-action' | 'plan' | 'terminal' | 'mcp' | 'outside' | 'undo' | 'agent';
  /**
   * "Chat", "Saved action", "Plan", "Terminal", "Undo", "Outside Obsidian", or the client's / agent's own name
   * ("Claude Code") for `mcp` and `agent`: the token's name when there is one ([19]).
   */
  label: string;
  /** More, shown after the label: a saved action's name, what an undo undid, "reports itself as …". */
  detail?: string;
}

/** Where a run came from, given when it begins and kept in its first checkpoint, so the list survives a restart. */
export interface RunOrigin {
  author: RunAuthor;
  /** For an undo or redo run: the run whose change it took back or put back. */
  undoOf?: string;
}

/**
 * A run's origin as its opener knows it: the value, or a function asked at the run's first checkpoint, when who
 * made it is surely known (an MCP client's name comes with its `initialize`, after its connection opened the run).
 */
export type RunOriginSource = RunOrigin | (() => RunOrigin);

/** What a write is about to touch. Folder writes list every file under the folder (see `expandFolder`). */
export interface CheckpointRequest {
  /** The tool making the write, e.g. "vault.rename". */
  tool: string;
  /** Files whose pre-state to record. A path that is a folder is expanded to the files under it. */
  paths: string[];
  /** Folders the write renames or deletes: their existence and every file below them are recorded. */
  folders?: string[];
  /**
   * Folders the write may create (a new folder, missing parents): only whether each exists is recorded, never what
   * it holds, so a note created in a large folder costs what it writes. The parents of every recorded path are
   * recorded this way anyway.
   */
  folderExistence?: string[];
}

/** One checkpoint as stored: the meta JSON of its commit. */
export interface CheckpointMeta {
  format: 1;
  runId: string;
  seq: number;
  tool: string;
  /** ms since the epoch, from the clock port. */
  time: number;
  /** Every recorded file path → blob id of its bytes before the write, or null when it was absent. */
  files: Record<string, string | null>;
  /** Every recorded folder → whether it existed before the write. Parent folders of each path are included. */
  folders: Record<string, boolean>;
  /** On a run's first checkpoint: who made the run (absent on runs recorded before authors were). */
  origin?: RunOrigin;
}

export interface CheckpointInfo {
  runId: string;
  seq: number;
  tool: string;
  time: number;
  /** The commit that holds this checkpoint in the shadow repository. */
  commit: string;
  files: string[];
  /** Files that did not exist before the write (the write creates them). */
  absent: string[];
  folders: string[];
  absentFolders: string[];
  /** True when `recordAfter` stored the post-state of this write. */
  recordedAfter: boolean;
}

export interface RunSummary {
  runId: string;
  /** Time of the first checkpoint. */
  startedAt: number;
  lastCheckpointAt: number;
  checkpoints: number;
  /** Every file any checkpoint of the run recorded, sorted. */
  files: string[];
  /** Begun and not yet ended in this session: never pruned. */
  inProgress: boolean;
}

export type RestoreAction = 'restore' | 'delete' | 'recreate';

export interface RestoreChange {
  path: string;
  kind: 'file' | 'folder';
  /** restore: an existing file gets its old bytes; delete: the entry must go; recreate: a missing entry comes back. */
  action: RestoreAction;
  /** For a file that gets content back: that content as text (null when it is not UTF-8), for previews. */
  text?: string | null;
}

export interface RevertConflict {
  path: string;
  /**
   * The hash recorded after the run's last write to the file; null when that write left it absent. For an edit
   * between two of the run's writes: what the earlier write left.
   */
  expectedHash: string | null;
  /** The hash now; null when the file is absent now. For an edit between two writes: what the later write found. */
  actualHash: string | null;
  /** edited: changed after the run, or between two of its writes; folder-in-the-way: a folder holding other files sits where the file must go. */
  reason: 'edited' | 'folder-in-the-way';
}

export interface RevertPlan {
  runId: string;
  /** The vault goes back to just before this checkpoint (1 = before the whole run). */
  toSeq: number;
  changes: RestoreChange[];
  conflicts: RevertConflict[];
}

export interface RevertResult {
  runId: string;
  toSeq: number;
  /** The run that checkpointed this revert (undo it with `revert(revertRunId)`); null when nothing changed. */
  revertRunId: string | null;
  applied: RestoreChange[];
  /** Conflicts left untouched. With `overwriteConflicts` only folder-in-the-way conflicts remain here. */
  skipped: RevertConflict[];
  /** Folders that were to be removed but still hold files the run did not create. */
  keptFolders: string[];
}

export interface FileDiff {
  path: string;
  before: 'absent' | 'file';
  now: 'absent' | 'file' | 'folder';
  changed: boolean;
  /** True when either side is not UTF-8 text; then `lines` is empty and the sizes tell the story. */
  binary: boolean;
  beforeBytes: number;
  nowBytes: number;
  /** Unified diff lines ("@@ -1,2 +1,3 @@", " same", "-old", "+new") from the pre-state to the current content. */
  lines: string[];
}

export interface PruneResult {
  removedRuns: string[];
  removedObjects: number;
  bytesBefore: number;
  bytesAfter: number;
}

/** A run as the review core reads it (see `CheckpointService.history`). */
export interface RunHistory {
  runId: string;
  metas: CheckpointMeta[];
  entries: JournalEntry[];
  endedAt: number | null;
  origin: RunOrigin | null;
  inProgress: boolean;
}
