import type { AgentError } from '../errors';

/**
 * Character classes as ripgrep reads them, in RE2's spelling. RE2's `\w` and `\b` are ASCII, so `\bnota\b` would
 * match inside "notação": `\w` becomes the Unicode word characters, and `\p{Greek}` or `\p{Script=Greek}` the script.
 */

/** A word character as ripgrep counts one: letters, marks, numbers and connector punctuation, in any script (a class body). */
export const WORD = '\\p{L}\\p{M}\\p{N}\\p{Pc}';
/** JavaScript's `\s` (a class body): RE2's is ASCII only. */
export const WHITE_SPACE =
  '\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

type Fail = (what: string) => AgentError;

/** Whether every character an atom takes is a word character (letter, mark, number, connector), none is, or some are. */
export type Wordness = 'word' | 'other' | 'mixed' | 'none';

/** The body of a class (between "[" or "[^" and "]") in RE2's syntax, and whether its characters are word characters. */
export function translateClassBody(body: string, fail: Fail): { body: string; word: Wordness } {
  let out = '';
  const kinds = new Set<Wordness>();
  for (let at = 0; at < body.length;) {
    const range = /^([0-9]-[0-9]|[a-z]-[a-z]|[A-Z]-[A-Z])/.exec(body.slice(at));
    if (range) {
      out += range[0];
      kinds.add('word');
      at += range[0].length;
      continue;
    }
    const posix = /^\[:\^?[a-z]+:\]/.exec(body.slice(at));
    if (posix) {
      out += posix[0];
      kinds.add('mixed');
      at += posix[0].length;
      continue;
    }
    const char = body[at] as string;
    if (char !== '\\') {
      const code = body.codePointAt(at) as number;
      const whole = String.fromCodePoint(code);
      // "[" alone is a literal to JavaScript; RE2 reads "[:" as a POSIX class, so it is escaped.
      out += char === '[' ? '\\[' : whole;
      kinds.add(char === '-' && at > 0 && at < body.length - 1 ? 'mixed' : isWordChar(whole) ? 'word' : 'other');
      at += whole.length;
      continue;
    }
    const escape = classEscape(body.slice(at), fail);
    out += escape.source;
    kinds.add(escape.word);
    at += escape.length;
  }
  return { body: out, word: kinds.size === 1 ? ([...kinds][0] as Wordness) : 'mixed' };
}

function classEscape(rest: string, fail: Fail): { source: string; word: Wordness; length: number } {
  const next = rest[1];
  if (next === undefined) throw fail('a lone "\\" at the end');
  switch (next) {
    case 'w':
      return { source: WORD, word: 'word', length: 2 };
    case 'd':
      return { source: '0-9', word: 'word', length: 2 };
    case 's':
      return { source: WHITE_SPACE, word: 'other', length: 2 };
    // A backspace, as JavaScript reads "\b" in a class.
    case 'b':
      return { source: '\\x08', word: 'other', length: 2 };
    case 'p':
    case 'P': {
      const property = /^\\[pP](?:\{([^}]*)\}|([A-Za-z]))/.exec(rest);
      if (!property) throw fail(`"\\${next}" must name a property in braces, such as \\${next}{L} or \\${next}{Greek}`);
      const name = re2PropertyName(property[1] ?? property[2] ?? '', fail);
      return {
        source: `\\${next}{${name}}`,
        word: next === 'p' && isWordCategory(name) ? 'word' : 'mixed',
        length: property[0].length,
      };
    }
    default: {
      const code = unicodeEscape(rest);
      if (code !== null)
        return {
          source: `\\x{${code.value.toString(16)}}`,
          word: isWordChar(String.fromCodePoint(code.value)) ? 'word' : 'other',
          length: code.length,
        };
      // "\W", "\D", "\S" inside a class stay ASCII, as RE2 reads them; punctuation means itself.
      return { source: `\\${next}`, word: /[\p{L}\p{N}]/u.test(next) ? 'mixed' : 'other', length: 2 };
    }
  }
}

/** `\p{name}` (or `\P{name}` when `negated`) as an RE2 atom, and whether it takes word characters only. */
export function propertyClass(written: string, negated: boolean, fail: Fail): { atom: string; word: Wordness } {
  const name = re2PropertyName(written, fail);
  if (negated) return { atom: `[^\\p{${name}}]`, word: 'mixed' };
  return { atom: `\\p{${name}}`, word: isWordCategory(name) ? 'word' : 'mixed' };
}

