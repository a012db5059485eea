import { requiredLiteralsOf } from './regexLiterals';
import type { TextMatcherOptions } from './TextMatcher';
import { trigramHashes } from './trigramFilter';

/**
 * The trigram hashes a note must hold to match the search: those of a plain query, or of the literals every match
 * of a regular expression contains. Null when there are none (a query under three characters, a regex with no
 * literal of three), and the search reads every note as before.
 */
export function requiredTrigrams(options: TextMatcherOptions): number[] | null {
  const { query, mode } = options;
  const texts = mode === 'plain' ? [query] : requiredLiteralsOf(query);
  const hashes = new Set<number>();
  for (const text of texts) for (const hash of trigramHashes(text)) hashes.add(hash);
  return hashes.size > 0 ? [...hashes] : null;
}
