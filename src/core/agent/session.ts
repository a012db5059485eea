import type { ModeConfig } from '../modes/types';
import type { HistoryMessage, LlmPort, LlmUsage } from '../ports/llm';
import type { SubtaskBudget } from './subtaskBudget';
import type { RunState } from '../tool-execution/types';
import type { SystemPromptCache } from './systemPrompt';
import type { ToolSet } from './toolSet';
import type { RunConfig, RunContext, VaultContext } from './types';

/** The mutable state of one run of an AgentTask. */
export interface Session {
  readonly config: RunConfig;
  readonly context: RunContext;
  readonly signal: AbortSignal;
  mode: ModeConfig;
  /** A sub-task's assigned mode: it can never switch to a stronger one. Null for the user's task. */
  readonly ceiling: ModeConfig | null;
  /** Deferred tools agent.findTool loaded; they stay callable for the rest of the run. */
  readonly loaded: Set<string>;
  tools: ToolSet;
  run: RunState;
  history: HistoryMessage[];
  usage: LlmUsage;
  /** attemptCompletion's result, once called. */
  completion: string | null;
  /** The iteration under way, 1-based. */
  iteration: number;
  /** Model answers received so far. */
  turns: number;
  /** Percentage of the context window that triggers condensing; raised after an emergency condense. */
  threshold: number;
  /** Prompt plus answer tokens of the last model call as the provider reported them; 0 when unknown. */
  reportedTokens: number;
  readonly vault: VaultContext | null;
  readonly prompt: SystemPromptCache;
  subtasks: number;
  /** The model, counting each request into `modelCalls`. */
  api: LlmPort;
  /** Provider requests of this task and of the sub-tasks it started. */
  modelCalls: number;
  /** Sub-tasks the whole tree of this user message has started (shared with every sub-task). */
  readonly budget: SubtaskBudget;
  /** Sub-tasks started by the answer of iteration `iteration`. */
  turnSubtasks: { iteration: number; count: number };
}
