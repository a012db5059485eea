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
  /** Where each applied hunk's lines are in the new lines (0-based, half-open): what a redo puts back. */
  spots: Map<number, [number, number]>;
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
  const wanted = [...new Set(flip)].filter((index) => index >= 0 && index < text.blocks.length).sort((a, b) => b - a);
  const result: FlipResult = { lines: null, applied: [], changedSince: [], spots: new Map() };
  if (now === null) {
    if (!anyway) return { ...result, changedSince: wanted.reverse() };
    const flipped = new Set(undone);
    for (const index of wanted) if (!flipped.delete(index)) flipped.add(index);
    const expected = expectedText(text, flipped);
    for (const index of wanted) result.spots.set(index, expected.ranges[index] as [number, number]);
    return { ...result, lines: expected.lines, applied: wanted.reverse() };
  }
  const lines = [...now];
  const written: { index: number; start: number; length: number; replaced: number }[] = [];
  let limit = Number.POSITIVE_INFINITY;
  for (const index of wanted) {
    const check = checks[index] as HunkCheck;
    const block = text.blocks[index] as LineBlock;
    const target = undone.has(index)
      ? text.after.slice(block.bStart, block.bEnd)
      : text.before.slice(block.aStart, block.aEnd);
    // A place shared with a hunk already written (two hunks under one later edit) is not written twice.
    const shared = check.nowEnd > limit || (check.nowEnd === limit && check.nowStart === limit);
    if ((check.changedSince && !anyway) || shared) {
      result.changedSince.unshift(index);
      continue;
    }
    lines.splice(check.nowStart, check.nowEnd - check.nowStart, ...target);
    limit = check.nowStart;
    written.unshift({ index, start: check.nowStart, length: target.length, replaced: check.nowEnd - check.nowStart });
    result.applied.unshift(index);
  }
  let offset = 0;
  for (const spot of written) {
    result.spots.set(spot.index, [spot.start + offset, spot.start + offset + spot.length]);
    offset += spot.length - spot.replaced;
  }
  if (result.applied.length > 0) result.lines = lines;
  return result;
}

/**
 * Puts back what an undo took away, by the same merge over the undo's own change: `undo` is the file as that undo
 * found it and left it, and `spots` where each of the hunks it undid sits in what it left. The undo's blocks at
 * those spots are undone in turn, so a redo with nothing changed since gives back the file byte for byte, even
 * where lines written since sit right beside the hunk (which the run's own before and after cannot place).
 * Returns the hunks put back (every hunk under a block that was undone) and those left as changed since.
 */
export function redoFromUndo(
  undo: RunText,
  spots: ReadonlyMap<number, [number, number]>,
  now: readonly string[] | null,
  anyway: boolean,
): { lines: string[] | null; applied: number[]; changedSince: number[] } {
  const underBlock = new Map<number, number[]>();
  undo.blocks.forEach((block, blockIndex) => {
    for (const [hunk, [start, end]] of spots)
      if (touches(block.bStart, block.bEnd, start, end))
        underBlock.set(blockIndex, [...(underBlock.get(blockIndex) ?? []), hunk]);
  });
  const result = flipHunks(undo, new Set(), now, [...underBlock.keys()], anyway);
  const applied = new Set(result.applied.flatMap((block) => underBlock.get(block) ?? []));
  return {
    lines: result.lines,
    applied: [...spots.keys()].filter((hunk) => applied.has(hunk)).sort((a, b) => a - b),
    changedSince: [...spots.keys()].filter((hunk) => !applied.has(hunk)).sort((a, b) => a - b),
  };
}

/** Whether two places overlap or meet (an empty place meets a block it sits at either end of). */
function touches(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart <= bEnd && bStart <= aEnd;
}

/** Whether a change made since (`block`, in the expected lines) overlaps a hunk's place `[start, end)`. */
function overlaps(block: LineBlock, start: number, end: number): boolean {
  const inserted = block.aStart === block.aEnd;
  if (start === end) return inserted ? block.aStart === start : block.aStart < start && start < block.aEnd;
  return inserted ? start < block.aStart && block.aStart < end : block.aStart < end && start < block.aEnd;
}
