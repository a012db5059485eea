import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonFittingPrefix } from '../../../src/core/tools/parts';

const bodyLength = (text: string): number => JSON.stringify(text).length - 2;

describe('jsonFittingPrefix', () => {
  it('should keep the longest prefix whose JSON fits, never splitting a surrogate pair', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('"', '\\', '\n', '\t', '\u0001', '🚀', 'é', '\ud800'),
        fc.string({ minLength: 1, maxLength: 1 }),
      ),
      maxLength: 60,
    });
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 120 }), (value, max) => {
        const end = jsonFittingPrefix(value, max);
        const kept = value.slice(0, end);
        const high = value.charCodeAt(end - 1);
        // A pair is whole: the kept text does not end on a high surrogate whose low half follows.
        expect(high >= 0xd800 && high <= 0xdbff && /[\udc00-\udfff]/.test(value.charAt(end))).toBe(false);
        // The first character is kept whatever its size; past it, the prefix must fit and be the longest that does.
        const first = /^[\ud800-\udbff][\udc00-\udfff]/.test(value) ? 2 : 1;
        if (end < value.length && end > first) {
          expect(bodyLength(kept)).toBeLessThanOrEqual(max);
          const step = /[\ud800-\udbff][\udc00-\udfff]/.test(value.slice(end, end + 2)) ? 2 : 1;
          expect(bodyLength(value.slice(0, end + step))).toBeGreaterThan(max);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('should keep one character even when it alone is longer than the room, so a reader moves on', () => {
    expect(jsonFittingPrefix('\u0001abc', 2)).toBe(1);
    expect(jsonFittingPrefix('🚀abc', 1)).toBe(2);
    expect(jsonFittingPrefix('', 5)).toBe(0);
  });
});
