const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * Where the completed Markdown blocks of a growing text end, scanning from `from` (a block boundary): the offset
 * just after the last blank line that closes a block, or `from` when no block is complete yet. A blank line
 * inside a fenced code block closes nothing, and neither does one followed by an indented line (the block may
 * continue: a list item's second paragraph), so that is known only once the next line's first character arrives.
 * Each completed block can then be rendered once and never again.
 */
export function completedBlocksEnd(text: string, from: number): number {
  return blockBoundaries(text, from).at(-1) ?? from;
}

/** Every offset after `from` where a completed block ends, in order (see completedBlocksEnd). */
export function blockBoundaries(text: string, from: number): number[] {
  const ends: number[] = [];
  let fence: string | null = null;
  let candidate = -1;
  let lineStart = from;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const complete = newline !== -1;
    const line = text.slice(lineStart, complete ? newline : text.length);
    if (fence !== null) {
      if (complete && isFenceClose(line, fence)) fence = null;
    } else if (line.trim() === '') {
      if (complete && lineStart > from) candidate = newline + 1;
    } else {
      if (candidate !== -1) {
        if (line[0] !== ' ' && line[0] !== '\t') ends.push(candidate);
        candidate = -1;
      }
      const open = complete ? FENCE.exec(line) : null;
      if (open) fence = open[1] as string;
    }
    if (!complete) break;
    lineStart = newline + 1;
  }
  return ends;
}

function isFenceClose(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === (fence[0] as string).repeat(trimmed.length);
}
