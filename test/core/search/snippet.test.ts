import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { snippetAround } from '../../../src/core/search/snippet';

const around = (text: string, needle: string, length: number): string => {
  const start = text.indexOf(needle);
  return snippetAround(text, { start, end: start + needle.length }, length);
};

describe('snippetAround', () => {
  it('should return a short line whole, without markers', () => {
    expect(around('- [ ] call Anna about the budget', 'Anna', 120)).toBe('- [ ] call Anna about the budget');
  });

  it('should keep to the line of the match', () => {
    expect(around('first line\nthe match is here\nlast line', 'match', 120)).toBe('the match is here');
  });

  it('should center on the match in a long line, cut at word boundaries, with "…" on both sides', () => {
    const line = `${'alpha '.repeat(30)}NEEDLE${' omega'.repeat(30)}`;
    const snippet = around(line, 'NEEDLE', 40);
    expect(snippet).toBe('…alpha alpha NEEDLE omega omega…');
  });

  it('should put all the context after the match when it is at the start of the line', () => {
    expect(around(`NEEDLE${' word'.repeat(40)}`, 'NEEDLE', 20)).toBe('NEEDLE word word…');
  });

  it('should put all the context before the match when it is at the end of the line', () => {
    expect(around(`${'word '.repeat(40)}NEEDLE`, 'NEEDLE', 20)).toBe('…word word NEEDLE');
  });

  it('should cut a match longer than the snippet length', () => {
    expect(around('x NEEDLEWITHLOTSOFTEXT y', 'NEEDLEWITHLOTSOFTEXT', 6)).toBe('…NEEDLE…');
  });

  it('should be the matched text alone when the snippet length is 0', () => {
    expect(around('before NEEDLE after', 'NEEDLE', 0)).toBe('…NEEDLE…');
  });

  it('should not include the carriage return of a CRLF line', () => {
    expect(around('one\r\ntwo match\r\nthree', 'match', 120)).toBe('two match');
  });

  it('should show a zero-length match at the end of a line', () => {
    expect(snippetAround('abc\r\ndef', { start: 3, end: 3 }, 120)).toBe('abc');
  });

  it('should join the lines of a multi-line match with a space', () => {
    expect(around('end of one\nstart of two', 'one\nstart', 120)).toBe('end of one start of two');
  });

  it('should never split an emoji', () => {
    const text = `${'🚀'.repeat(50)}x${'🚀'.repeat(50)}`;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (length) => {
        const snippet = snippetAround(text, { start: 100, end: 101 }, length).replace(/…/g, '');
        expect(snippet).toContain('x');
        expect(snippet).toBe(Array.from(snippet).join(''));
        expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(snippet)).toBe(false);
      }),
    );
  });

  it('should always contain the match (or its start) and stay near the requested length', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'x'), maxLength: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 200 }),
        (text, at, size, length) => {
          const start = at % (text.length + 1);
          const end = Math.min(text.length, start + size);
          const snippet = snippetAround(text, { start, end }, length);
          const body = snippet.replace(/^…/, '').replace(/…$/, '');
          expect(body).toContain(text.slice(start, Math.min(end, start + length)).trim());
          expect(body.length).toBeLessThanOrEqual(Math.max(length, 0));
        },
      ),
    );
  });
});
