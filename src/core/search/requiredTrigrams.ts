import { requiredLiterals } from './regexLiterals';
import type { TextMatcherOptions } from './TextMatcher';
import { trigramHashes } from './trigramFilter';

/**
 * The trigram hashes a note must hold to match the search: those of a plain query, or of the literals every match
 * of a regular expression contains. Null when there are none (a query under three characters, a regex with no
 * literal of three), and the search reads every note as before.
 */
export function requiredTrigrams(options: TextMatcherOptions): number[] | null {
  const { query, mode } = options;
  const texts = mode === 'plain' ? [query] : requiredLiterals(query, validUnderU(query) ? 'u' : '');
  const hashes = new Set<number>();
  for (const text of texts) for (const hash of trigramHashes(text)) hashes.add(hash);
  return hashes.size > 0 ? [...hashes] : null;
}

/** TextMatcher compiles with "u" when the pattern allows it, else without: the literals are read the same way. */
function validUnderU(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
