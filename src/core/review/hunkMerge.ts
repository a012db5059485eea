import { type LineBlock, lineBlocks } from './lineBlocks';

/** A text file of a run: its lines before and after the run and the blocks the run changed (a = before, b = after). */
export interface RunText {
  before: readonly string[];
  after: readonly string[];
  blocks: readonly LineBlock[];
}

/** Where one hunk stands against the file now. */
export interface HunkCheck {
  changedSince: boolean;
  /** The lines the file holds now where the hunk's lines should be. */
  now: string[];
  /** That place in the file now, 0-based and half-open. */
  nowStart: number;
  nowEnd: number;
}

export interface FlipResult {
  /** The file's new lines; null when nothing was written back. */
  lines: string[] | null;
  applied: number[];
  changedSince: number[];
}

/**
 * What the file should hold now if nothing but the review's decisions touched it since the run: the run's result
 * with the undone hunks back as they were; and each hunk's place in it.
 */
export function expectedText(
  text: RunText,
  undone: ReadonlySet<number>,
): { lines: string[]; ranges: [number, number][] } {
  const lines: string[] = [];
  const ranges: [number, number][] = [];
  let at = 0;
  text.blocks.forEach((block, index) => {
    lines.push(...text.after.slice(at, block.bStart));
    const start = lines.length;
    lines.push(
      ...(undone.has(index) ? text.before.slice(block.aStart, block.aEnd) : text.after.slice(block.bStart, block.bEnd)),
    );
    ranges.push([start, lines.length]);
    at = block.bEnd;
  });
  lines.push(...text.after.slice(at));
  return { lines, ranges };
}

/**
 * Each hunk checked against `now` (null: the file is gone or no longer text): a three-way comparison of what the
 * review expects there with what is there. A hunk changed since when a change made after it (the person typing,
 * another run) overlaps its lines; a change on a neighbouring line, or an insertion right before or after it, does
 * not, and is kept by an undo.
 */
export function checkHunks(text: RunText, undone: ReadonlySet<number>, now: readonly string[] | null): HunkCheck[] {
  const expected = expectedText(text, undone);
  if (now === null) return expected.ranges.map(() => ({ changedSince: true, now: [], nowStart: 0, nowEnd: 0 }));
  const since = lineBlocks(expected.lines, now);
  return expected.ranges.map(([start, end]) => {
    let shift = 0;
    const over: LineBlock[] = [];
    for (const block of since) {
      if (overlaps(block, start, end)) over.push(block);
      else if (block.aEnd <= start) shift += block.bEnd - block.bStart - (block.aEnd - block.aStart);
    }
    const first = over[0];
    const last = over[over.length - 1];
    const nowStart = first && first.aStart < start ? first.bStart : start + shift;
    const nowEnd = last ? (last.aEnd > end ? last.bEnd : last.bEnd + (end - last.aEnd)) : nowStart + (end - start);
    return { changedSince: over.length > 0, now: now.slice(nowStart, nowEnd), nowStart, nowEnd };
  });
}

/**
 * Undoes (or, for hunks already undone, redoes) the hunks in `flip` in the file now: each hunk's place gets the
 * lines from the other side of the run, and every other line stays as it is now, byte for byte. A hunk changed
 * since is left and reported unless `anyway`; then what is there now is replaced. When the file is gone or no
 * longer text, `anyway` writes the whole expected result.
 */
export function flipHunks(
  text: RunText,
  undone: ReadonlySet<number>,
  now: readonly string[] | null,
  flip: readonly number[],
  anyway: boolean,
): FlipResult {
  const checks = checkHunks(text, undone, now);
  const target = (index: number): string[] => {
    const block = text.blocks[index] as LineBlock;
    return undone.has(index) ? text.after.slice(block.bStart, block.bEnd) : text.before.slice(block.aStart, block.aEnd);
  };
  const wanted = [...new Set(flip)].filter((index) => index >= 0 && index < text.blocks.length).sort((a, b) => b - a);
  const result: FlipResult = { lines: null, applied: [], changedSince: [] };
  if (now === null) {
    if (!anyway) return { ...result, changedSince: wanted.reverse() };
    const flipped = new Set(undone);
    for (const index of wanted) if (!flipped.delete(index)) flipped.add(index);
    return { lines: expectedText(text, flipped).lines, applied: wanted.reverse(), changedSince: [] };
  }
  const lines = [...now];
  let limit = Number.POSITIVE_INFINITY;
  for (const index of wanted) {
    const check = checks[index] as HunkCheck;
    const lines2 = target(index);
    if (check.changedSince && sameLines(check.now, lines2)) {
      result.applied.push(index);
      continue;
    }
    // A place shared with a hunk already written (two hunks under one later edit) is not written twice.
    if (
      (check.changedSince && !anyway) ||
      check.nowEnd > limit ||
      (check.nowEnd === limit && check.nowStart === limit)
    ) {
      result.changedSince.push(index);
      continue;
    }
    lines.splice(check.nowStart, check.nowEnd - check.nowStart, ...lines2);
    limit = check.nowStart;
    result.applied.push(index);
  }
  result.applied.reverse();
  result.changedSince.reverse();
  if (result.applied.length > 0) result.lines = lines;
  return result;
}

/** Whether a change made since (`block`, in the expected lines) overlaps a hunk's place `[start, end)`. */
function overlaps(block: LineBlock, start: number, end: number): boolean {
  const inserted = block.aStart === block.aEnd;
  if (start === end) return inserted ? block.aStart === start : block.aStart < start && start < block.aEnd;
  return inserted ? start < block.aStart && block.aStart < end : block.aStart < end && start < block.aEnd;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((line, index) => line === b[index]);
}
