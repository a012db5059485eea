import { describe, expect, it } from 'vitest';
import { regexCostDegree, regexCostModel, worstCaseWork } from '../../../src/core/search/regexCost';
import { TextMatcher } from '../../../src/core/search/TextMatcher';

const regex = (query: string): TextMatcher => new TextMatcher({ query, mode: 'regex', caseSensitive: false });

describe('regexCostDegree', () => {
  it('should see the polynomial shapes that backtrack over one long line', () => {
    expect(regexCostDegree('.*a.*x')).toBe(3);
    expect(regexCostDegree('.*a.*a.*x')).toBe(4);
    expect(regexCostDegree('a.*a.*a.*x')).toBe(4);
    expect(regexCostDegree('\\w+a\\w+x')).toBe(3);
    expect(regexCostDegree('^.*a.*x')).toBe(2);
  });

  it('should not count repetitions whose split a character between them pins', () => {
    expect(regexCostDegree('\\d+-\\d+-\\d+')).toBe(2);
    expect(regexCostDegree('\\w+\\s+\\w+')).toBe(2);
    expect(regexCostDegree('[^,]*,[^,]*,x')).toBe(2);
    expect(regexCostDegree('TODO')).toBe(1);
    expect(regexCostDegree('^#+ ')).toBe(1);
  });

  it('should count the splits a line really offers: a separator that occurs once costs n², not n³', () => {
    const model = regexCostModel('.*foo.*bar');
    expect(model.separators).toEqual(['foo']);
    const line = `${'x'.repeat(600)} foo ${'y'.repeat(600)}`;
    expect(worstCaseWork(model, line, false)).toBeLessThan(line.length ** 2 + 1);
    expect(worstCaseWork(regexCostModel('.*a.*x'), 'a'.repeat(600), false)).toBe(600 ** 3);
  });
});

describe('a polynomial pattern on a long line', () => {
  it('should skip and count the line instead of holding the thread for minutes', () => {
    // Before: `.*a.*a.*x` on 1,000 "a"s took 54 s in V8.
    const matcher = regex('.*a.*a.*x');
    const text = `aax\n${'a'.repeat(1000)}\nlast`;
    const started = Date.now();
    const spans = matcher.find(text, 10);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(spans).toEqual([{ start: 0, end: 3 }]);
    expect(matcher.linesNotSearched).toBe(1);
  });

  it('should still search a long line where the separators are rare, and report nothing skipped', () => {
    const matcher = regex('.*foo.*bar');
    const line = `${'x'.repeat(3000)} foo ${'y'.repeat(3000)} bar`;
    expect(matcher.find(line, 10)).toHaveLength(1);
    expect(matcher.linesNotSearched).toBe(0);
  });

  it('should search lines up to about 10,000 characters with one open repetition, and count longer ones', () => {
    // Even `\\d+-x` is quadratic when it fails: every start scans the digits again (30,000 digits: 0.7 s).
    const matcher = regex('\\d+-\\d+');
    expect(matcher.find(`${'1'.repeat(9_000)}-2`, 10)).toHaveLength(1);
    expect(matcher.find(`${'1'.repeat(200_000)}-2`, 10)).toHaveLength(0);
    expect(matcher.linesNotSearched).toBe(1);
  });
});

describe('repetitions that cannot reach far', () => {
  it('should search a long line where each repetition stops at the next space', () => {
    const matcher = regex('w\\w*s');
    const line = 'word words '.repeat(20_000);
    expect(matcher.find(line, 5)).toHaveLength(5);
    expect(matcher.find(line, 100_000)).toHaveLength(20_000);
    expect(matcher.linesNotSearched).toBe(0);
  });
});

describe('a hostile note of many lines, each under the limit of a line', () => {
  it('should stop matching the note once its lines together reach the limit of a note, and count the rest', () => {
    // 100 "a"s per line: `.*a.*a.*x` may take 10⁸ steps on each (about 0.1 s), 2,000 lines would take minutes.
    const matcher = regex('.*a.*a.*x');
    const started = Date.now();
    matcher.find(Array.from({ length: 2000 }, () => 'a'.repeat(100)).join('\n'), 10);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(matcher.linesNotSearched).toBeGreaterThan(1900);
  });
});
