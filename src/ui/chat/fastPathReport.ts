import type { FastPathOutcome } from '../../core/recipes/FastPath';
import type { MessageSpend } from '../../core/session/sessionEvents';
import type { Transcript } from './Transcript';

/** How a request the fast path handled reads in the transcript: what ran, then the usage line. */
export function reportFastPath(transcript: Transcript, outcome: Extract<FastPathOutcome, { status: 'done' | 'rejected' }>, spend: MessageSpend): void {
  if (outcome.status === 'rejected') {
    transcript.addNote(`Nothing was run: ${outcome.reason}.`);
    return;
  }
  transcript.addNote(`Done with a recipe that worked ${outcome.recipe.successes} times before (${outcome.llmCalls} model calls).`);
  for (const line of outcome.result.summary) transcript.addNote(line);
  transcript.addSpend(spend);
}
