/** How far a scan of a JSON value got, so that a long call streamed in small pieces is read once, not once per piece. */
export interface JsonScan {
  start: number;
  /** The index the next piece of text starts at. */
  next: number;
  depth: number;
  inString: boolean;
  /** The last character read was a backslash in a string: the next one is escaped. */
  escaped: boolean;
  /** Set once the value closed. */
  end?: number;
}

export function newScan(start: number): JsonScan {
  return { start, next: start, depth: 0, inString: false, escaped: false };
}

/**
 * Where the JSON value starting at `scan.start` (a `{` or `[`) of `text` ends: the index after its closing
 * bracket, or -1 while it is still open (the scan then resumes where it stopped). Brackets inside strings do not
 * count, so note text holding `}` cannot end a call early.
 */
export function jsonExtent(text: string, scan: JsonScan): number {
  return scan.end ?? continueScan(scan, text.slice(scan.next));
}

/** Reads the next piece of the text (the characters from `scan.next` on): the value's end, or -1 while it is open. */
export function continueScan(scan: JsonScan, piece: string): number {
  if (scan.end !== undefined) return scan.end;
  for (let i = 0; i < piece.length; i += 1) {
    const char = piece[i];
    if (scan.inString) {
      if (scan.escaped) scan.escaped = false;
      else if (char === '\\') scan.escaped = true;
      else if (char === '"') scan.inString = false;
      continue;
    }
    if (char === '"') scan.inString = true;
    else if (char === '{' || char === '[') scan.depth += 1;
    else if (char === '}' || char === ']') {
      scan.depth -= 1;
      if (scan.depth === 0) {
        scan.end = scan.next + i + 1;
        return scan.end;
      }
    }
  }
  scan.next += piece.length;
  return -1;
}
