import { AgentError } from '../errors';
import { escapeRegex } from './escapeRegex';
import { regexCostModel, worstCaseWork, type RegexCostModel } from './regexCost';
import { assertSafeRegex } from './regexGuard';
import { toUnicodeRegex, wholeWordRegex } from './unicodeRegex';

export type MatchMode = 'plain' | 'regex';

export interface TextMatcherOptions {
  query: string;
  mode: MatchMode;
  caseSensitive: boolean;
  /** Only matches with no letter, digit or "_" of any script right before or after them. */
  wholeWord?: boolean;
}

/**
 * Steps of backtracking one line may cost at worst (about 0.1 s): a line that could cost more with the pattern
 * given is not matched, and counted in `linesNotSearched`, rather than holding Obsidian's only thread.
 */
const WORK_PER_LINE = 100_000_000;
/** The same for one note (about 0.8 s): a hostile note of many lines, each under the line's limit, stops here. */
const WORK_PER_NOTE = 1_000_000_000;
/** A line whose naive bound is under this is cheap whatever it holds: its estimate is not worth computing. */
const CHEAP_LINE = 100_000;

/** A match as UTF-16 offsets into the searched text, `end` exclusive; `start === end` for a zero-length match. */
export interface MatchSpan {
  start: number;
  end: number;
}

/**
 * Finds a query in text: a plain string (with indexOf, the fastest scan V8 has) or a JavaScript regular
 * expression. No I/O, so it can be tested and benchmarked alone. Matches never overlap and come in order.
 *
 * Regular expressions run with the `m` flag, so `^` and `$` match at line starts and ends (results are
 * reported per line), and with `u` when the pattern is valid under it (so `\p{L}` works), else without.
 * They run on one line at a time, so a match never spans a line break and no backtracking reaches past the
 * line it started in; shapes that backtrack exponentially are refused up front (`assertSafeRegex`), and a line
 * on which a polynomial shape could run for long is skipped and counted (`regexCost`). `\w`, `\b` and script
 * names read as ripgrep reads them (`toUnicodeRegex`).
 */
export class TextMatcher {
  private readonly needle: string;
  private readonly regex: RegExp | null;
  /** A model's regular expression: matched line by line, and a scan yields between notes (see scanTexts). */
  readonly isPattern: boolean;
  private readonly cost: RegexCostModel | null;
  private readonly caseSensitive: boolean;
  /** Lines left unmatched so far because the pattern could take too long on them (see WORK_PER_LINE). */
  linesNotSearched = 0;

  constructor(options: TextMatcherOptions) {
    const { query, mode, caseSensitive } = options;
    const wholeWord = options.wholeWord === true;
    if (query === '') throw new AgentError('INVALID_INPUT', 'TextMatcher: the query must not be empty');
    // A query without cased letters ("2026-01", "- [ ]", "🚀") matches the same in any case: plain indexOf.
    const caseless = query.toLowerCase() === query.toUpperCase();
    this.needle = query;
    this.caseSensitive = caseSensitive;
    this.isPattern = mode === 'regex' || wholeWord;
    const source = mode === 'regex' ? query : escapeRegex(query);
    this.cost = mode === 'regex' ? regexCostModel(query) : null;
    if (this.isPattern) this.regex = compileRegex(source, caseSensitive, wholeWord);
    // Case-insensitive text: V8's case-insensitive regex scan of a literal is as fast as indexOf over a
    // lowercase copy (measured: ~7 ms over 17 MB), without keeping a second copy of every note in memory.
    else this.regex = caseSensitive || caseless ? null : new RegExp(escapeRegex(query), 'giu');
  }

  /** The first `max` matches in `text`. */
  find(text: string, max: number): MatchSpan[] {
    if (max <= 0) return [];
    if (this.isPattern && this.regex) return this.findByLine(this.regex, text, max);
    if (this.regex) return findRegex(this.regex, text, 0, max, []);
    return findPlain(text, this.needle, max);
  }

