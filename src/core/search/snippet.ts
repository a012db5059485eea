import type { MatchSpan } from './TextMatcher';

const ELLIPSIS = '…';
/** How far an edge may move to land between words; beyond that a word is cut rather than the context lost. */
const WORD_SNAP = 20;

function isSpace(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The line(s) holding the match, without their line breaks. */
function regionOf(text: string, match: MatchSpan): { start: number; end: number } {
  const start = text.lastIndexOf('\n', match.start - 1) + 1;
  const last = Math.max(match.start, match.end - 1);
  let end = text.indexOf('\n', last);
  if (end === -1) end = text.length;
  if (end > start && text[end - 1] === '\r') end--;
  return { start, end: Math.max(end, Math.min(match.end, text.length)) };
}

/**
 * About `length` characters of the match's line, centered on the match: whole words where an edge can move to
 * a space cheaply, "…" where the line goes on. A match longer than `length` is cut to it; with `length` 0 the
 * snippet is the matched text alone. Line breaks inside a multi-line match become spaces.
 */
export function snippetAround(text: string, match: MatchSpan, length: number): string {
  const region = regionOf(text, match);
  const matchEnd = Math.min(match.end, region.end);
  let s: number;
  let e: number;
  if (length === 0) {
    s = match.start;
    e = matchEnd;
  } else if (matchEnd - match.start >= length) {
    s = match.start;
    e = match.start + length;
  } else {
    const extra = length - (matchEnd - match.start);
    s = match.start - Math.floor(extra / 2);
    e = matchEnd + (extra - Math.floor(extra / 2));
    if (s < region.start) {
      e += region.start - s;
      s = region.start;
    }
    if (e > region.end) {
      s = Math.max(region.start, s - (e - region.end));
      e = region.end;
    }
    s = snapStart(text, s, region.start, match.start);
    e = snapEnd(text, e, region.end, matchEnd);
  }
  // Never cut a surrogate pair: an emoji is kept whole or left out.
  if (
    s > region.start &&
    s < match.start &&
    isLowSurrogate(text.charCodeAt(s)) &&
    isHighSurrogate(text.charCodeAt(s - 1))
  )
    s++;
  if (e < region.end && e > s && isHighSurrogate(text.charCodeAt(e - 1)) && isLowSurrogate(text.charCodeAt(e))) e--;
  const body = text.slice(s, e).replace(/\r?\n/g, ' ');
  return `${s > region.start ? ELLIPSIS : ''}${body}${e < region.end ? ELLIPSIS : ''}`;
}

/** Moves a start edge that cuts a word forward to the next word, then past spaces; never past the match. */
function snapStart(text: string, s: number, regionStart: number, matchStart: number): number {
  if (s > regionStart && !isSpace(text[s - 1]) && !isSpace(text[s])) {
    for (let p = s + 1; p <= Math.min(matchStart, s + WORD_SNAP); p++) {
      if (isSpace(text[p - 1])) {
        s = p;
        break;
      }
    }
  }
  while (s < matchStart && isSpace(text[s])) s++;
  return s;
}

/** Moves an end edge that cuts a word back to the end of the previous word; never into the match. */
function snapEnd(text: string, e: number, regionEnd: number, matchEnd: number): number {
  if (e < regionEnd && !isSpace(text[e - 1]) && !isSpace(text[e])) {
    for (let p = e - 1; p >= Math.max(matchEnd, e - WORD_SNAP); p--) {
      if (isSpace(text[p])) {
        e = p;
        break;
      }
    }
  }
  while (e > matchEnd && isSpace(text[e - 1])) e--;
  return e;
}
