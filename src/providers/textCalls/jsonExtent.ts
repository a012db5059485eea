/**
 * Where the JSON value starting at `start` (a `{` or `[`) ends: the index after its closing bracket, or -1 while
 * it is still open. Brackets inside strings do not count, so note text holding `}` cannot end a call early.
 */
export function jsonExtent(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}
