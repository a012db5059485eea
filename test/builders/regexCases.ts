import fc from 'fast-check';

/**
 * Random regular expressions and notes for the property tests of the regex search: patterns built from the
 * pieces models write (literals, ".", "\w", "\s", classes, word boundaries, groups, alternation, quantifiers)
 * over a small alphabet, so that matches are frequent, with letters outside ASCII where "\w" and "\b" differ
 * between RE2 and ripgrep.
 */

/** Characters of the notes: letters in three scripts, an ASCII digit, "_", spaces and punctuation. */
export const NOTE_CHARS = ['a', 'b', 'é', 'ж', '中', '1', '_', ' ', ' ', '-', '.'];

const literal = fc.constantFrom('a', 'b', 'é', 'ж', '中', '1', '_', ' ', '-', '\\.');
const atom = fc.oneof(
  literal,
  literal,
  fc.constantFrom('.', '\\w', '\\W', '\\s', '\\d', '[ab]', '[^a ]', '[\\w-]', '\\p{L}', '\\p{Cyrillic}'),
);
const quantifier = fc.constantFrom('', '', '', '?', '*', '+', '{1,2}', '+?');
const boundary = fc.constantFrom('\\b', '\\B');

/**
 * A pattern of one to four pieces, sometimes with alternatives at the top. `repeatedGroups`: groups may take "?" or
 * "+"; JavaScript's engine rejects a repetition that matches nothing where RE2 and ripgrep take it (`(?:a?|-)?`
 * on "-": "-" against ""), so a JavaScript reference needs them off.
 */
export function regexPattern(repeatedGroups: boolean): fc.Arbitrary<string> {
  const groupQuantifier = repeatedGroups ? fc.constantFrom('', '', '', '?', '+') : fc.constant('');
  const piece = fc.letrec<{ piece: string; sequence: string }>((tie) => ({
    piece: fc.oneof(
      { weight: 5, arbitrary: fc.tuple(atom, quantifier).map(([a, q]) => a + q) },
      { weight: 1, arbitrary: boundary },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.array(tie('sequence'), { minLength: 1, maxLength: 2 }), groupQuantifier)
          .map(([alternatives, q]) => `(?:${alternatives.join('|')})${q}`),
      },
    ),
    sequence: fc.array(tie('piece'), { minLength: 1, maxLength: 2 }).map((pieces) => pieces.join('')),
  })).piece;
  return fc
    .array(
      fc.array(piece, { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join('')),
      { minLength: 1, maxLength: 2 },
    )
    .map((alternatives) => alternatives.join('|'));
}

/** A note of a few short lines. */
export const noteText: fc.Arbitrary<string> = fc
  .array(
    fc.array(fc.constantFrom(...NOTE_CHARS), { maxLength: 14 }).map((chars) => chars.join('')),
    { minLength: 1, maxLength: 4 },
  )
  .map((lines) => lines.join('\n'));
