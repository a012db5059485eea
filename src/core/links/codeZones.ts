/** Where a note's frontmatter ends (the offset after its closing "---" line), or 0 when it has none. */
export function frontmatterEnd(content: string): number {
  const open = /^---[ \t]*\r?\n/.exec(content);
  if (!open) return 0;
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = content.slice(open[0].length);
  const found = close.exec(rest);
  return found ? open[0].length + found.index + found[0].length : 0;
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})/;
// Inline code: a run of backticks closed by a run of the same length, on one line.
const INLINE_CODE = /(`+)(?!`)[^\n]*?[^`\n]\1(?!`)/g;

/**
 * The spans of `content` from `from` on that are code, where a link is plain text: fenced blocks (``` or ~~~,
 * indented or not, closed by a fence of the same character at least as long, or running to the end) and inline
 * code. Sorted and disjoint.
 */
export function codeZones(content: string, from: number): [number, number][] {
  const zones: [number, number][] = [];
  let offset = from;
  let fence: { char: string; length: number; start: number } | null = null;
  let proseStart = from;
  while (offset <= content.length) {
    const newline = content.indexOf('\n', offset);
    const lineEnd = newline === -1 ? content.length : newline;
    const line = content.slice(offset, lineEnd);
    const marker = FENCE_OPEN.exec(line)?.[1];
    if (fence === null && marker) {
      inlineZones(content, proseStart, offset, zones);
      fence = { char: marker[0]!, length: marker.length, start: offset };
    } else if (
      fence !== null &&
      marker &&
      marker[0] === fence.char &&
      marker.length >= fence.length &&
      line.trim() === marker
    ) {
      zones.push([fence.start, lineEnd]);
      fence = null;
      proseStart = lineEnd;
    }
    if (newline === -1) break;
    offset = newline + 1;
  }
  if (fence !== null) zones.push([fence.start, content.length]);
  else inlineZones(content, proseStart, content.length, zones);
  return zones;
}

function inlineZones(content: string, start: number, end: number, zones: [number, number][]): void {
  const prose = content.slice(start, end);
  for (const match of prose.matchAll(INLINE_CODE))
    zones.push([start + match.index, start + match.index + match[0].length]);
}
