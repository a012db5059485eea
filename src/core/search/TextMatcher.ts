import { AgentError } from '../errors';
import { escapeRegex } from './escapeRegex';
import { WORD } from './regexClasses';
import { RegexSyntaxError, regexEngineLoader, type CompiledRegex, type RegexEngine } from './regexEngine';
import { requiredLiteralsOf } from './regexLiterals';
import { emitPlain, invalidRegex, parseRegex, type Node } from './regexSyntax';
import { lowerBoundaries } from './wordBoundaries';

export type MatchMode = 'plain' | 'regex';

export interface TextMatcherOptions {
  query: string;
  mode: MatchMode;
  caseSensitive: boolean;
  /** Only matches with no letter, digit or "_" of any script right before or after them. */
  wholeWord?: boolean;
}

/** A match as UTF-16 offsets into the searched text, `end` exclusive; `start === end` for a zero-length match. */
export interface MatchSpan {
  start: number;
  end: number;
}

const WORD_CLASS = `[${WORD}]`;

/**
 * Finds a query in text: a plain string (with indexOf, the fastest scan V8 has) or a regular expression. No I/O,
 * so it can be tested and benchmarked alone. Matches never overlap and come in order.
 *
 * A regular expression runs on RE2's engine (see regexEngine.ts), in time linear in the text whatever the pattern,
 * read as ripgrep reads it (see regexSyntax.ts): `^` and `$` match at every line, a match never spans a line
 * break, and `\w`, `\b` and script names know every alphabet. Build one with `TextMatcher.create`, which loads
 * the engine the first time a regex needs it.
 */
export class TextMatcher {
  private readonly needle: string;
  private readonly regex: RegExp | null;
  private readonly pattern: CompiledRegex | null;
  /** Text every match of the regex contains (see regexLiterals): a note without one is not matched at all. */
  private readonly literals: RegExp[] = [];
  /** A model's regular expression or a whole-word search: a scan yields between notes (see scanTexts). */
  readonly isPattern: boolean;

  /** The matcher for `options`, loading the regex engine first when the query is a regular expression. */
  static async create(
    options: TextMatcherOptions,
    loader: { load(): Promise<RegexEngine> } = regexEngineLoader,
  ): Promise<TextMatcher> {
    if (options.query === '' || options.mode !== 'regex') return new TextMatcher(options);
    return new TextMatcher(options, await loader.load());
  }

  /** `engine` is needed for mode "regex" only. */
  constructor(options: TextMatcherOptions, engine?: RegexEngine) {
    const { query, mode, caseSensitive } = options;
    const wholeWord = options.wholeWord === true;
    if (query === '') throw new AgentError('INVALID_INPUT', 'TextMatcher: the query must not be empty');
    this.needle = query;
    this.isPattern = mode === 'regex' || wholeWord;
    if (mode === 'regex') {
      if (!engine)
        throw new AgentError('INTERNAL', 'TextMatcher: a regex search needs the regex engine (use TextMatcher.create)');
      this.pattern = compile(engine, query, caseSensitive, wholeWord);
      this.regex = null;
      this.literals = requiredLiteralsOf(query).map(
        (literal) => new RegExp(escapeRegex(literal), caseSensitive ? 'u' : 'iu'),
      );
      return;
    }
    this.pattern = null;
    const literal = escapeRegex(query);
    // A whole word: the literal with no word character on either side, which JavaScript's engine tests without
    // backtracking (a literal has one way to match).
    if (wholeWord)
      this.regex = new RegExp(`(?<!${WORD_CLASS})${literal}(?!${WORD_CLASS})`, caseSensitive ? 'gu' : 'giu');
    // A query without cased letters ("2026-01", "- [ ]", "🚀") matches the same in any case: plain indexOf.
    // Case-insensitive text: V8's case-insensitive regex scan of a literal is as fast as indexOf over a
    // lowercase copy (measured: ~7 ms over 17 MB), without keeping a second copy of every note in memory.
    else this.regex = caseSensitive || query.toLowerCase() === query.toUpperCase() ? null : new RegExp(literal, 'giu');
  }

