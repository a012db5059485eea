import { AgentError } from '../errors';

/**
 * Models write regexes as ripgrep reads them, where `\p{Greek}` names a script and `\w`, `\b` know every
 * alphabet. JavaScript needs `\p{Script=Greek}`, and its `\w` and `\b` are ASCII only, so `\bnota\b` matched
 * inside "notação" and `\p{Han}` was refused under the `u` flag (and, compiled without it, meant the letter "p").
 * `toUnicodeRegex` rewrites those escapes into what JavaScript understands under `u` and leaves the rest as
 * written. A property JavaScript does not know is refused with the spelling to use, never matched as nothing.
 */

/** A word character as ripgrep counts one: letters, marks, digits and connector punctuation, in any script. */
const WORD = '\\p{L}\\p{M}\\p{N}\\p{Pc}';
export const WORD_CLASS = `[${WORD}]`;
const NOT_WORD_CLASS = `[^${WORD}]`;
const WORD_BOUNDARY = `(?:(?<=${WORD_CLASS})(?!${WORD_CLASS})|(?<!${WORD_CLASS})(?=${WORD_CLASS}))`;
const NOT_WORD_BOUNDARY = `(?:(?<=${WORD_CLASS})(?=${WORD_CLASS})|(?<!${WORD_CLASS})(?!${WORD_CLASS}))`;

/** `source` with scripts named as JavaScript names them and Unicode-aware `\w`, `\W`, `\b`, `\B`. */
export function toUnicodeRegex(source: string): string {
  let out = '';
  let inClass = false;
  for (let at = 0; at < source.length; ) {
    const char = source[at] as string;
    if (char !== '\\') {
      if (char === '[' && !inClass) inClass = true;
      else if (char === ']' && inClass) inClass = false;
      out += char;
      at++;
      continue;
    }
    const next = source[at + 1] ?? '';
    if (next === 'p' || next === 'P') {
      const property = /^\\[pP](?:\{([^}]*)\}|([A-Za-z]))/.exec(source.slice(at));
      if (!property) throw refusal(source, `"\\${next}" must name a property in braces, such as \\${next}{L} or \\${next}{Greek}`);
      out += `\\${next}{${propertyName(property[1] ?? property[2] ?? '', source)}}`;
      at += property[0].length;
      continue;
    }
    if (next === 'w') out += inClass ? WORD : WORD_CLASS;
    // Inside a class a negated set cannot be spelled without the "v" flag: "\W" there stays ASCII.
    else if (next === 'W') out += inClass ? '\\W' : NOT_WORD_CLASS;
    else if (next === 'b' && !inClass) out += WORD_BOUNDARY;
    else if (next === 'B' && !inClass) out += NOT_WORD_BOUNDARY;
    // "\-" or "\:" outside a class, which models write often, is an error under "u": the character means itself.
    else if (isNeedlessEscape(next, inClass)) out += next;
    else out += `\\${next}`;
    at += 2;
  }
  return out;
}

/** Characters "u" lets a pattern escape: the syntax ones, and "-" inside a class. */
const ESCAPABLE = new Set('^$\\.*+?()[]{}|/');

function isNeedlessEscape(char: string, inClass: boolean): boolean {
  if (char === '' || /[\p{L}\p{N}_]/u.test(char) || ESCAPABLE.has(char)) return false;
  return !(inClass && char === '-');
}

/** `query` matched only as a whole word: no word character (in any script) right before or after it. */
export function wholeWordRegex(source: string): string {
  return `(?<!${WORD_CLASS})(?:${source})(?!${WORD_CLASS})`;
}

/** The property as JavaScript spells it: as written when valid, else the script of that name. */
function propertyName(written: string, source: string): string {
  if (isValidProperty(written)) return written;
  for (const candidate of scriptSpellings(written)) {
    if (isValidProperty(`Script=${candidate}`)) return `Script=${candidate}`;
  }
  throw refusal(source, `"\\p{${written}}" is no Unicode property or script JavaScript knows: write a general category (\\p{L}, \\p{Lu}, \\p{N}) or a script as \\p{Script=Greek}, \\p{Script=Han}, \\p{Script=Hiragana}`);
}

/** "greek", "OLD ITALIC", "old-italic", "grek" → "Greek", "Old_Italic", "Grek": ripgrep matches names loosely. */
function scriptSpellings(written: string): string[] {
  const words = written.trim().split(/[\s_-]+/).filter(Boolean);
  const titled = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join('_');
  return [...new Set([written, titled])];
}

function isValidProperty(name: string): boolean {
  if (!/^[A-Za-z0-9_=]+$/.test(name)) return false;
  try {
    new RegExp(`\\p{${name}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

function refusal(source: string, what: string): AgentError {
  return new AgentError('INVALID_REGEX', `\`query\`: ${what}`, { query: source });
}
