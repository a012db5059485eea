import type { AgentResult, TaskCallbacks } from '../agent/types';
import type { MessageSpend } from '../budget/SpendingMeter';
import type { RevertPlan, RevertResult, RunSummary } from '../checkpoints/types';
import type { LlmPort } from '../ports/llm';
import type { FastPathOutcome } from '../recipes/FastPath';
import type { RecordedCall } from '../recipes/types';
import type { SeenEntry } from './seenConversation';

export type { MessageSpend };

/**
 * How a run of the loop ended, as a shell sees it: the answer and why it ended, what it used, and where a budget
 * stopped it. The conversation it leaves is the session's to keep, not the shell's.
 */
export type RunResult = Pick<
  AgentResult,
  'text' | 'completedBy' | 'usage' | 'modelCalls' | 'iterations' | 'mode' | 'error' | 'budgetStop'
>;

/**
 * What a shell hears while the session runs a message: text and reasoning as they stream, tool calls and their
 * results, usage, mode changes, condensing, warnings and sub-tasks. How the run ended comes back from `send`.
 * The session's own type, so a shell depends on the session and never on the loop (the architecture test holds
 * that): the loop's events a shell has a use for, a run's end as a RunResult, and not the loop's memory hook
 * (`onPreCompactionFlush`), which is the session's business.
 */
export type SessionEvents = Omit<TaskCallbacks, 'onPreCompactionFlush' | 'onSubtaskEnd' | 'onComplete'> & {
  onSubtaskEnd?: (info: { depth: number; result: RunResult }) => void;
  onComplete?: (result: RunResult) => void;
};

/** How one message ended, for the shell to render. */
export type SendOutcome =
  /** Nothing ran: no model configured, or the services could not start. `message` says what to do. */
  | { via: 'not-started'; message: string; code: string | null }
  | {
      via: 'fast-path';
      runId: string;
      llm: LlmPort;
      outcome: Extract<FastPathOutcome, { status: 'done' | 'rejected' }>;
      spend: MessageSpend;
      /** What the run's end shows (kept in the conversation as seen): the shell renders these in order. */
      shown: readonly SeenEntry[];
      /** Why the conversation could not be saved, or null. */
      saveError: string | null;
    }
  | {
      via: 'loop';
      runId: string;
      llm: LlmPort;
      result: RunResult;
      spend: MessageSpend;
      /** What the run's end shows after its streamed text and calls (a new summary, the final answer, notes). */
      shown: readonly SeenEntry[];
      /** The run's calls as a saved action would replay them (reads of its stored results left out). */
      calls: RecordedCall[];
      /** Some call made a checkpoint: the run changed the vault, so "Revert last run" has something to undo. */
      wrote: boolean;
      /** Why the conversation could not be saved, or null. */
      saveError: string | null;
    };

/** The person's answer to a revert's plan: leave everything, revert what is safe, or overwrite changed files too. */
export type RevertAnswer = 'keep' | 'revert' | 'overwrite';

export type RevertOutcome =
  | { status: 'no-checkpoints' }
  | { status: 'no-run' }
  /** The files are already as they were before the run. */
  | { status: 'nothing-to-revert'; run: RunSummary }
  | { status: 'kept'; run: RunSummary }
  /** The newest changes are a run still going (an MCP client's session): reverting under its writes is refused. */
  | { status: 'in-progress'; run: RunSummary }
  | { status: 'reverted'; run: RunSummary; result: RevertResult };

/** Shows a revert's plan and returns the answer (the panel's card, the terminal's questions). */
export type AskRevert = (plan: RevertPlan, run: RunSummary) => Promise<RevertAnswer>;

/** Why a run still going is not reverted, the same in every shell. */
export function runStillOpenText(run: RunSummary): string {
  const outside = /^mcp-/.test(run.runId);
  const whose = outside ? "an MCP client's session, which is still connected" : 'a run that has not ended';
  const how = outside ? ': disconnect the client, or switch the MCP server off in the settings' : '';
  return `Not reverted: the newest changes are from run ${run.runId}, ${whose}. It can be reverted once it ends${how}.`;
}
