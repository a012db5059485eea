import { utf8Length } from './text';

export const DEFAULT_SLUG_MAX_LENGTH = 100;
export const EMPTY_SLUG = 'untitled';

/**
 * File systems limit a name to 255 bytes (ext4, APFS) and CJK letters take 3 bytes each in UTF-8, so 100
 * letters can already be too long. 200 bytes leaves room for ".md" and a " (2)" that avoids a name clash.
 */
const MAX_SLUG_BYTES = 200;
/** Names Windows reserves for devices, with any extension: a note "con.md" cannot exist there. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;
/** The combining accents Latin, Greek and Cyrillic letters decompose into: "é" → "e" + U+0301. */
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['\u2018\u2019\u02bc]/g;
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * Turns a title into a lowercase, file-name-safe slug: "My Amazing Note Title!" → "my-amazing-note-title",
 * "Café" → "cafe", "日本語 ノート" → "日本語-ノート". Letters and digits of every script are kept and everything
 * else becomes one "-"; apostrophes vanish ("Don't" → "dont"). The result is at most `maxLength` UTF-16 code
 * units, is cut between characters (never inside a surrogate pair or before a combining mark), never ends with
 * "-", and is "untitled" when nothing is left.
 */
export function slugify(title: string, maxLength = DEFAULT_SLUG_MAX_LENGTH): string {
  const limit = Math.max(1, Math.floor(maxLength));
  const slug = title
    .normalize('NFKD')
    .replace(LATIN_DIACRITICS, '')
    // Recompose what the accents were not: Japanese dakuten and Korean syllables must not stay decomposed.
    .normalize('NFC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, '-')
    .replace(/^-+|-+$/g, '');
  const cut = trimDashes(cutAt(slug, limit));
  return avoidReserved(cut === '' ? EMPTY_SLUG.slice(0, limit) : cut, limit);
}

/** The longest prefix of whole characters (grapheme clusters) within `limit` code units and the byte budget. */
function cutAt(slug: string, limit: number): string {
  if (slug.length <= limit && utf8Length(slug) <= MAX_SLUG_BYTES) return slug;
  let result = '';
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(slug)) {
    const next = result + segment;
    if (next.length > limit || utf8Length(next) > MAX_SLUG_BYTES) break;
    result = next;
  }
  return result;
}

function trimDashes(slug: string): string {
  return slug.replace(/-+$/, '');
}

function avoidReserved(slug: string, limit: number): string {
  if (!WINDOWS_RESERVED.test(slug)) return slug;
  return `${slug.slice(0, Math.min(slug.length, limit - 1))}_`;
}
