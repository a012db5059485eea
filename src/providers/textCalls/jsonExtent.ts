/** How far a scan of a JSON value got, so that a long call streamed in small pieces is read once, not once per piece. */
export interface JsonScan {
  start: number;
  next: number;
  depth: number;
  inString: boolean;
  /** Set once the value closed. */
  end?: number;
}

export function newScan(start: number): JsonScan {
  return { start, next: start, depth: 0, inString: false };
}

/**
 * Where the JSON value starting at `scan.start` (a `{` or `[`) ends: the index after its closing bracket, or -1
 * while it is still open (the scan then resumes where it stopped). Brackets inside strings do not count, so note
 * text holding `}` cannot end a call early.
 */
export function jsonExtent(text: string, scan: JsonScan): number {
  if (scan.end !== undefined) return scan.end;
  for (let i = scan.next; i < text.length; i += 1) {
    const char = text[i];
    if (scan.inString) {
      if (char === '\\') {
        // The escaped character may not have arrived yet: resume at the backslash.
        if (i + 1 >= text.length) {
          scan.next = i;
          return -1;
        }
        i += 1;
      } else if (char === '"') scan.inString = false;
      continue;
    }
    if (char === '"') scan.inString = true;
    else if (char === '{' || char === '[') scan.depth += 1;
    else if (char === '}' || char === ']') {
      scan.depth -= 1;
      if (scan.depth === 0) {
        scan.end = i + 1;
        return scan.end;
      }
    }
  }
  scan.next = text.length;
  return -1;
}
