import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../src/core/errors';
import { assertSafeRegex } from '../../../src/core/search/regexGuard';

function refusal(source: string): string {
  try {
    assertSafeRegex(source);
  } catch (error) {
    if (error instanceof AgentError && error.code === 'INVALID_REGEX') return error.message;
    throw error;
  }
  return 'accepted';
}

describe('assertSafeRegex', () => {
  it('should refuse a repeated group holding a repetition, naming both and a rewrite', () => {
    expect(refusal('(x+x+)+y')).toBe(
      '`query` repeats the group "(x+x+)+", which holds a repetition of its own ("x+"): on text that almost matches, such a pattern can run for minutes. Rewrite it (repeat once: "x+" instead of "(x+)+", "\\w+(?: \\w+)*" for words), or search with mode "plain"',
    );
  });

  it.each(['(x+)+', '(x*)*', '(?:a+)*b', '((ab)+)+', '(\\w+\\s?)+$', '(.*){2,}', '(x+){1,10}', '(?<word>\\w+)+'])('should refuse the nested repetition %s', (source) => {
    expect(refusal(source)).toContain('which holds a repetition of its own');
  });

  it('should refuse a repeated group whose alternatives can match the same text', () => {
    expect(refusal('(a|a)*')).toBe(
      '`query` repeats the group "(a|a)*", whose alternatives "a" and "a" can match the same text: on text that almost matches, such a pattern can run for minutes. Rewrite it (make each alternative start differently, or use a character class ("[ab]+" instead of "(a|ab)+")), or search with mode "plain"',
    );
  });

  it.each(['(a|ab)+', '(A|a)+', '(\\w|x)*', '(x|)+', '(.|\\n)*', '(?:b?a|b)+'])('should refuse the overlapping alternatives of %s', (source) => {
    expect(refusal(source)).toContain('can match the same text');
  });

  it('should refuse two repetitions in a row that take the same characters, as each could have taken them all', () => {
    expect(refusal('x*x*x*y')).toBe(
      '`query` repeats "x*" right after "x*", and both take the same characters: on text that almost matches, such a pattern can run for minutes. Rewrite it (write the repetition once: "x*" instead of "x*x*", ".*" instead of ".*.*"), or search with mode "plain"',
    );
  });

  it.each(['.*.*x', '\\w+\\w+!', '.+\\s*\\d+$', 'a [^x]*.*b'])('should refuse the repetitions in a row of %s', (source) => {
    expect(refusal(source)).toContain('and both take the same characters');
  });

  it.each(['(a)\\1', '(?<q>["\'])\\w+\\k<q>'])('should refuse the backreference in %s', (source) => {
    expect(refusal(source)).toMatch(/^`query` uses the backreference "\\(1|k<q>)"/);
  });

  it.each([
    '^- \\[ \\] (\\w+)',
    'meeting\\s+agenda',
    '(foo|bar)+',
    '\\p{Lu}\\p{Ll}+',
    '(?:)',
    'x*',
    '[(+)]+ and [|a|a]*',
    '\\(x+\\)+',
    '(ab)+c',
    '(\\d{4}-\\d{2})+',
    '(?:a|b)?',
    '(\\d|x)+',
    '#\\w+',
    '\\[\\[[^\\]]+\\]\\]',
    '\\u{1F680}+',
    'a{2,}',
    '\\s*\\w+',
    'TODO:\\s*\\S.*',
    '.*foo.*',
    '\\d+-\\d+',
  ])('should accept the ordinary pattern %s', (source) => {
    expect(refusal(source)).toBe('accepted');
  });
});
