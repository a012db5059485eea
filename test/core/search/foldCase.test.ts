import { describe, expect, it } from 'vitest';
import { foldTable } from '../../../src/core/search/foldCase';

/** Every BMP code unit with a case mapping or folded elsewhere, and what they fold to. */
function casedUnits(fold: Uint16Array): number[] {
  const units = new Set<number>();
  for (let unit = 0; unit < 0x10000; unit++) {
    if (unit >= 0xd800 && unit <= 0xdfff) continue;
    const char = String.fromCharCode(unit);
    if (char.toUpperCase() !== char || char.toLowerCase() !== char || fold[unit] !== unit) {
      units.add(unit);
      units.add(fold[unit] as number);
    }
  }
  return [...units];
}

describe('foldTable', () => {
  const fold = foldTable();

  it('should fold together every pair of cased characters that a case-insensitive regex matches, with and without "u"', () => {
    const units = casedUnits(fold);
    const haystack = units.map((unit) => String.fromCharCode(unit)).join('');
    const disagreements: string[] = [];
    for (const flags of ['giu', 'gi']) {
      for (const unit of units) {
        const pattern = new RegExp(`\\u${unit.toString(16).padStart(4, '0')}`, flags);
        for (const match of haystack.matchAll(pattern)) {
          const other = match[0].charCodeAt(0);
          if (fold[other] !== fold[unit])
            disagreements.push(`${flags} U+${unit.toString(16)} ~ U+${other.toString(16)}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('should meet final sigma, long s, the Kelvin sign and capital sharp s at their lower-case partners', () => {
    const at = (char: string): number => fold[char.charCodeAt(0)] as number;
    expect([at('ς'), at('Σ')]).toEqual([at('σ'), at('σ')]);
    expect([at('ſ'), at('S')]).toEqual([at('s'), at('s')]);
    expect(at('\u212a')).toBe(at('k'));
    expect(at('ẞ')).toBe(at('ß'));
  });

  it('should put every surrogate in one class, since astral letters change case in both halves', () => {
    expect(new Set([0xd801, 0xdc00, 0xdc28, 0xd83d].map((unit) => fold[unit])).size).toBe(1);
  });
});
