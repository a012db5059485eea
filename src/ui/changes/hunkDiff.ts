import type { DiffHunk } from '../../core/ports/changePreview';
import type { ChangeHunk } from '../../core/review/types';
import { textDiff } from '../../core/tool-execution/changePreview/textDiff';

/**
 * The lines `oldLines` (from line `oldStart` of the note) replaced by `newLines` (from `newStart`), as the approval
 * card's diff draws them: the preview's own bounded line and word diff, its line numbers moved to where the lines
 * are in the note.
 */
export function replacementDiff(
  oldLines: readonly string[],
  oldStart: number,
  newLines: readonly string[],
  newStart: number,
): DiffHunk[] {
  // Each line ends in a newline, so the last line of a side is not told apart for lacking one.
  const text = (lines: readonly string[]): string => lines.map((line) => `${line}\n`).join('');
  const { hunks } = textDiff(text(oldLines), text(newLines));
  const at = (line: number | undefined, start: number): number | undefined =>
    line === undefined ? undefined : line + start - 1;
  return hunks.map((hunk) => ({
    ...hunk,
    oldStart: hunk.oldStart + oldStart - 1,
    newStart: hunk.newStart + newStart - 1,
    lines: hunk.lines.map((line) => {
      const oldLine = at(line.oldLine, oldStart);
      const newLine = at(line.newLine, newStart);
      return { ...line, ...(oldLine === undefined ? {} : { oldLine }), ...(newLine === undefined ? {} : { newLine }) };
    }),
  }));
}

/** What the run changed in this hunk: its `before` lines replaced by its `after` lines. */
export function runDiff(hunk: ChangeHunk): DiffHunk[] {
  return replacementDiff(hunk.before, hunk.beforeStart, hunk.after, hunk.afterStart);
}

/**
 * What "Undo anyway" would do to a hunk whose lines changed since the run: what the note holds there now replaced
 * by what was there before the run. Both versions, word by word.
 */
export function undoAnywayDiff(hunk: ChangeHunk): DiffHunk[] {
  return replacementDiff(hunk.now ?? [], hunk.afterStart, hunk.before, hunk.afterStart);
}
