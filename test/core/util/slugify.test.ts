import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from '../../../src/core/util/slugify';
import { utf8Length } from '../../../src/core/util/text';

describe('slugify', () => {
  it('should turn "My Amazing Note Title!" into "my-amazing-note-title"', () => {
    expect(slugify('My Amazing Note Title!')).toBe('my-amazing-note-title');
  });

  it('should strip diacritics', () => {
    expect(slugify('Café Crème')).toBe('cafe-creme');
    expect(slugify('Ångström naïve façade')).toBe('angstrom-naive-facade');
  });

  it('should keep letters and digits of any script', () => {
    expect(slugify('日本語 ノート')).toBe('日本語-ノート');
    expect(slugify('Привет Мир 2025')).toBe('привет-мир-2025');
    expect(slugify('한국어 노트')).toBe('한국어-노트');
  });

  it('should keep the voiced marks of Japanese kana', () => {
    expect(slugify('データベース')).toBe('データベース');
  });

  it('should fold compatibility characters', () => {
    expect(slugify('ﬁle Ｎｏｔｅ ①')).toBe('file-note-1');
  });

  it('should collapse runs of separators and trim dashes at both ends', () => {
    expect(slugify('  --Hello,   World!!  --  ')).toBe('hello-world');
    expect(slugify('a_b.c/d\\e')).toBe('a-b-c-d-e');
  });

  it('should drop apostrophes instead of splitting the word', () => {
    expect(slugify("Don't Stop")).toBe('dont-stop');
    expect(slugify('It’s fine')).toBe('its-fine');
  });

  it('should drop emoji', () => {
    expect(slugify('🚀 Launch Plan 🎉')).toBe('launch-plan');
  });

  it('should return "untitled" when nothing is left', () => {
    expect(slugify('')).toBe('untitled');
    expect(slugify('!!! 🎉 ???')).toBe('untitled');
  });

  it('should cut at maxLength without leaving a trailing dash', () => {
    expect(slugify('hello world', 6)).toBe('hello');
    expect(slugify('hello world', 7)).toBe('hello-w');
  });

  it('should cut the "untitled" fallback to maxLength too', () => {
    expect(slugify('!!!', 3)).toBe('unt');
  });

  it('should not split a surrogate pair when cutting', () => {
    expect(slugify('𠀀𠀁𠀂', 3)).toBe('𠀀');
  });

  it('should not separate a combining mark from its letter when cutting', () => {
    expect(slugify('हिन्दी', 1)).toBe('untitled'.slice(0, 1));
    expect(slugify('हिन्दी', 2)).toBe('हि');
  });

  it('should keep names within 200 UTF-8 bytes so that an extension and a counter still fit', () => {
    const slug = slugify('語'.repeat(100));
    expect(slug).toBe('語'.repeat(66));
    expect(utf8Length(slug)).toBe(198);
  });

  it('should avoid names Windows reserves for devices', () => {
    expect(slugify('CON')).toBe('con_');
    expect(slugify('Nul')).toBe('nul_');
    expect(slugify('com1', 4)).toBe('com_');
    expect(slugify('console')).toBe('console');
  });

  it('should always give a non-empty, file-name-safe slug no longer than maxLength', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.integer({ min: 1, max: 255 }),
        (title, maxLength) => {
          const slug = slugify(title, maxLength);
          expect(slug.length).toBeGreaterThan(0);
          expect(slug.length).toBeLessThanOrEqual(maxLength);
          expect(utf8Length(slug)).toBeLessThanOrEqual(200);
          expect(slug).toMatch(/^[\p{L}\p{M}\p{N}_-]+$/u);
          expect(slug).not.toMatch(/^-|-$|--/);
          expect(slug).toBe(slug.toLowerCase());
          expect(slug).not.toMatch(/[\uD800-\uDBFF]$/);
        },
      ),
    );
  });

  it('should give the same slug for a slug', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (title) => {
        const slug = slugify(title);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
