import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { LeftmostDfa } from '../../../src/core/search/leftmostDfa';
import { re2Engine, re2Pattern } from '../../../src/core/search/re2Engine';
import { CacheGuard, programOf, UnsupportedProgram } from '../../../src/core/search/re2Program';
import type { RegexEngine } from '../../../src/core/search/regexEngine';
import { TextMatcher } from '../../../src/core/search/TextMatcher';
import { NOTE_CHARS, regexPattern } from '../../builders/regexCases';

/** A match as [start, end, where it passed a marker or -1]. */
type Found = [number, number, number];

/** The RE2 source TextMatcher compiles for a query (\b lowered to lookbehinds, wholeWord's marker, …), or null. */
async function sourceOf(
  query: string,
  caseSensitive: boolean,
  wholeWord: boolean,
): Promise<{ source: string; ignoreCase: boolean } | null> {
  let compiled: { source: string; ignoreCase: boolean } | null = null;
  const recording: RegexEngine = {
    compile(source, options) {
      compiled = { source, ignoreCase: options.ignoreCase };
      return re2Engine.compile(source, options);
    },
  };
  try {
    await TextMatcher.create({ query, mode: 'regex', caseSensitive, wholeWord }, { load: async () => recording });
  } catch (error) {
    if (isAgentError(error, 'INVALID_REGEX')) return null;
    throw error;
  }
  return compiled;
}

/** Every match, each search starting where the match before was reported to end, as TextMatcher searches. */
function all(find: (from: number) => Found | null, text: string): Found[] {
  const found: Found[] = [];
  for (let from = 0; from <= text.length;) {
    const match = find(from);
    if (!match) break;
    found.push(match);
    const [start, end, marker] = match;
    const reported = marker >= 0 ? marker : end;
    from = reported > start ? reported : start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
  }
  return found;
}

/** What re2js's own matcher (its NFA) finds. */
function byMatcher(pattern: RE2JS, text: string): Found[] {
  const matcher = pattern.matcher(text);
  return all((from) => {
    if (!matcher.find(from)) return null;
    let marker = -1;
    for (let group = 1; group <= pattern.groupCount(); group++) {
      if (matcher.start(group) >= 0) {
        marker = matcher.start(group);
        break;
      }
    }
    return [matcher.start(), matcher.end(), marker];
  }, text);
}

/** A guard that lets the cache be dropped as often as it fills. */
class Patient extends CacheGuard {
  override dropped(): void {}
}

function byDfa(pattern: RE2JS, text: string, cacheBudget?: number): Found[] {
  const program = programOf(pattern);
  if (!program) throw new Error(`re2js's program for ${pattern.pattern()} is not laid out as re2Program.ts reads it`);
  const dfa = new LeftmostDfa(program, cacheBudget, cacheBudget === undefined ? undefined : new Patient());
  return all((from) => {
    const match = dfa.find(text, from);
    return match && [match.start, match.end, match.marker];
  }, text);
}

/** Letters that fold in more than one way, an astral letter and an emoji, CR, as well as the notes' characters. */
const CHARS = [...NOTE_CHARS, 'A', 'É', 'K', '\u212a', 'ſ', 's', '𝒜', '🚀', '\r'];
const text = fc
  .array(
    fc.array(fc.constantFrom(...CHARS), { maxLength: 16 }).map((chars) => chars.join('')),
    { minLength: 1, maxLength: 4 },
  )
  .chain((lines) => fc.constantFrom('\n', '\r\n').map((end) => lines.join(end)));
const query = fc
  .tuple(
    fc.constantFrom('', '', '^', '(?<=a)', '(?<!\\w)', '(?<=[^\\s])', '𝒜'),
    regexPattern(true),
    fc.constantFrom('', '', '$', '\\b', '🚀?', '(?<!a)'),
  )
  .map((parts) => parts.join(''));

