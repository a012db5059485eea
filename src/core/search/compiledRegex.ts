/**
 * What a regex engine offers a search: compile a pattern, then find or test it. The loader (`regexEngine.ts`) and the
 * engine it loads (`re2Engine.ts`) both speak this, so neither imports the other for it.
 */
export interface RegexEngine {
  /**
   * Compiles `source` (RE2 syntax), with "^" and "$" at every line. Throws RegexSyntaxError when the engine
   * refuses it.
   */
  compile(source: string, options: { ignoreCase: boolean }): CompiledRegex;
}

export interface CompiledRegex {
  /**
   * The leftmost match starting at or after `from` in `text`, or null. Context before `from` counts for "^", "\b"
   * and lookbehinds. A pattern with capturing groups uses them as markers: the match ends where the first group
   * that took part starts (what follows it was only looked at).
   */
  next(text: string, from: number): { start: number; end: number } | null;
  /** Whether the pattern matches anywhere in `text`: a DFA that stops at the first match, without finding where. */
  test(text: string): boolean;
}

/** The engine's refusal of a pattern, with its words ("invalid escape sequence: `\\e`"). */
export class RegexSyntaxError extends Error {}
