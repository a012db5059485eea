import type { AnyTool } from '../tools/BaseTool';
import type { PlannedChange, ToolContext } from '../tools/types';
import type { ApprovedChanges } from './ApprovedChanges';
import type { RunAuthor, RunOriginSource } from '../checkpoints/types';
import type { RunApproval } from '../ports/approval';
import type { ChangePreview } from '../ports/changePreview';
import type { ShownState } from './ShownState';
import type { ToolRepetitionDetector } from './ToolRepetitionDetector';

/** A tool call as the model (or a plan step) made it: canonical name, raw input. */
export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

export interface CallOutcome {
  callId: string;
  tool: string;
  ok: boolean;
  /** The tool's output, secrets redacted as in `content` unless the run passes outputs on (a plan's). */
  output?: unknown;
  error?: { code: string; message: string };
  /**
   * What goes into the model's history or to an outside client: the output as JSON, a compact reference to an
   * externalized result, or the error; secrets redacted (`redactForReader`).
   */
  content: string;
  durationMs: number;
  /** "<runId>#<seq>" of the checkpoint taken before a write. */
  checkpoint?: string;
}

/** What `ToolExecutionPipeline.preview` worked out for a call, nothing asked or written. */
export interface CallPreview {
  tool: AnyTool;
  /** Validated, defaults filled in. */
  input: unknown;
  changes: PlannedChange[];
  /** What an approval card for the call would show. */
  preview: ChangePreview;
  /** What `preview` showed of each file it names, for an ApprovedChanges set. */
  shown: ShownState;
}

/** The settings the pipeline reads, at each call (they can change between calls). */
export interface PipelineSettings {
  /**
   * "always": every call needs approval, reads included; "writes": only writes and commands; "review": only
   * commands, while writes run unasked and wait to be reviewed afterwards (the Changes view).
   */
  approval: 'always' | 'writes' | 'review';
  allowDeletes: boolean;
  allowCommands: boolean;
  /** How long an approval request may stay unanswered before it counts as a denial. */
  approvalTimeoutMs: number;
}

/** Per-run state: which tools the mode allows, what the user approved for the whole run, counters. */
export interface RunState {
  runId: string;
  /** Tool names the current mode allows; null allows every registered tool. Mutable: a mode switch changes it. */
  allowedTools: ReadonlySet<string> | null;
  /** Who answers this run's approvals, and whom its cards name: given by whoever opened the run. */
  approval: RunApproval;
  approvedForRun: boolean;
  /**
   * A plan run's: what the person approved in its preview. A call that would change anything else (another path,
   * other content, a file that arrived in a folder it deletes) is asked for on its own card.
   */
  approvedChanges?: ApprovedChanges;
  callCount: number;
  repetition: ToolRepetitionDetector;
  signal: AbortSignal;
  /** The ports tools use; `signal` and `runId` are filled in per call. */
  ports: Omit<ToolContext, 'signal' | 'runId'>;
  /** Result externalization is off for plan execution that needs full results. */
  externalize: boolean;
  /**
   * A plan's run: each output becomes later steps' arguments, so `CallOutcome.output` is kept whole. Elsewhere it
   * is redacted as `content` is, since a shell shows it.
   */
  passOutputsOn?: boolean;
}

/** The checkpoint service as the pipeline needs it (src/core/checkpoints implements it). */
export interface CheckpointRecorder {
  /** `origin`: who made the run, kept with its checkpoints for the Changes view. */
  beginRun(runId: string, origin?: RunOriginSource): void;
  /** Resolves once the run's end is recorded where other processes read it (see CheckpointService.endRun). */
  endRun(runId: string): Promise<void> | void;
  /**
   * `targets` says again what the write touches once no other write is under way there (see
   * CheckpointService.checkpoint). `before`: each recorded file's git blob id just before the write, null when
   * absent; a folder is not in it.
   */
  checkpoint(
    runId: string,
    write: { tool: string; paths: string[]; folders: string[]; folderExistence: string[] },
    targets?: () => Promise<{ paths: string[]; folders: string[]; folderExistence: string[] }>,
  ): Promise<{ seq: number; before: Record<string, string | null> }>;
  recordAfter(runId: string, seq: number, paths: string[]): Promise<void>;
}

/** How a run is opened: its signal, the tools it may call, and what its results are for. */
export interface RunOptions {
  signal: AbortSignal;
  /** The ports tools use; the services' own when absent (a dry run gives its overlay vault). */
  ports?: RunState['ports'];
  allowedTools?: ReadonlySet<string> | null;
  externalize?: boolean;
  passOutputsOn?: boolean;
  /** Who makes the run; the opener's author when absent. */
  origin?: RunOriginSource;
}

/**
 * Opens and ends runs for the loop and the plans, bound to the approval of whoever asked for them (the session
 * core's `SessionRuns`): the loop and the plans never choose who approves.
 */
export interface RunOpener {
  /** Who answers this opener's runs (a plan's confirmation asks it too). */
  readonly approval: RunApproval;
  open(runId: string, options: RunOptions): RunState;
  /** Ends a run: its checkpoints' end line, its stored results removed, the audit flushed, the repository pruned. */
  end(run: RunState): Promise<void>;
  /**
   * The same runs, each card naming `owner` ("Saved action “Weekly note”"), unless these runs already name one:
   * an outside client's saved action stays the client's.
   */
  ownedBy(owner: () => string, author?: RunAuthor): RunOpener;
  /** The same runs, recorded as made by `author` (a plan), unless these runs are an outside client's. */
  authoredBy?(author: RunAuthor): RunOpener;
}
