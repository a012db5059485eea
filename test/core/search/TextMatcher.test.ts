import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { regexEngineLoader } from '../../../src/core/search/regexEngine';
import { escapeRegex, lineNumbersAt, TextMatcher, type MatchSpan } from '../../../src/core/search/TextMatcher';

const plain = (query: string, caseSensitive = false): TextMatcher =>
  new TextMatcher({ query, mode: 'plain', caseSensitive });
const regex = (query: string, caseSensitive = false): Promise<TextMatcher> =>
  TextMatcher.create({ query, mode: 'regex', caseSensitive });
const texts = (text: string, spans: MatchSpan[]): string[] => spans.map((span) => text.slice(span.start, span.end));

describe('TextMatcher', () => {
  describe('plain', () => {
    it('should find every occurrence in order, without overlaps', () => {
      expect(plain('aa').find('aaaaa', 10)).toEqual([
        { start: 0, end: 2 },
        { start: 2, end: 4 },
      ]);
    });

    it('should ignore case by default and report offsets in the original text', () => {
      const text = 'Todo: TODO and todo';
      expect(texts(text, plain('todo').find(text, 10))).toEqual(['Todo', 'TODO', 'todo']);
    });

    it('should respect case when asked to', () => {
      expect(plain('TODO', true).find('todo TODO', 10)).toEqual([{ start: 5, end: 9 }]);
    });

    it('should treat regex characters literally', () => {
      const text = 'a.b (x) - [ ] task';
      expect(texts(text, plain('- [ ]').find(text, 10))).toEqual(['- [ ]']);
      expect(plain('.').find('abc', 10)).toEqual([]);
    });

    it('should stop after max matches', () => {
      expect(plain('x').find('xxxxxxxx', 3)).toHaveLength(3);
      expect(plain('x').find('xxx', 0)).toEqual([]);
    });

    it('should keep offsets right when lowercasing changes the length of the text', () => {
      // "İ" lowercases to two code units; the matcher must not drift past it.
      const text = 'İstanbul and ISTANBUL';
      expect(texts(text, plain('istanbul').find(text, 10))).toEqual(['ISTANBUL']);
      expect(texts(text, plain('and').find(text, 10))).toEqual(['and']);
    });

    it('should find emoji and accented words', () => {
      const text = 'Café ☕ and 🚀 launch';
      expect(texts(text, plain('CAFÉ').find(text, 10))).toEqual(['Café']);
      expect(plain('🚀').find(text, 10)).toEqual([{ start: 11, end: 13 }]);
    });

    it('should find the same matches as a case-insensitive regex over ASCII text', () => {
      fc.assert(
        fc.property(fc.string({ maxLength: 60 }), fc.string({ minLength: 1, maxLength: 3 }), (text, query) => {
          const expected = [...text.matchAll(new RegExp(escapeRegex(query), 'gi'))].map((m) => ({
            start: m.index,
            end: m.index + m[0].length,
          }));
          expect(plain(query).find(text, 1000)).toEqual(expected);
        }),
      );
    });

    it('should refuse an empty query', () => {
      expect(() => plain('')).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: 'TextMatcher: the query must not be empty' }),
      );
    });
  });

  describe('regex', () => {
    it('should match a JavaScript regular expression, ignoring case by default', async () => {
      const text = 'Meeting  Agenda\nmeeting agenda';
      expect(texts(text, (await regex('meeting\\s+agenda')).find(text, 10))).toEqual([
        'Meeting  Agenda',
        'meeting agenda',
      ]);
      expect(texts(text, (await regex('meeting\\s+agenda', true)).find(text, 10))).toEqual(['meeting agenda']);
    });

    it('should anchor ^ and $ at every line, also with CRLF line endings', async () => {
      const text = '- [ ] one\r\ntext\r\n- [ ] two';
      expect(texts(text, (await regex('^- \\[ \\] \\w+$')).find(text, 10))).toEqual(['- [ ] one', '- [ ] two']);
    });

    it('should support unicode property escapes', async () => {
      expect(texts('abc Grüße 42', (await regex('\\p{Lu}\\p{Ll}+', true)).find('abc Grüße 42', 10))).toEqual(['Grüße']);
    });

    it('should accept patterns only valid without the u flag, such as an escaped dash', async () => {
      expect(texts('a-b', (await regex('a\\-b')).find('a-b', 10))).toEqual(['a-b']);
    });

    it('should step past zero-length matches instead of looping forever', async () => {
      expect((await regex('x*')).find('ab', 10)).toEqual([
        { start: 0, end: 0 },
        { start: 1, end: 1 },
        { start: 2, end: 2 },
      ]);
      expect((await regex('^')).find('a\nb\n', 10)).toEqual([
        { start: 0, end: 0 },
        { start: 2, end: 2 },
        { start: 4, end: 4 },
      ]);
      expect((await regex('(?:)')).find('🚀', 10)).toEqual([
        { start: 0, end: 0 },
        { start: 2, end: 2 },
      ]);
    });

    it('should not match "^" or "$" between the CR and LF of a CRLF line ending', async () => {
      expect((await regex('^')).find('a\r\nb', 10)).toEqual([
        { start: 0, end: 0 },
        { start: 3, end: 3 },
      ]);
      expect((await regex('$')).find('a\r\nb', 10)).toEqual([
        { start: 1, end: 1 },
        { start: 4, end: 4 },
      ]);
    });

    it('should stop after max matches', async () => {
      expect((await regex('\\d')).find('1234567890', 4)).toHaveLength(4);
      expect((await regex('(?:)')).find('x'.repeat(100_000), 5)).toHaveLength(5);
    });

    it('should match within one line: a pattern never spans a line break', async () => {
      expect(texts('a\nb', (await regex('a\\nb')).find('a\nb', 10))).toEqual([]);
      expect(texts('one two\nthree', (await regex('[\\s\\S]+')).find('one two\nthree', 10))).toEqual([
        'one two',
        'three',
      ]);
      expect((await regex('$')).find('a\r\nb\n', 10)).toEqual([
        { start: 1, end: 1 },
        { start: 4, end: 4 },
        { start: 5, end: 5 },
      ]);
    });

    it("should match, on RE2's engine, patterns that backtrack for minutes on JavaScript's", async () => {
      expect(texts('aaab', (await regex('(a|a)*b')).find('aaab', 10))).toEqual(['aaab']);
      expect((await regex('(x+x+)+y')).find('x'.repeat(40), 10)).toEqual([]);
      expect((await regex('(?:a{1,9}){1,9}x')).find('a'.repeat(1000), 10)).toEqual([]);
      expect((await regex('.*a.*a.*x')).find(`${'a'.repeat(2000)}\naax`, 10)).toEqual([{ start: 2001, end: 2004 }]);
    });

    it('should load the regex engine through the loader it is given, and only for a regex', async () => {
      const load = vi.fn(() => regexEngineLoader.load());
      await TextMatcher.create({ query: 'x+', mode: 'regex', caseSensitive: false }, { load });
      expect(load).toHaveBeenCalledTimes(1);
      await TextMatcher.create({ query: 'x+', mode: 'plain', caseSensitive: false, wholeWord: true }, { load });
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('should refuse a lookahead, naming it, where it is and why', async () => {
      await expect(regex('todo(?= today)')).rejects.toThrow(
        expect.objectContaining({
          code: 'INVALID_REGEX',
          message:
            '`query` uses a lookahead "(?=" at character 5, which the search engine does not support: it matches in time linear in the text, so that no pattern can hold the app for minutes, and a lookahead needs backtracking. Search for the text without it and read what follows in the matches, or use "\\b" for a word boundary.',
        }),
      );
      await expect(regex('a(?!b)')).rejects.toThrow(/^`query` uses a lookahead "\(\?!" at character 2,/);
    });

    it('should refuse a backreference, naming it, where it is and why', async () => {
      await expect(regex('(\\w+) \\1')).rejects.toThrow(
        expect.objectContaining({
          code: 'INVALID_REGEX',
          message:
            '`query` uses the backreference "\\1" at character 7, which the search engine does not support: it matches in time linear in the text, so that no pattern can hold the app for minutes, and the backreference needs backtracking. Write the group\'s pattern again in its place, or search for it and compare the matches.',
        }),
      );
      await expect(regex('(?<w>a)\\k<w>')).rejects.toThrow(/^`query` uses the backreference "\\k<w>" at character 8,/);
    });

    it('should match a lookbehind, which runs in linear time', async () => {
      expect(texts('xa ya', (await regex('(?<=y)a')).find('xa ya', 10))).toEqual(['a']);
      expect((await regex('(?<!x)a')).find('xa ya', 10)).toEqual([{ start: 4, end: 5 }]);
    });

    it('should refuse a count over 1,000, saying what to write instead', async () => {
      await expect(regex('.{0,20000}a')).rejects.toThrow(
        expect.objectContaining({
          code: 'INVALID_REGEX',
          message:
            '`query` is not a valid regular expression: "{0,20000}" at character 2 repeats more than 1000 times, the most the search engine allows; write "*" or "+" for any number, or a smaller count',
        }),
      );
    });

    it('should give the same matches for the same text twice (no state kept between calls)', async () => {
      const matcher = await regex('b');
      expect(matcher.find('abab', 1)).toEqual([{ start: 1, end: 2 }]);
      expect(matcher.find('abab', 10)).toEqual([
        { start: 1, end: 2 },
        { start: 3, end: 4 },
      ]);
    });

    it('should refuse an invalid regular expression, saying what is wrong and where', async () => {
      await expect(regex('(unclosed')).rejects.toThrow(
        expect.objectContaining({
          code: 'INVALID_REGEX',
          message:
            '`query` is not a valid regular expression: the group opened at character 1 is never closed (add ")")',
        }),
      );
      await expect(regex('a)')).rejects.toThrow(
        expect.objectContaining({
          message: '`query` is not a valid regular expression: ")" at character 2 closes no group (escape it as "\\)")',
        }),
      );
      await expect(regex('x[a-')).rejects.toThrow(
        expect.objectContaining({
          message:
            '`query` is not a valid regular expression: the class "[" opened at character 2 is never closed (add "]", or escape it as "\\[")',
        }),
      );
      await expect(regex('*a')).rejects.toThrow(
        expect.objectContaining({
          message:
            '`query` is not a valid regular expression: "*" at character 1 has nothing before it to repeat (escape it as "\\*")',
        }),
      );
      await expect(regex('a\\e')).rejects.toThrow(
        expect.objectContaining({
          message: '`query` is not a valid regular expression: invalid escape sequence: `\\e` (at character 2)',
        }),
      );
    });
  });
});

describe('lineNumbersAt', () => {
  it('should give 1-based line numbers for ascending offsets', () => {
    const text = 'one\ntwo\nthree\n';
    expect(lineNumbersAt(text, [0, 3, 4, 8, 9, 14])).toEqual([1, 1, 2, 3, 3, 4]);
  });

  it('should count CRLF line endings once', () => {
    expect(lineNumbersAt('a\r\nb\r\nc', [0, 3, 6])).toEqual([1, 2, 3]);
  });

  it('should agree with splitting the text into lines', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'b') }), fc.array(fc.nat()), (text, raw) => {
        const offsets = raw.map((n) => n % (text.length + 1)).sort((a, b) => a - b);
        expect(lineNumbersAt(text, offsets)).toEqual(offsets.map((offset) => text.slice(0, offset).split('\n').length));
      }),
    );
  });
});
