/**
 * The engine a model's regular expression runs on: RE2's (re2js), which matches in time linear in the text
 * whatever the pattern, so no search can hold Obsidian's one thread for minutes. It speaks RE2's syntax;
 * `regexSyntax` translates what models write (JavaScript's and ripgrep's syntax) into it.
 *
 * The engine is about 150 KB of code, so it is loaded when a regex search first runs, not when the plugin or the
 * terminal runner starts: `regexEngineLoader.load` is the one place that imports it (one object, so a test can see
 * what was loaded, as with src/plugin/lazyModules.ts).
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

let loading: Promise<RegexEngine> | null = null;

export const regexEngineLoader = {
  load(): Promise<RegexEngine> {
    loading ??= import('./re2Engine').then((module) => module.re2Engine);
    return loading;
  },
};
