import { diffWordsWithSpace } from 'diff';
import type { DiffLine } from '../../ports/changePreview';

/** Most changed words (added + removed tokens) the word diffs of one preview search for, all lines together. */
export const MAX_EDIT_WORDS = 2_000;
/** Most changed words one pair of lines may search for. */
const MAX_EDIT_WORDS_PER_LINE = 200;
/** Most time the word diffs of one preview may take: a second bound, for lines slow within the caps. */
export const WORD_DIFF_TIMEOUT_MS = 100;

/** What the word diffs of one text diff may still spend, and how many pairs they gave up on. */
export interface WordBudget {
  edits: number;
  /** `Date.now()` after which no more words are compared. */
  deadline: number;
  skipped: number;
}

/**
 * Pairs each run of removed lines with the run of added lines after it, line by line, and diffs their words, for
 * the pairs whose removed line is among the first `shown` lines. A word diff costs about (changed words)² steps:
 * two different 50,000-character paragraphs took minutes. So each pair searches for at most 200 changed words,
 * all pairs together for what `budget` has left, and a pair past either is shown as two whole lines.
 */
export function markWordChanges(lines: DiffLine[], shown: number, budget: WordBudget): void {
  for (let i = 0; i < shown;) {
    if (lines[i]?.kind !== 'removed') {
      i++;
      continue;
    }
    let removedEnd = i;
    while (lines[removedEnd]?.kind === 'removed') removedEnd++;
    let addedEnd = removedEnd;
    while (lines[addedEnd]?.kind === 'added') addedEnd++;
    const pairs = Math.min(removedEnd - i, addedEnd - removedEnd, shown - i);
    for (let k = 0; k < pairs; k++) markPair(lines[i + k] as DiffLine, lines[removedEnd + k] as DiffLine, budget);
    i = addedEnd;
  }
}

function markPair(before: DiffLine, after: DiffLine, budget: WordBudget): void {
  const maxEditLength = Math.min(MAX_EDIT_WORDS_PER_LINE, budget.edits);
  const timeout = budget.deadline - Date.now();
  const parts =
    maxEditLength > 0 && timeout > 0
      ? diffWordsWithSpace(before.text, after.text, { maxEditLength, timeout })
      : undefined;
  if (!parts) {
    budget.edits -= maxEditLength;
    budget.skipped++;
    return;
  }
  for (const part of parts) if (part.added || part.removed) budget.edits -= part.count;
  before.words = parts
    .filter((part) => !part.added)
    .map((part) => ({ kind: part.removed ? 'removed' : 'same', text: part.value }));
  after.words = parts
    .filter((part) => !part.removed)
    .map((part) => ({ kind: part.added ? 'added' : 'same', text: part.value }));
}
