import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytePrefilterFor, utf8ByteString } from '../../../src/core/search/BytePrefilter';
import { TextMatcher, type TextMatcherOptions } from '../../../src/core/search/TextMatcher';

const plain = (query: string, caseSensitive = false): TextMatcherOptions => ({ query, mode: 'plain', caseSensitive });
const mayMatch = (options: TextMatcherOptions, text: string): boolean | undefined =>
  bytePrefilterFor(options)?.mayMatch(utf8ByteString(text));

describe('bytePrefilterFor', () => {
  it('should reject a note without the query and pass one with it, in any case', () => {
    expect(mayMatch(plain('Meeting'), 'the weekly MEETING — café')).toBe(true);
    expect(mayMatch(plain('Meeting'), 'the weekly call — café')).toBe(false);
    expect(mayMatch(plain('Meeting', true), 'the weekly MEETING')).toBe(false);
  });

  it('should match queries outside ASCII by their exact UTF-8 bytes when case does not matter for them', () => {
    expect(mayMatch(plain('café', true), 'un café noir')).toBe(true);
    expect(mayMatch(plain('café', true), 'un cafe noir')).toBe(false);
    expect(mayMatch(plain('🚀 — 2026'), 'launch 🚀 — 2026')).toBe(true);
  });

  it('should pass notes whose long s or Kelvin sign the case-insensitive search folds to "s" or "k"', () => {
    expect(mayMatch(plain('best'), 'be\u017ft')).toBe(true);
    expect(mayMatch(plain('kilo'), '\u212Ailo')).toBe(true);
    expect(new TextMatcher(plain('best')).find('be\u017ft', 5)).toHaveLength(1);
  });

  it('should have no prefilter for regular expressions or case-insensitive queries with letters outside ASCII', () => {
    expect(bytePrefilterFor({ query: 'a.c', mode: 'regex', caseSensitive: false })).toBeNull();
    expect(bytePrefilterFor(plain('Café'))).toBeNull();
  });

  it('should never reject a note the search would find the query in', () => {
    const alphabet = fc.constantFrom(
      'a',
      'S',
      's',
      'k',
      'K',
      'é',
      'É',
      '\u017f',
      '\u212a',
      'ß',
      ' ',
      '-',
      '.',
      '🚀',
      '\n',
    );
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
    const note = fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(word, note, fc.boolean(), (query, text, caseSensitive) => {
        const options = plain(query, caseSensitive);
        const found = new TextMatcher(options).find(text, 1).length > 0;
        const prefilter = bytePrefilterFor(options);
        if (found && prefilter) expect(prefilter.mayMatch(utf8ByteString(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
