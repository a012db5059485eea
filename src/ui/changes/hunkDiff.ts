import type { DiffHunk, DiffLine } from '../../core/ports/changePreview';
import type { ChangeHunk } from '../../core/review/types';
import {
  markWordChanges,
  MAX_EDIT_WORDS,
  WORD_DIFF_TIMEOUT_MS,
} from '../../core/tool-execution/changePreview/wordChanges';

/**
 * One hunk as the approval card's diff draws it: the lines `oldLines` (from `oldStart`) replaced by `newLines`
 * (from `newStart`), and inside each changed pair the words that changed, by the preview's own bounded word diff.
 */
export function replacementDiff(
  oldLines: readonly string[],
  oldStart: number,
  newLines: readonly string[],
  newStart: number,
): DiffHunk {
  const lines: DiffLine[] = [
    ...oldLines.map((text, i): DiffLine => ({ kind: 'removed', text, oldLine: oldStart + i })),
    ...newLines.map((text, i): DiffLine => ({ kind: 'added', text, newLine: newStart + i })),
  ];
  markWordChanges(lines, lines.length, {
    edits: MAX_EDIT_WORDS,
    deadline: Date.now() + WORD_DIFF_TIMEOUT_MS,
    skipped: 0,
  });
  return { oldStart, newStart, lines };
}

/** What the run changed in this hunk: its `before` lines replaced by its `after` lines. */
export function runDiff(hunk: ChangeHunk): DiffHunk {
  return replacementDiff(hunk.before, hunk.beforeStart, hunk.after, hunk.afterStart);
}

/**
 * What "Undo anyway" would do to a hunk whose lines changed since the run: what the note holds there now replaced
 * by what was there before the run. Both versions, word by word.
 */
export function undoAnywayDiff(hunk: ChangeHunk): DiffHunk {
  return replacementDiff(hunk.now ?? [], hunk.afterStart, hunk.before, hunk.afterStart);
}
