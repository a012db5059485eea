import type { CheckpointInfo, FileDiff, RevertPlan, RevertResult, RunSummary } from '../checkpoints/types';
import type { PathAccess } from '../paths/sandbox';
import type { ClockPort } from '../ports/clock';
import type { CommandsPort } from '../ports/commands';
import type { EditorPort } from '../ports/editor';
import type { VaultPort } from '../ports/vault';
import type { SearchIndex } from '../search/SearchIndex';
import type { WorkspacePort } from '../ports/workspace';
import type { NoteFormat } from '../util/noteBytes';
import type { JsonSchema, ToolDefinition } from '../ports/toolDefinition';

export type { JsonSchema, ToolDefinition };

/** Permission categories; a mode grants groups, never single tools (see src/core/modes). */
export type ToolGroup = 'read' | 'vault' | 'edit' | 'web' | 'agent' | 'mcp' | 'skill';

/** What running the tool can do to the user's world; a plan's riskLevel is the highest of its steps'. */
export type RiskLevel = 'read-only' | 'writes' | 'commands';

/** An input field that holds a vault path, checked by the sandbox (and ignore rules) before the tool runs. */
export interface PathArg {
  field: string;
  access: PathAccess;
  /** The field is an array of paths. */
  array?: boolean;
  /**
   * The call creates this name, so a character a file name cannot hold is replaced by the file-name rule
   * (`cleanTypedPath`) instead of refused: in the last name too ("file"), or only in what no vault can hold
   * ("folder", where an existing "C#" must stay reachable).
   */
  newName?: 'file' | 'folder';
  /** The value names a folder rather than a file in one: a saved action's folder parameter is the value itself. */
  folder?: boolean;
}

/** How a plan's execution log reads a finished call: "created Notes/Idea.md", "Projects already existed". */
export interface DoneMessage {
  /** "created", "moved". */
  verb: string;
  /** The output field naming what the call acted on when it has no `path` ("id" for a command). */
  subject?: string;
  /** Said after the path when the output says `created: false`: "already existed; left as it was". */
  existed?: string;
}

/**
 * Who drives a session and calls its tools: the model's own loop (the chat panel, the terminal), an outside client
 * (MCP) served inside the app, where the editor and workspace the tools act on are the ones the person sees, or an
 * outside client served from the terminal, whose editor and workspace are in memory and seen by nobody.
 */
export type DriverKind = 'model' | 'outside-in-app' | 'outside';

export const DRIVER_KINDS: readonly DriverKind[] = ['model', 'outside-in-app', 'outside'];

export interface ToolMeta {
  /** Canonical dotted name, e.g. "vault.createFile". */
  name: string;
  group: ToolGroup;
  risk: RiskLevel;
  /** Changes the vault or the editor: needs approval and a checkpoint first. */
  isWrite: boolean;
  /** May run concurrently with other parallel-safe calls of the same batch. */
  parallelSafe: boolean;
  /** Listed by name only; the model loads the schema with agent.findTool. */
  deferred: boolean;
  /**
   * The drivers the tool is offered to (within what the mode allows): the loop's own tools steer the model's loop
   * only, and the editor and workspace tools need an editor the person sees.
   */
  offeredTo: readonly DriverKind[];
  /**
   * A write that only adds: it never replaces or removes what is there (a taken name gets a free one). Absent, a
   * write may replace or remove, which is what MCP assumes of a tool that is not read-only.
   */
  additive?: true;
  /** A write that, called again with the same input, changes nothing more (a folder that already exists stays). */
  idempotent?: true;
  /** Reaches beyond the vault and this computer: the network, or whatever a command of another plugin does. */
  openWorld?: true;
  /** A settings switch that must be on for the tool to exist for the model. */
  gate?: 'allowDeletes' | 'allowCommands';
  /** The tool writes to the file behind the active editor (checkpointed like a vault write). */
  writesActiveEditorFile?: boolean;
  pathArgs: readonly PathArg[];
  /**
   * What a plan's dry run does with a call: "run" it through the pipeline (a read, whose output feeds later steps),
   * or "simulate" it: the pipeline's preview works out its changes, the overlay takes them and the tool's
   * `simulatedOutput` stands for what it returns. Every write and command simulates, and so does a read whose
   * effect is on the screen (opening a note).
   */
  dryRun: 'run' | 'simulate';
  /** Absent: the log says "done". */
  done?: DoneMessage;
  /**
   * The input field holding a search query, compared by meaning: a third call whose query words mostly overlap
   * two earlier ones is refused as a repetition, as an identical call is.
   */
  searchQuery?: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

/** What the model is shown: name, description, input schema. */

export interface PluginSearchResult {
  results: { id: string; name: string; author: string; description: string; repo: string }[];
  total: number;
  source: 'network' | 'cache' | 'stale-cache';
}

/** The community plugin list (plugins.search); see src/core/plugins/CommunityPluginIndex.ts. */
export interface PluginCatalog {
  search(query: string, limit: number, signal?: AbortSignal): Promise<PluginSearchResult>;
}

/** The checkpoint history as the checkpoints.* tools see it (src/core/checkpoints/CheckpointService). */
export interface CheckpointAccess {
  listRuns(): Promise<RunSummary[]>;
  listCheckpoints(runId: string): Promise<CheckpointInfo[]>;
  /** `include`: only the paths it lets through are read, diffed, planned or restored (the ignore rules, for the agent). */
  diff(runId: string, seq: number, include?: (path: string) => Promise<boolean>): Promise<FileDiff[]>;
  planRestore(runId: string, toSeq: number, include?: (path: string) => Promise<boolean>): Promise<RevertPlan>;
  restore(
    runId: string,
    toSeq: number,
    options: { overwriteConflicts: boolean; include?: (path: string) => Promise<boolean> },
  ): Promise<RevertResult>;
}

/** What a sub-task hands back to the agent.newTask call that started it. */
export interface SubtaskOutcome {
  result: string;
  completedBy: 'text' | 'attemptCompletion' | 'limit' | 'mistakes';
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number };
}

