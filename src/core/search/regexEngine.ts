/**
 * The engine a model's regular expression runs on: RE2's (re2js), which matches in time linear in the text
 * whatever the pattern, so no search can hold Obsidian's one thread for minutes. It speaks RE2's syntax;
 * `regexSyntax` translates what models write (JavaScript's and ripgrep's syntax) into it.
 *
 * The engine is about 150 KB of code, so it is loaded when a regex search first runs, not when the plugin or the
 * terminal runner starts: `regexEngineLoader.load` is the one place that imports it (one object, so a test can see
 * what was loaded, as with src/plugin/lazyModules.ts).
 */
import type { RegexEngine } from './compiledRegex';

export { RegexSyntaxError, type CompiledRegex, type RegexEngine } from './compiledRegex';

let loading: Promise<RegexEngine> | null = null;

export const regexEngineLoader = {
  load(): Promise<RegexEngine> {
    loading ??= import('./re2Engine').then((module) => module.re2Engine);
    return loading;
  },
};