describe('LeftmostDfa', () => {
  afterEach(() => vi.restoreAllMocks());

  it("should find, for the patterns TextMatcher compiles, the matches re2js's matcher finds", async () => {
    await fc.assert(
      fc.asyncProperty(query, text, fc.boolean(), fc.boolean(), async (query, text, caseSensitive, wholeWord) => {
        const compiled = await sourceOf(query, caseSensitive, wholeWord);
        if (!compiled) return;
        const pattern = re2Pattern(compiled.source, compiled);
        expect(byDfa(pattern, text)).toEqual(byMatcher(pattern, text));
      }),
      { numRuns: 400 },
    );
  });

  it('should find the same matches when its cache is dropped every few states', async () => {
    await fc.assert(
      fc.asyncProperty(query, text, fc.boolean(), async (query, text, caseSensitive) => {
        const compiled = await sourceOf(query, caseSensitive, false);
        if (!compiled) return;
        const pattern = re2Pattern(compiled.source, compiled);
        expect(byDfa(pattern, text, 20)).toEqual(byMatcher(pattern, text));
      }),
      { numRuns: 150 },
    );
  });

  it('should find the start of a match far behind its end, and resume after it, on long lines', () => {
    const line = `${'a'.repeat(1000)}x`;
    const pattern = re2Pattern('(?:a{1,9}){1,9}x', { ignoreCase: true });
    const text = `${line}\n${line}\r\n🚀${line}`;
    expect(byDfa(pattern, text)).toEqual(byMatcher(pattern, text));
    expect(byDfa(pattern, text).map(([start, end]) => end - start)).toEqual([82, 82, 82]);
  });

  it("should find matches without re2js's matcher, whose NFA costs seconds a MB on large patterns", async () => {
    const matcher = vi.spyOn(RE2JS.prototype, 'matcher');
    const notes = 'A notação musical e uma nota simples.\n'.repeat(3);
    const cases = [
      { query: '(?:a{1,9}){1,9}x', text: `${'a'.repeat(1000)}x\n`.repeat(2), found: 2 },
      { query: '\\bnota\\b', text: notes, found: 3 },
      { query: 'nota\\w*', text: notes, found: 6, wholeWord: true },
      { query: '\\w+', text: notes, found: 21 },
    ];
    for (const { query, text, found, wholeWord } of cases) {
      const spans = (await TextMatcher.create({ query, mode: 'regex', caseSensitive: false, wholeWord })).find(
        text,
        100,
      );
      expect(spans).toHaveLength(found);
    }
    expect(matcher).not.toHaveBeenCalled();
  });

  it('should give up when its states outgrow the cache at nearly every character, as RE2 does', () => {
    // Each "a" of a line puts the threads of `.{0,300}` one count further: a new state every character.
    const pattern = re2Pattern('.{0,300}a.{0,300}a.{0,300}x', { ignoreCase: false });
    const program = programOf(pattern);
    if (!program) throw new Error('no program');
    const text = `${'a'.repeat(600)}x\n`;
    // A budget of some 20 of its states (the default holds ~1,000 of them), so that the cache fills twice here.
    expect(() => new LeftmostDfa(program, 20_000).find(text, 0)).toThrow(UnsupportedProgram);
    expect(new LeftmostDfa(program, 20_000, new Patient()).find(text, 0)).toEqual({ start: 0, end: 601, marker: -1 });
  });

  // re2Engine catches UnsupportedProgram, whatever its cause, and goes on with re2js's matcher.
  it("should fall back to re2js's matcher for a match that passes two capturing groups", () => {
    const matcher = vi.spyOn(RE2JS.prototype, 'matcher');
    // Only the lowering of a word boundary writes a group (one, near the end); two are beyond one register.
    expect(re2Engine.compile('(b)?a()', { ignoreCase: false }).next('xba', 0)).toEqual({ start: 1, end: 1 });
    expect(matcher).toHaveBeenCalled();
  });
});
