import type { AgentError, ErrorCode } from '../errors';
import type { ModeConfig } from '../modes/types';
import type { ClockPort } from '../ports/clock';
import type { HistoryMessage, LlmPort, LlmUsage } from '../ports/llm';
import type { ModeService } from '../modes/ModeService';
import type { ToolExecutionPipeline } from '../tool-execution/ToolExecutionPipeline';
import type { CallOutcome, RunOpener, RunState, ToolCall } from '../tool-execution/types';
import type { ToolRegistry } from '../tools/ToolRegistry';
import type { ToolContext } from '../tools/types';
import type { BudgetStop } from '../budget/SpendingMeter';
import type { SubtaskBudget } from './subtaskBudget';

/** `budget`: a spending limit stopped the run before a model call; `AgentResult.budgetStop` says which. */
export type CompletedBy = 'text' | 'attemptCompletion' | 'cancelled' | 'limit' | 'mistakes' | 'budget' | 'error';

/** Where the user is in the vault, for the prompt; each part bounded (see vaultContext.ts). */
export interface VaultContext {
  activeFile: string | null;
  /** An excerpt of the selected text, cut to a bounded length. */
  selection: string | null;
  /** The top of the vault's folder tree, bounded. */
  folderOverview: string | null;
}

export interface RunContext {
  /** The user's standing rules, one instruction each. */
  rules?: readonly string[];
  /** Names of skills active in this run (named in the prompt and in power steering). */
  skills?: readonly string[];
  /** Facts remembered from earlier conversations. */
  memory?: string;
  /** The vault around the user; gathered through the ports when absent. */
  vault?: VaultContext;
}

export interface RunConfig {
  message: string;
  /** Also the pipeline run id: audit lines, checkpoints and temporary results are filed under it. */
  taskId: string;
  /** Mode slug; an unknown slug falls back to Ask, no slug means the active mode. */
  mode?: string;
  /** Earlier turns of the conversation; the run appends to a copy. */
  history?: readonly HistoryMessage[];
  context?: RunContext;
  /** Cancels the run: the model stream and the running tool stop, nothing else is started. */
  signal?: AbortSignal;
  /**
   * The history already ends where a run stopped at the budget (its user message, or its last tool results): the
   * run goes on from there, with no new user message. `message` is still the task, for condensing and sub-tasks.
   */
  continuing?: boolean;
}

export interface AgentResult {
  /** The final answer: the reply text, attemptCompletion's result, or why the run stopped. */
  text: string;
  completedBy: CompletedBy;
  /** Tokens of every model call of the run, sub-tasks and condensing included. */
  usage: LlmUsage;
  /** Provider requests the run made, sub-tasks and condensing included (`iterations` counts this task's answers). */
  modelCalls: number;
  history: HistoryMessage[];
  iterations: number;
  /** Slug of the mode the run ended in. */
  mode: string;
  error?: { code: ErrorCode; message: string };
  /** Set when completedBy is `budget`: the limit, what was spent, and what continuing grants. */
  budgetStop?: BudgetStop;
}

/** What the UI hears while a run goes on. Every callback is optional; none may change the run. */
export interface TaskCallbacks {
  onText?: (delta: string) => void;
  /** The model's reasoning as it streams (reasoning models); not part of the answer. */
  onThinking?: (delta: string) => void;
  /** A tool call has begun to stream (its arguments are not complete yet). */
  onToolCallStart?: (call: { id: string; name: string }) => void;
  /** A complete tool call, about to go through the pipeline (or to be refused, when truncated or invalid). */
  onToolCall?: (call: ToolCall) => void;
  onToolResult?: (outcome: CallOutcome) => void;
  onUsage?: (usage: { call: LlmUsage; run: LlmUsage }) => void;
  onIteration?: (info: { iteration: number; maxIterations: number; depth: number }) => void;
  onModeChange?: (change: { mode: ModeConfig; previous: ModeConfig; reason?: string }) => void;
  /** Before older history is summarized: the moment to save facts worth keeping. */
  onPreCompactionFlush?: (history: readonly HistoryMessage[]) => Promise<void> | void;
  onCondense?: (info: { messagesBefore: number; messagesAfter: number; emergency: boolean }) => void;
  /** A soft-limit warning or another note the loop added for the model. */
  onWarning?: (message: string) => void;
  onSubtaskStart?: (info: { depth: number; mode: string; message: string }) => void;
  onSubtaskEnd?: (info: { depth: number; result: AgentResult }) => void;
  onError?: (error: AgentError) => void;
  onComplete?: (result: AgentResult) => void;
}

/** The pipeline as the loop uses it: the run it calls in is opened and ended by `AgentTaskOptions.runs`. */
export type AgentPipeline = Pick<ToolExecutionPipeline, 'executeBatch' | 'approveWidening' | 'readablePaths'>;

/** What a parent hands its child: its pipeline run, and the mode the child may never exceed. */
export interface ParentLink {
  run: RunState;
  ceilingMode: ModeConfig;
  /** The sub-tasks the user's message has started so far, at every depth. */
  budget: SubtaskBudget;
}

export interface AgentTaskOptions {
  api: LlmPort;
  toolRegistry: ToolRegistry;
  taskCallbacks: TaskCallbacks;
  /** Modes and their tools; built-in modes with every settings switch off when absent. */
  modeService?: ModeService;
  /** Abort after this many tool errors in a row; 0 is off. */
  consecutiveMistakeLimit?: number;
  /** Least time between the starts of two iterations; 0 is off. */
  rateLimitMs?: number;
  condensingEnabled?: boolean;
  /** Condense when the conversation fills this percentage of the context window. */
  condensingThreshold?: number;
  /** Remind the model of its mode every N iterations; 0 is off. */
  powerSteeringFrequency?: number;
  maxIterations?: number;
  depth?: number;
  maxSubtaskDepth?: number;
  pipeline: AgentPipeline;
  /** Opens and ends the task's run, with the approval of whoever drives it (the session's `SessionRuns`). */
  runs: RunOpener;
  /** The ports tools use; the run adds its AgentControl as `agent`. */
  ports: Omit<ToolContext, 'signal' | 'runId' | 'agent'>;
  /** For rate limiting; the ports' clock when absent. */
  clock?: ClockPort;
  /** Read before each model call, so a changed setting applies to the next one. */
  settings?: () => { maxTokens: number; temperature?: number };
  /** Set only for a sub-task, by its parent. */
  parent?: ParentLink;
}