  /** Each line on its own, as `findRegex` over the line's text, with offsets into the whole text. */
  private findByLine(regex: RegExp, text: string, max: number): MatchSpan[] {
    const spans: MatchSpan[] = [];
    const cost = this.cost && this.cost.chain > 0 ? this.cost : null;
    let spent = 0;
    for (let from = 0; from <= text.length && spans.length < max; ) {
      const newline = text.indexOf('\n', from);
      const to = newline === -1 ? text.length : newline;
      const line = from === 0 && to === text.length ? text : text.slice(from, to);
      const work = cost ? this.workOf(cost, line) : 0;
      if (work > WORK_PER_LINE || spent + work > WORK_PER_NOTE) {
        this.linesNotSearched++;
      } else {
        spent += work;
        findRegex(regex, line, from, max, spans, text);
      }
      if (newline === -1) break;
      from = newline + 1;
    }
    return spans;
  }

  /** The worst case of `line`: its naive bound when that is small, else the estimate from what it holds. */
  private workOf(cost: RegexCostModel, line: string): number {
    const naive = line.length ** (cost.chain + 1);
    return naive <= CHEAP_LINE ? naive : worstCaseWork(cost, line, this.caseSensitive);
  }
}

function findPlain(haystack: string, needle: string, max: number): MatchSpan[] {
  const spans: MatchSpan[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && spans.length < max; at = haystack.indexOf(needle, at + needle.length)) {
    spans.push({ start: at, end: at + needle.length });
  }
  return spans;
}

/** Adds to `spans` the matches in `text`, which starts at `offset` in `whole`, until there are `max`. */
function findRegex(regex: RegExp, text: string, offset: number, max: number, spans: MatchSpan[], whole = text): MatchSpan[] {
  // lastIndex is the only state, and this loop never yields, so one compiled pattern serves every text.
  regex.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (spans.length < max && (match = regex.exec(text)) !== null) {
    const start = match.index + offset;
    const end = start + match[0].length;
    if (end === start) {
      // JavaScript counts "\r" as a line end of its own, so "^" and "$" also match inside a CRLF; that spot
      // is no new line to anyone reading the note.
      if (!(whole.charCodeAt(start - 1) === 13 && whole.charCodeAt(start) === 10)) spans.push({ start, end });
      // A zero-length match leaves lastIndex where it was: step past it (a whole code point under "u"), or loop forever.
      regex.lastIndex = match.index + (regex.unicode && isSurrogatePairAt(text, match.index) ? 2 : 1);
    } else {
      spans.push({ start, end });
    }
    if (regex.lastIndex > text.length) break;
  }
  return spans;
}

function isSurrogatePairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

function compileRegex(source: string, caseSensitive: boolean, wholeWord: boolean): RegExp {
  const flags = `gm${caseSensitive ? '' : 'i'}`;
  const unicode = toUnicodeRegex(source);
  let regex: RegExp;
  try {
    regex = new RegExp(wholeWord ? wholeWordRegex(unicode) : unicode, `${flags}u`);
  } catch (strictError) {
    // A property escape means nothing without "u" ("\p" is the letter p there): never fall back to a silent zero.
    if (/\\[pPu]\{/.test(source)) throw invalidRegex(source, strictError);
    // Not valid under "u" (e.g. "a{" or "\c"), which models write: try the lenient syntax, where "\w" is ASCII.
    try {
      regex = new RegExp(wholeWord ? `\\b(?:${source})\\b` : source, flags);
    } catch (error) {
      throw invalidRegex(source, error);
    }
  }
  assertSafeRegex(source);
  return regex;
}

function invalidRegex(source: string, error: unknown): AgentError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AgentError('INVALID_REGEX', `\`query\` is not a valid regular expression: ${reason}`, { query: source });
}

export { escapeRegex };

/**
 * 1-based line numbers of ascending `offsets` in `text`, counting "\n" (so CRLF and LF count alike) only up to
 * the last offset, and each stretch only once.
 */
export function lineNumbersAt(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let from = 0;
  for (const offset of offsets) {
    for (let nl = text.indexOf('\n', from); nl !== -1 && nl < offset; nl = text.indexOf('\n', from)) {
      line++;
      from = nl + 1;
    }
    lines.push(line);
  }
  return lines;
}