  /** The first `max` matches in `text`. */
  find(text: string, max: number): MatchSpan[] {
    if (max <= 0) return [];
    if (this.pattern)
      return this.literals.every((literal) => literal.test(text)) ? findPattern(this.pattern, text, max) : [];
    if (this.regex) return findRegex(this.regex, text, max);
    return findPlain(text, this.needle, max);
  }
}

function compile(engine: RegexEngine, query: string, caseSensitive: boolean, wholeWord: boolean): CompiledRegex {
  const takesNewline = (atom: string): boolean => {
    try {
      return engine.compile(atom, { ignoreCase: false }).next('\n', 0) !== null;
    } catch (error) {
      // The whole pattern is compiled below, and that error names the part.
      if (error instanceof RegexSyntaxError) return false;
      throw error;
    }
  };
  const alternatives = parseRegex(query, takesNewline);
  const tree: Node[][] = wholeWord
    ? [
        [
          { kind: 'assert', source: `(?<!${WORD_CLASS})` },
          { kind: 'group', prefix: '(?:', alternatives },
          { kind: 'boundary', type: 'notWordNext', at: query.length + 1 },
        ],
      ]
    : alternatives;
  const source = lowerBoundaries(tree, query)
    .map((alternative) => alternative.map(emitPlain).join(''))
    .join('|');
  try {
    return engine.compile(source, { ignoreCase: !caseSensitive });
  } catch (error) {
    if (!(error instanceof RegexSyntaxError)) throw error;
    // The engine quotes the part it refuses; where that part is as the query wrote it, say where.
    const quoted = /`([^`]+)`$/.exec(error.message)?.[1];
    const at = quoted ? query.indexOf(quoted) : -1;
    throw invalidRegex(query, `${error.message}${at >= 0 ? ` (at character ${at + 1})` : ''}`);
  }
}

/**
 * The matches of `pattern` in `text`, line by line as a note is read. A "\r" is read as a line end, as
 * JavaScript's `m` flag does (the pattern takes no line break, so none is taken into a match), but the empty line
 * it would make between the CR and the LF of a CRLF is no line to anyone reading the note.
 */
function findPattern(pattern: CompiledRegex, text: string, max: number): MatchSpan[] {
  const input = text.includes('\r') ? text.replace(/\r/g, '\n') : text;
  const spans: MatchSpan[] = [];
  if (!pattern.test(input)) return spans;
  for (let from = 0, match = pattern.next(input, 0); match && spans.length < max; match = pattern.next(input, from)) {
    const { start, end } = match;
    if (end > start) {
      spans.push({ start, end });
      from = end;
      continue;
    }
    if (!(text.charCodeAt(start - 1) === 13 && text.charCodeAt(start) === 10)) spans.push({ start, end: start });
    // An empty match: the next search starts one character on (a whole code point), or it would find it again.
    from = start + (isSurrogatePairAt(text, start) ? 2 : 1);
    if (from > text.length) break;
  }
  return spans;
}

function findPlain(haystack: string, needle: string, max: number): MatchSpan[] {
  const spans: MatchSpan[] = [];
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && spans.length < max;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    spans.push({ start: at, end: at + needle.length });
  }
  return spans;
}

/** The matches of a literal's regex (never empty) in `text`, until there are `max`. */
function findRegex(regex: RegExp, text: string, max: number): MatchSpan[] {
  // lastIndex is the only state, and this loop never yields, so one compiled pattern serves every text.
  regex.lastIndex = 0;
  const spans: MatchSpan[] = [];
  let match: RegExpExecArray | null;
  while (spans.length < max && (match = regex.exec(text)) !== null)
    spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

function isSurrogatePairAt(text: string, index: number): boolean {
  const high = text.charCodeAt(index);
  const low = text.charCodeAt(index + 1);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
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
