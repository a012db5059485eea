import { RE2JS, RE2JSException, type Matcher } from 're2js';
import { LeftmostDfa } from './leftmostDfa';
import { programOf, UnsupportedProgram } from './re2Program';
import { RegexSyntaxError, type CompiledRegex, type RegexEngine } from './compiledRegex';

/** re2js (MIT), a port of RE2: see regexEngine.ts. Loaded only through regexEngineLoader. */
export const re2Engine: RegexEngine = {
  compile(source, options) {
    return new Re2Regex(re2Pattern(source, options));
  },
};

/** re2js's compiled `source` (RE2 syntax), with "^" and "$" at every line; RegexSyntaxError when it is refused. */
export function re2Pattern(source: string, { ignoreCase }: { ignoreCase: boolean }): RE2JS {
  // Lookbehinds cost re2js its fastest paths, so the flag is set only for patterns that have one.
  const flags =
    RE2JS.MULTILINE | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (source.includes('(?<') ? RE2JS.LOOKBEHINDS : 0);
  try {
    return RE2JS.compile(source, flags);
  } catch (error) {
    if (error instanceof RE2JSException)
      throw new RegexSyntaxError(error.message.replace(/^error parsing regexp: /, ''));
    throw error;
  }
}

/**
 * A compiled pattern. Matches are found by LeftmostDfa, which runs re2js's program as a DFA and finds what re2js's
 * matcher finds: re2js positions a match with its NFA, whose steps grow with the pattern's size at every
 * character (`(?:a{1,9}){1,9}x` took ~10 s per MB). re2js's own matcher stays as the fallback, for a program whose
 * layout is not re2js 2.10's (see re2Program.ts) or that the DFA does not run, or runs slower than the NFA would
 * (UnsupportedProgram).
 */
class Re2Regex implements CompiledRegex {
  private readonly markers: number;
  /** Built when a match is first looked for: a note the required literals rule out never needs it. */
  private dfa: LeftmostDfa | null | undefined;
  private matcher: Matcher | null = null;
  private input: string | null = null;

  constructor(private readonly pattern: RE2JS) {
    this.markers = pattern.groupCount();
  }

  test(text: string): boolean {
    // re2js answers with its own DFA, except for a pattern with lookbehinds, which it runs on its NFA.
    if ((this.pattern.flags() & RE2JS.LOOKBEHINDS) !== 0 && this.leftmostDfa()) return this.next(text, 0) !== null;
    return this.pattern.test(text);
  }

  next(text: string, from: number): { start: number; end: number } | null {
    if (from > text.length) return null;
    const dfa = this.leftmostDfa();
    if (dfa) {
      try {
        const match = dfa.find(text, from);
        if (!match) return null;
        return { start: match.start, end: match.marker >= 0 ? match.marker : match.end };
      } catch (error) {
        if (!(error instanceof UnsupportedProgram)) throw error;
        this.dfa = null;
      }
    }
    return this.slowNext(text, from);
  }

  private leftmostDfa(): LeftmostDfa | null {
    if (this.dfa === undefined) {
      const program = programOf(this.pattern);
      this.dfa = program ? new LeftmostDfa(program) : null;
    }
    return this.dfa;
  }

  /** re2js's matcher: its NFA (or one-pass or backtracking engine) finds the match. */
  private slowNext(text: string, from: number): { start: number; end: number } | null {
    // One matcher per text: re2js carries lookbehind state from one find to the next, so a scan stays linear.
    if (this.input !== text || !this.matcher) {
      this.matcher = this.pattern.matcher(text);
      this.input = text;
    }
    const matcher = this.matcher;
    if (!matcher.find(from)) return null;
    const start = matcher.start();
    let end = matcher.end();
    for (let group = 1; group <= this.markers; group++) {
      const at = matcher.start(group);
      if (at >= 0) {
        end = at;
        break;
      }
    }
    return { start, end };
  }
}
