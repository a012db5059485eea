import { describe, expect, it } from 'vitest';
import { requiredLiterals } from '../../../src/core/search/regexLiterals';

describe('requiredLiterals', () => {
  it.each([
    ['meeting\\s+agenda', 'u', ['meeting', 'agenda']],
    ['^## Tasks$', 'u', ['## Tasks']],
    ['colou?r', 'u', ['colo', 'r']],
    ['ab+c', 'u', ['ab', 'c']],
    ['x{2}yz', 'u', ['x', 'yz']],
    ['a{0,3}bcd', 'u', ['bcd']],
    ['TODO:.*later', 'u', ['TODO:', 'later']],
    ['\\[\\[Note\\]\\]', 'u', ['[[Note]]']],
    ['line\\r\\nnext', 'u', ['line\r\nnext']],
    ['(?:big )?cat', 'u', ['cat']],
    ['(?:big )+cat', 'u', ['big ', 'cat']],
    ['(?<year>2026)-\\d\\d', 'u', ['2026', '-']],
    ['(?=foo)bar', 'u', ['bar']],
    ['[abc]def', 'u', ['def']],
    ['\\p{L}+ing', 'u', ['ing']],
    ['😀?smile', 'u', ['smile']],
    ['😀+smile', 'u', ['😀', 'smile']],
    ['\\bword\\b', 'u', ['word']],
  ])('should require of /%s/%s the literals %j', (source, flags, literals) => {
    expect(requiredLiterals(source, flags)).toEqual(literals);
  });

  it.each([
    ['cat|dog', 'u'],
    ['\\u0041bc', 'u'],
    ['(?i:abc)', 'u'],
    ['\\p{L}', ''],
    ['a{b', ''],
    ['[[a]]', 'v'],
  ])('should require nothing of /%s/%s, which it does not read with certainty', (source, flags) => {
    expect(requiredLiterals(source, flags)).toEqual([]);
  });

  it('should require of an alternation only inside a group what is outside it', () => {
    expect(requiredLiterals('Project (Alpha|Beta) notes', 'u')).toEqual(['Project ', ' notes']);
  });

  it('should give literals that every match contains, for random patterns built from pieces', () => {
    const pieces = ['ab', 'c+', 'd?', '\\s*', '[xy]', '(?:ef)?', '(?:gh)+', '.', 'i{1,2}', '(j|k)', '\\.'];
    const lines = ['ab cc eff gh gh ii x.k', 'abcdefghij.', 'ab\tcccc ghgh i j .', 'ab c y ghij.'];
    for (let seed = 1; seed < 400; seed++) {
      let state = seed;
      const rand = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
      const source = Array.from(
        { length: 1 + Math.floor(rand() * 5) },
        () => pieces[Math.floor(rand() * pieces.length)],
      ).join('');
      const literals = requiredLiterals(source, 'u');
      for (const line of lines) {
        for (const match of line.matchAll(new RegExp(source, 'gu'))) {
          for (const literal of literals) expect(match[0], `/${source}/ on "${line}"`).toContain(literal);
        }
      }
    }
  });
});