/**
 * The agent loop as the agent.* tools reach it. The loop (src/core/agent) provides one per run; the calls still go
 * through the pipeline like every tool, so approval, audit and mode checks apply to them too.
 */
export interface AgentControl {
  /** Changes the run's mode: the pipeline applies its tools at once, the model sees them from its next call. */
  switchMode(mode: string, reason?: string): Promise<{ mode: string; name: string; tools: string[] }>;
  /** Runs a child task with a fresh history and waits for its final answer; its usage counts for this run. */
  spawnSubtask(request: { mode: string; message: string }): Promise<SubtaskOutcome>;
  /** Full definitions of the deferred tools matching `query`; they become callable at once. */
  loadDeferredTools(query: string): { tools: ToolDefinition[]; available: string[] };
  /** Ends the run with `result` as the final answer once the current call returns. */
  complete(result: string): void;
}

/**
 * Everything a tool may use. Tools never see the plugin, `App` or the settings; approval, checkpoints and audit
 * are the pipeline's job, not theirs.
 */
export interface ToolContext {
  vault: VaultPort;
  editor: EditorPort;
  workspace: WorkspacePort;
  commands: CommandsPort;
  plugins: PluginCatalog;
  clock: ClockPort;
  signal: AbortSignal;
  runId: string;
  /** Present when checkpoints are configured; the checkpoints.* tools report a clear error without it. */
  checkpoints?: CheckpointAccess;
  /** Present inside an agent run; the agent.* tools report a clear error without it. */
  agent?: AgentControl;
  /** Whether the ignore rules let the agent read `path` (the pipeline fills it in): listings and searches leave out the rest. */
  readable?: (path: string) => boolean;
  /**
   * What `work` gives for `input`, kept for the rest of the phase of the call (the pipeline fills it in, see
   * CallReads): `describeChanges` and then `execute` share what they work out from the vault, as they share the
   * bytes they read. Tools reach it through `BaseTool.once`.
   */
  once?: <T>(input: unknown, work: () => Promise<T>) => Promise<T>;
  /**
   * What search keeps for `vault` between calls (the services own it, over the vault's events). Absent where the
   * vault is not the one it follows (a dry run's overlay): the search then reads every note.
   */
  searchIndex?: SearchIndex;
}

export type ToolResult<O = unknown> = { ok: true; output: O } | { ok: false; error: { code: string; message: string } };

/**
 * What a write will do, worked out before it runs, without writing: the approval card's preview, the files to
 * checkpoint, and a plan's dry run all come from it. Content is the whole new text of the file.
 */
export type PlannedChange =
  /**
   * `format` is how the text will be stored (encoding, BOM, line ending; plain UTF-8 when absent), or "base64"
   * when `content` is the base64 of bytes to write as they are.
   */
  | { kind: 'create'; path: string; content: string; format?: NoteFormat | 'base64' }
  | { kind: 'modify'; path: string; content: string; format?: NoteFormat | 'base64' }
  | { kind: 'move'; path: string; toPath: string; isFolder: boolean }
  | { kind: 'delete'; path: string; isFolder: boolean; toTrash: boolean }
  | { kind: 'create-folder'; path: string }
  /**
   * A note whose links the platform rewrites because `target` (a file, or a folder) moves: Obsidian's rename
   * updates every link to what moves. The new text is the platform's to write, so there is no content.
   */
  | { kind: 'relink'; path: string; target: string }
  /** `activeFile`: the note open when the command runs, which most commands act on; it is checkpointed first. */
  | { kind: 'command'; id: string; name: string; activeFile?: string };
