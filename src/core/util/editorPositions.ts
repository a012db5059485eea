import type { EditorPosition, EditorRange } from '../ports/editor';
import { lineEndingOf, withLineEnding } from './noteBytes';

/**
 * Obsidian's editor (CodeMirror 6) splits text on "\r\n", "\r" and "\n" and keeps plain "\n" lines, so
 * positions, lengths and selections are all counted over "\n"-separated text. `ch` counts UTF-16 code units,
 * as CodeMirror does: an emoji such as "👍" is 2 wide.
 */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Where the cursor is after `text` is inserted at `start` (multi-line aware). */
export function positionAfter(start: EditorPosition, text: string): EditorPosition {
  const lines = normalizeNewlines(text).split('\n');
  const last = lines[lines.length - 1] ?? '';
  if (lines.length === 1) return { line: start.line, ch: start.ch + last.length };
  return { line: start.line + lines.length - 1, ch: last.length };
}

/** Negative when `a` is before `b`, 0 when equal, positive when after. */
export function comparePositions(a: EditorPosition, b: EditorPosition): number {
  return a.line === b.line ? a.ch - b.ch : a.line - b.line;
}

export function samePosition(a: EditorPosition, b: EditorPosition): boolean {
  return comparePositions(a, b) === 0;
}

/**
 * `current` (a file's text, in its own line endings) with `text` in place of `range` (editor positions, which
 * count lines the same whatever the ending), the new text in the line ending `current` mostly uses. Every other
 * byte stays, a mixed note's endings too.
 */
export function editedText(current: string, range: EditorRange, text: string): string {
  const lines = current.split('\n');
  const offset = (line: number, ch: number): number => {
    let total = 0;
    for (let index = 0; index < line && index < lines.length; index++) total += (lines[index] as string).length + 1;
    return Math.min(current.length, total + ch);
  };
  const from = offset(range.from.line, range.from.ch);
  const to = offset(range.to.line, range.to.ch);
  return current.slice(0, from) + withLineEnding(text, lineEndingOf(current).eol) + current.slice(to);
}
