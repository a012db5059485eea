import { diffWordsWithSpace, structuredPatch } from 'diff';
import type { DiffHunk, DiffLine } from './types';

export interface TextDiff {
  hunks: DiffHunk[];
  added: number;
  removed: number;
  /** True when the hunks were cut at `maxLines` lines. */
  truncated: boolean;
}

/**
 * Line diff of two texts with 3 lines of context, and word-level parts for each changed line, so prose edits show
 * which words changed rather than whole paragraphs. At most `maxLines` diff lines are kept (an approval card
 * must stay readable); the counts always cover the whole diff.
 */
export function textDiff(oldText: string, newText: string, maxLines = 400): TextDiff {
  const patch = structuredPatch('old', 'new', oldText, newText, undefined, undefined, { context: 3 });
  let added = 0;
  let removed = 0;
  let kept = 0;
  let truncated = false;
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
    markWordChanges(lines);
    const room = maxLines - kept;
    if (room <= 0) {
      truncated = true;
      continue;
    }
    if (lines.length > room) truncated = true;
    const slice = lines.slice(0, room);
    kept += slice.length;
    hunks.push({ oldStart: hunk.oldStart, newStart: hunk.newStart, lines: slice });
  }
  return { hunks, added, removed, truncated };
}

/** Pairs each run of removed lines with the run of added lines after it, line by line, and diffs their words. */
function markWordChanges(lines: DiffLine[]): void {
  for (let i = 0; i < lines.length; ) {
    if (lines[i]?.kind !== 'removed') {
      i++;
      continue;
    }
    let removedEnd = i;
    while (lines[removedEnd]?.kind === 'removed') removedEnd++;
    let addedEnd = removedEnd;
    while (lines[addedEnd]?.kind === 'added') addedEnd++;
    const pairs = Math.min(removedEnd - i, addedEnd - removedEnd);
    for (let k = 0; k < pairs; k++) {
      const before = lines[i + k] as DiffLine;
      const after = lines[removedEnd + k] as DiffLine;
      const parts = diffWordsWithSpace(before.text, after.text);
      before.words = parts.filter((part) => !part.added).map((part) => ({ kind: part.removed ? 'removed' : 'same', text: part.value }));
      after.words = parts.filter((part) => !part.removed).map((part) => ({ kind: part.added ? 'added' : 'same', text: part.value }));
    }
    i = addedEnd;
  }
}