/** The code point a "\u…", "\x…", "\c…" or "\0" escape at the start of `rest` stands for, and the escape's length. */
export function unicodeEscape(rest: string): { value: number; length: number } | null {
  const braced = /^\\[ux]\{([0-9a-fA-F]{1,6})\}/.exec(rest);
  if (braced) return { value: parseInt(braced[1] as string, 16), length: braced[0].length };
  const pair = /^\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})/i.exec(rest);
  if (pair)
    return {
      value: (parseInt(pair[1] as string, 16) - 0xd800) * 0x400 + (parseInt(pair[2] as string, 16) - 0xdc00) + 0x10000,
      length: 12,
    };
  const fixed = /^\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))/.exec(rest);
  if (fixed) return { value: parseInt((fixed[1] ?? fixed[2]) as string, 16), length: fixed[0].length };
  const control = /^\\c([A-Za-z])/.exec(rest);
  if (control) return { value: (control[1] as string).charCodeAt(0) % 32, length: 3 };
  if (/^\\0(?![0-9])/.test(rest)) return { value: 0, length: 2 };
  return null;
}

function isWordChar(char: string): boolean {
  return /^[\p{L}\p{M}\p{N}\p{Pc}]$/u.test(char);
}

function isWordCategory(name: string): boolean {
  return /^(?:L[a-z]?|LC|M[a-z]?|N[a-z]?|Pc)$/.test(name);
}

/** JavaScript's long names of the general categories, which RE2 knows only by their short ones. */
const CATEGORIES: Readonly<Record<string, string>> = {
  letter: 'L',
  casedletter: 'LC',
  lc: 'LC',
  uppercaseletter: 'Lu',
  lowercaseletter: 'Ll',
  titlecaseletter: 'Lt',
  modifierletter: 'Lm',
  otherletter: 'Lo',
  mark: 'M',
  combiningmark: 'M',
  nonspacingmark: 'Mn',
  spacingmark: 'Mc',
  enclosingmark: 'Me',
  number: 'N',
  decimalnumber: 'Nd',
  digit: 'Nd',
  letternumber: 'Nl',
  othernumber: 'No',
  punctuation: 'P',
  punct: 'P',
  connectorpunctuation: 'Pc',
  dashpunctuation: 'Pd',
  openpunctuation: 'Ps',
  closepunctuation: 'Pe',
  initialpunctuation: 'Pi',
  finalpunctuation: 'Pf',
  otherpunctuation: 'Po',
  symbol: 'S',
  mathsymbol: 'Sm',
  currencysymbol: 'Sc',
  modifiersymbol: 'Sk',
  othersymbol: 'So',
  separator: 'Z',
  spaceseparator: 'Zs',
  lineseparator: 'Zl',
  paragraphseparator: 'Zp',
  other: 'C',
  control: 'Cc',
  cntrl: 'Cc',
  format: 'Cf',
  surrogate: 'Cs',
  privateuse: 'Co',
  unassigned: 'Cn',
};

/**
 * A property as RE2 spells it: a general category by its short name, a script by its name alone ("Greek", not
 * "Script=Greek"), a binary property as written. Names are matched loosely, as ripgrep does ("greek", "old italic").
 */
function re2PropertyName(written: string, fail: Fail): string {
  const [key, value] = written.includes('=') ? (written.split('=', 2) as [string, string]) : [null, written];
  const loose = value.toLowerCase().replace(/[\s_-]+/g, '');
  const category =
    CATEGORIES[loose] ??
    (/^(?:[lmnpszc][a-z]?|lc)$/.test(loose) && isJsProperty(`General_Category=${titled(loose)}`)
      ? titled(loose)
      : undefined);
  if (category && (key === null || /^(?:gc|general_category)$/i.test(key))) return category;
  if (key === null || /^(?:sc|scx|script|script_extensions)$/i.test(key)) {
    for (const candidate of scriptSpellings(value)) if (isJsProperty(`Script=${candidate}`)) return candidate;
  }
  if (key === null && isJsProperty(value)) return value;
  throw fail(
    `"\\p{${written}}" is no Unicode property or script the search knows: write a general category (\\p{L}, \\p{Lu}, \\p{N}) or a script as \\p{Script=Greek}, \\p{Script=Han}, \\p{Script=Hiragana}`,
  );
}

function titled(loose: string): string {
  return loose.charAt(0).toUpperCase() + loose.slice(1);
}

/** "greek", "OLD ITALIC", "old-italic" → "Greek", "Old_Italic". */
function scriptSpellings(written: string): string[] {
  const words = written
    .trim()
    .split(/[\s_-]+/)
    .filter(Boolean);
  return [
    ...new Set([written, words.map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()).join('_')]),
  ];
}

function isJsProperty(name: string): boolean {
  if (!/^[A-Za-z0-9_=]+$/.test(name)) return false;
  try {
    new RegExp(`\\p{${name}}`, 'u');
    return true;
  } catch {
    return false;
  }
}
