import type { LlmPort, LlmUsage } from '../../core/ports/llm';
import type { FastPathOutcome } from '../../core/recipes/FastPath';
import { estimateCost, formatCost } from '../../providers/pricing';
import type { Transcript } from './Transcript';

/** How a request the fast path handled reads in the transcript: what ran, then the usage line. */
export function reportFastPath(transcript: Transcript, outcome: Extract<FastPathOutcome, { status: 'done' | 'rejected' }>, llm: LlmPort): void {
  if (outcome.status === 'rejected') {
    transcript.addNote(`Nothing was run: ${outcome.reason}.`);
    return;
  }
  transcript.addNote(`Done with a recipe that worked ${outcome.recipe.successes} times before (${outcome.llmCalls} model calls).`);
  for (const line of outcome.result.summary) transcript.addNote(line);
  transcript.addUsage(outcome.usage, costOf(llm, outcome.usage));
}

/** The run's estimated cost for the transcript, or null when the model's price is not known. */
export function costOf(llm: LlmPort, usage: LlmUsage): string | null {
  const cost = estimateCost(llm.provider, llm.model, usage, llm.endpoint);
  return cost === null ? null : formatCost(cost);
}
