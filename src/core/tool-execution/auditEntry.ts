/** One line of `audit/YYYY-MM-DD.jsonl` (contract: at least ts, runId, tool, args, ok, error, durationMs). */
export interface AuditEntry {
  ts: string;
  runId: string;
  tool: string;
  args: unknown;
  ok: boolean;
  error: string | null;
  code: string | null;
  /** Null on an "interrupted" line: how long the call ran is not known. */
  durationMs: number | null;
  /**
   * How the call was allowed: "auto" (read-only), "approved", "approved-for-run", "approved-in-preview" (shown in the
   * plan's approved preview), "approved-in-client-form" (accepted in an outside client's form), "approved-by-client"
   * (the client's own prompt stood for the question), or "denied".
   */
  approval?: string;
  /** The checkpoint taken before a write, as "<runId>#<seq>". */
  checkpoint?: string;
  /** The call's number in its run: pairs a write's "started" line with the line of its outcome. */
  call?: number;
  /**
   * "started": the line a write or command gets just before it runs, on disk before it runs, so that a crash
   * leaves a trace of every write that may have reached the disk. "interrupted": added after a restart for a
   * started call whose outcome never came. Absent on the line of a call's outcome.
   */
  phase?: 'started' | 'interrupted';
  /** The process that started the write ("<host>:<pid>"), so a restart tells a crashed run from one still going. */
  owner?: string;
  /** On a revert's line (tool `checkpoints.revert`): the files (and, ending in "/", folders) it restored. */
  restored?: string[];
  /** On a revert's line: the files it left alone, and why (edited since the run, or a folder in the way). */
  conflicts?: { path: string; reason: string }[];
}
