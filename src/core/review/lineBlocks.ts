import { editScript } from '../util/editScript';
import { lineIds, MAX_EDIT_LINES } from '../util/boundedPatch';

/** A changed block between two line lists, 0-based and half-open: `a[aStart, aEnd)` became `b[bStart, bEnd)`. */
export interface LineBlock {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/**
 * Lines with their line break kept ("a\r\n", "b\n", "c"), so that joining them gives back every byte: an undo
 * rebuilds a note from these, and must not touch a line ending it did not change.
 */
export function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A line as shown: without its line break. */
export function shownLine(line: string): string {
  return line.endsWith('\r\n') ? line.slice(0, -2) : line.endsWith('\n') ? line.slice(0, -1) : line;
}

/**
 * The changed blocks from `a` to `b`, in order, separated by at least one unchanged line. Bounded as the approval
 * card's diff is (`boundedPatch`): the unchanged start and end are found first, and a middle too different to
 * search within the limit is one block, a true if not the shortest description.
 */
export function lineBlocks(a: readonly string[], b: readonly string[], maxEditLines = MAX_EDIT_LINES): LineBlock[] {
  const shortest = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shortest && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const aEnd = a.length - suffix;
  const bEnd = b.length - suffix;
  if (prefix === aEnd && prefix === bEnd) return [];
  const whole: LineBlock[] = [{ aStart: prefix, aEnd, bStart: prefix, bEnd }];
  if (prefix === aEnd || prefix === bEnd) return whole;
  const [aIds, bIds] = lineIds(a.slice(prefix, aEnd), b.slice(prefix, bEnd));
  const runs = editScript(aIds, bIds, maxEditLines);
  if (!runs) return whole;
  const blocks: LineBlock[] = [];
  let i = prefix;
  let j = prefix;
  let open: LineBlock | null = null;
  for (const run of runs) {
    if (run.kind === 'same') {
      if (open) blocks.push(open);
      open = null;
      i += run.count;
      j += run.count;
      continue;
    }
    open ??= { aStart: i, aEnd: i, bStart: j, bEnd: j };
    if (run.kind === 'removed') i += run.count;
    else j += run.count;
    open.aEnd = i;
    open.bEnd = j;
  }
  if (open) blocks.push(open);
  return blocks;
}
