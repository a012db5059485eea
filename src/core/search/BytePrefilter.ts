import type { BytePrefilter } from '../ports/vault';
import { escapeRegex, type TextMatcherOptions } from './TextMatcher';

export type { BytePrefilter };

/**
 * The prefilter for a search, or null when there is no cheap one (regular expressions, case-insensitive queries
 * with letters outside ASCII): then every note is decoded and matched.
 */
export function bytePrefilterFor(options: TextMatcherOptions): BytePrefilter | null {
  const { query, mode, caseSensitive } = options;
  if (mode !== 'plain' || query === '') return null;
  // No letters with a case: TextMatcher looks for the exact text, so the exact bytes must be there.
  if (caseSensitive || query.toLowerCase() === query.toUpperCase()) return new ExactBytes(utf8ByteString(query));
  if (!isAscii(query)) return null;
  return new AsciiIgnoringCase(query);
}

class ExactBytes implements BytePrefilter {
  constructor(private readonly needle: string) {}

  mayMatch(bytes: string): boolean {
    return bytes.includes(this.needle);
  }
}

/** Unicode case folding, which TextMatcher's "iu" search uses, maps these two to ASCII letters. */
const FOLDS_TO_ASCII: Readonly<Record<string, string>> = {
  s: utf8ByteString('\u017f'), // "ſ", long s
  k: utf8ByteString('\u212a'), // "K", Kelvin sign
};

/**
 * An ASCII query, ignoring case. Without the "u" flag, a case-insensitive JavaScript regex never folds a char
 * above 127 to ASCII, so over a byte string it matches exactly where the ASCII letters do. The two non-ASCII
 * letters that Unicode folds to "s" and "k" are checked for separately: a note holding one may match.
 */
class AsciiIgnoringCase implements BytePrefilter {
  private readonly pattern: RegExp;
  private readonly foldPartners: string[];

  constructor(query: string) {
    this.pattern = new RegExp(escapeRegex(query), 'i');
    const lower = query.toLowerCase();
    this.foldPartners = Object.entries(FOLDS_TO_ASCII).flatMap(([letter, bytes]) =>
      lower.includes(letter) ? [bytes] : [],
    );
  }

  mayMatch(bytes: string): boolean {
    return this.pattern.test(bytes) || this.foldPartners.some((partner) => bytes.includes(partner));
  }
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** The UTF-8 bytes of `text` as a byte string. */
export function utf8ByteString(text: string): string {
  let bytes = '';
  for (const byte of new TextEncoder().encode(text)) bytes += String.fromCharCode(byte);
  return bytes;
}
