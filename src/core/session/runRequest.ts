import type { AgentResult } from '../agent/types';
import type { PlanHost } from '../plan';
import type { LlmPort } from '../ports/llm';
import { callsFromHistory } from '../recipes/callsFromHistory';
import { tryFastPath, type FastPathOutcome } from '../recipes/FastPath';
import type { RecipeMatchingService } from '../recipes/RecipeMatchingService';
import { withoutStoredResultReads } from '../recipes/storedResultReads';

export interface RunRequestOptions {
  message: string;
  llm: LlmPort;
  /** Null turns the fast path and learning off. */
  recipes: RecipeMatchingService | null;
  host: PlanHost;
  /** Runs the normal agent loop for this message (the caller owns the AgentTask and its callbacks). */
  runLoop: () => Promise<AgentResult>;
  /** How long the history was before this run, so only its own calls are learned from. */
  historyLength: number;
  allowedTools: ReadonlySet<string> | null;
  runId: string;
  signal: AbortSignal;
  maxTokens: number;
  onText?: (delta: string) => void;
  now: () => number;
}

export type RunRequestResult =
  | { via: 'fast-path'; outcome: Extract<FastPathOutcome, { status: 'done' | 'rejected' }> }
  | { via: 'loop'; result: AgentResult; fastPath: FastPathOutcome | null };

/**
 * One user request: the fast path when a proven recipe fits, the agent loop otherwise (or when the fast path
 * could not plan); a loop run that finished on its own teaches its tool sequence to the recipes.
 */
export async function runRequest(options: RunRequestOptions): Promise<RunRequestResult> {
  let fastPath: FastPathOutcome | null = null;
  if (options.recipes) {
    fastPath = await tryFastPath({
      llm: options.llm,
      recipes: options.recipes,
      host: options.host,
      message: options.message,
      runId: options.runId,
      signal: options.signal,
      allowedTools: options.allowedTools,
      maxTokens: options.maxTokens,
      ...(options.onText ? { onText: options.onText } : {}),
    });
    if (fastPath.status === 'done' || fastPath.status === 'rejected') return { via: 'fast-path', outcome: fastPath };
  }
  const result = await options.runLoop();
  const finished = (result.completedBy === 'text' || result.completedBy === 'attemptCompletion') && !result.error;
  if (options.recipes && finished) {
    const calls = withoutStoredResultReads(callsFromHistory(result.history, options.historyLength), options.runId);
    await options.recipes.recordSuccess(options.message, calls, options.now());
  }
  return { via: 'loop', result, fastPath };
}
