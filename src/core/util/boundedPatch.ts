import type { StructuredPatchHunk } from 'diff';
import { editScript, type EditRun } from './editScript';

/** Most changed lines (added + removed) a line diff searches for; past it the search gives up. */
export const MAX_EDIT_LINES = 1_000;

/**
 * A unified line diff in `structuredPatch`'s form, or when the lines are too different to diff within the limit,
 * one hunk that replaces every line between the unchanged start and end (`exact` false). Both are true
 * descriptions of the change; the second is not the shortest one.
 */
export interface BoundedPatch {
  hunks: StructuredPatchHunk[];
  exact: boolean;
}

/**
 * A diff's search costs about (changed lines)² steps: the `diff` package's took minutes on two unrelated
 * 20,000-line notes. So the unchanged first and last lines are found first (linear, and most edits touch one
 * place), lines only added or only removed need no search, and any other search compares line ids, not strings,
 * and stops at `maxEditLines` changed lines.
 */
export function boundedPatch(
  oldText: string,
  newText: string,
  context: number,
  maxEditLines = MAX_EDIT_LINES,
): BoundedPatch {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const shortest = Math.min(oldLines.length, newLines.length);
  let prefix = 0;
  while (prefix < shortest && oldLines[prefix] === newLines[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < shortest - prefix &&
    oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]
  )
    suffix++;
  const removed = oldLines.length - prefix - suffix;
  const added = newLines.length - prefix - suffix;
  const replaced: EditRun[] = [
    { kind: 'removed', count: removed },
    { kind: 'added', count: added },
  ];
  const middle =
    removed === 0 || added === 0
      ? replaced
      : editScript(
          ...lineIds(oldLines.slice(prefix, prefix + removed), newLines.slice(prefix, prefix + added)),
          maxEditLines,
        );
  const runs = [{ kind: 'same', count: prefix }, ...(middle ?? replaced), { kind: 'same', count: suffix }] as const;
  return {
    hunks: toHunks(
      runs.filter((run) => run.count > 0),
      oldLines,
      newLines,
      context,
    ),
    exact: middle !== undefined,
  };
}

/** Each distinct line as a small integer, so that the search compares numbers. */
export function lineIds(oldLines: readonly string[], newLines: readonly string[]): [Int32Array, Int32Array] {
  const ids = new Map<string, number>();
  const idsOf = (lines: readonly string[]): Int32Array =>
    Int32Array.from(lines, (line) => {
      const known = ids.get(line);
      if (known !== undefined) return known;
      ids.set(line, ids.size);
      return ids.size - 1;
    });
  return [idsOf(oldLines), idsOf(newLines)];
}

/**
 * Hunks as `structuredPatch` makes them: `context` unchanged lines around each change, changes fewer than
 * 2 × `context` lines apart in one hunk, and "\ No newline at end of file" after a last line without one.
 */
function toHunks(
  runs: readonly EditRun[],
  oldLines: readonly string[],
  newLines: readonly string[],
  context: number,
): StructuredPatchHunk[] {
  const hunks: StructuredPatchHunk[] = [];
  let hunk: StructuredPatchHunk | undefined;
  let oldPos = 0;
  let newPos = 0;
  const emit = (sign: string, line: string): void => {
    if (!hunk) return;
    if (sign !== '+') hunk.oldLines++;
    if (sign !== '-') hunk.newLines++;
    if (line.endsWith('\n')) hunk.lines.push(sign + line.slice(0, -1));
    else hunk.lines.push(sign + line, '\\ No newline at end of file');
  };
  runs.forEach((run, i) => {
    if (run.kind === 'same') {
      if (hunk) {
        const keep = run.count <= 2 * context && i < runs.length - 1 ? run.count : Math.min(run.count, context);
        for (let j = 0; j < keep; j++) emit(' ', oldLines[oldPos + j] as string);
        if (keep < run.count || i === runs.length - 1) hunk = undefined;
      }
      oldPos += run.count;
      newPos += run.count;
      return;
    }
    if (!hunk) {
      const lead = i > 0 ? Math.min(context, (runs[i - 1] as EditRun).count) : 0;
      hunk = { oldStart: oldPos - lead + 1, oldLines: 0, newStart: newPos - lead + 1, newLines: 0, lines: [] };
      hunks.push(hunk);
      for (let j = lead; j > 0; j--) emit(' ', oldLines[oldPos - j] as string);
    }
    const lines =
      run.kind === 'removed' ? oldLines.slice(oldPos, oldPos + run.count) : newLines.slice(newPos, newPos + run.count);
    for (const line of lines) emit(run.kind === 'removed' ? '-' : '+', line);
    if (run.kind === 'removed') oldPos += run.count;
    else newPos += run.count;
  });
  return hunks;
}

/** Lines with their line break kept, split where `diffLines` splits ("\n", so "\r\n" stays whole). */
function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
