import { boundedPatch, MAX_EDIT_LINES } from '../../util/boundedPatch';
import type { DiffHunk, DiffLine } from '../../ports/changePreview';
import { markWordChanges, MAX_EDIT_WORDS, WORD_DIFF_TIMEOUT_MS, type WordBudget } from './wordChanges';

export interface TextDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** True when the hunks were cut at `maxLines` lines. */
  truncated: boolean;
  /** True when the lines were too different to diff within the limits: one hunk then only counts what changed. */
  tooLarge: boolean;
  /** Pairs of changed lines shown whole, because comparing their words would have cost more than the limits. */
  wordDiffSkipped: number;
}

export interface TextDiffOptions {
  /** Most diff lines kept: an approval card must stay readable. */
  maxLines?: number;
  /** Most changed lines the line diff searches for. */
  maxEditLines?: number;
  /** Most changed words, over all changed lines, the word diffs search for. */
  maxEditWords?: number;
}

/**
 * Line diff of two texts with 3 lines of context, and word-level parts for each changed line, so prose edits show
 * which words changed rather than whole paragraphs. The counts always cover the whole diff. The work is bounded,
 * because an approval card that freezes Obsidian cannot be rejected: past the limits the hunk says how many lines
 * changed, and changed lines lose their word marks.
 */
export function textDiff(oldText: string, newText: string, options: TextDiffOptions = {}): TextDiff {
  const { maxLines = 400, maxEditLines = MAX_EDIT_LINES, maxEditWords = MAX_EDIT_WORDS } = options;
  const patch = boundedPatch(oldText, newText, 3, maxEditLines);
  if (!patch.exact) return tooLarge(patch.hunks[0]?.lines ?? [], patch.hunks[0]?.oldStart ?? 1);
  let added = 0;
  let removed = 0;
  let kept = 0;
  let truncated = false;
  const budget: WordBudget = { edits: maxEditWords, deadline: Date.now() + WORD_DIFF_TIMEOUT_MS, skipped: 0 };
  const hunks: DiffHunk[] = [];
  for (const hunk of patch.hunks) {
    const lines: DiffLine[] = [];
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const raw of hunk.lines) {
      if (raw.startsWith('\\')) continue; // "\ No newline at end of file"
      const text = raw.slice(1);
      if (raw.startsWith('+')) {
        added++;
        lines.push({ kind: 'added', text, newLine: newLine++ });
      } else if (raw.startsWith('-')) {
        removed++;
        lines.push({ kind: 'removed', text, oldLine: oldLine++ });
      } else {
        lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
      }
    }
    const room = maxLines - kept;
    if (room <= 0) {
      truncated = true;
      continue;
    }
    if (lines.length > room) truncated = true;
    // Words are compared only for the lines shown; a pair is shown when its removed line is.
    markWordChanges(lines, Math.min(room, lines.length), budget);
    const slice = lines.slice(0, room);
    kept += slice.length;
    hunks.push({ oldStart: hunk.oldStart, newStart: hunk.newStart, lines: slice });
  }
  return { hunks, added, removed, truncated, tooLarge: false, wordDiffSkipped: budget.skipped };
}

/** What a preview shows in place of the lines of a hunk too large to diff. */
export function tooLargeText(counts: { removed: number; added: number }): string {
  const lines = (count: number): string => `${count} line${count === 1 ? '' : 's'}`;
  return `Too large to diff line by line: ${lines(counts.removed)} removed, ${lines(counts.added)} added`;
}

/** The one hunk that replaces the changed lines, reduced to where they start and how many there are. */
function tooLarge(lines: readonly string[], hunkStart: number): TextDiff {
  const start = hunkStart + lines.findIndex((line) => !line.startsWith(' '));
  const removed = lines.filter((line) => line.startsWith('-')).length;
  const added = lines.filter((line) => line.startsWith('+')).length;
  return {
    hunks: [{ oldStart: start, newStart: start, lines: [], tooLarge: { removed, added } }],
    added,
    removed,
    truncated: false,
    tooLarge: true,
    wordDiffSkipped: 0,
  };
}
