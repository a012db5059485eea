import { RE2JS, RE2JSException, type Matcher } from 're2js';
import { RegexSyntaxError, type CompiledRegex, type RegexEngine } from './compiledRegex';

/** re2js (MIT), a port of RE2: see regexEngine.ts. Loaded only through regexEngineLoader. */
export const re2Engine: RegexEngine = {
  compile(source, { ignoreCase }) {
    // Lookbehinds cost the engine its fastest paths, so the flag is set only for patterns that have one.
    const flags =
      RE2JS.MULTILINE | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (source.includes('(?<') ? RE2JS.LOOKBEHINDS : 0);
    let pattern: RE2JS;
    try {
      pattern = RE2JS.compile(source, flags);
    } catch (error) {
      if (error instanceof RE2JSException)
        throw new RegexSyntaxError(error.message.replace(/^error parsing regexp: /, ''));
      throw error;
    }
    return new Re2Regex(pattern);
  },
};

class Re2Regex implements CompiledRegex {
  private readonly markers: number;
  private matcher: Matcher | null = null;
  private input: string | null = null;

  constructor(private readonly pattern: RE2JS) {
    this.markers = pattern.groupCount();
  }

  test(text: string): boolean {
    return this.pattern.test(text);
  }

  next(text: string, from: number): { start: number; end: number } | null {
    // One matcher per text: re2js carries lookbehind state from one find to the next, so a scan stays linear.
    if (this.input !== text || !this.matcher) {
      this.matcher = this.pattern.matcher(text);
      this.input = text;
    }
    const matcher = this.matcher;
    if (from > text.length || !matcher.find(from)) return null;
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
