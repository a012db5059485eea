/**
 * The literal strings that every match of a JavaScript regular expression must contain, for prefilters that rule
 * out text without running the regex (an index of trigrams, a byte search). Conservative: whatever the parser is
 * unsure of (classes, escapes it does not know, alternation at the top, lookaround, backreferences) ends a literal
 * rather than joining it, and an alternation at the top requires nothing, so a literal may be missed but never
 * invented. With the "i" flag a literal is required up to case. The source is assumed valid (compiled already);
 * on anything unexpected the answer is [].
 */
export function requiredLiterals(source: string, flags: string): string[] {
  try {
    const literals: string[] = [];
    sequence(source, 0, source.length, flags.includes('u') || flags.includes('v'), literals);
    return literals.filter((literal) => literal.length > 0);
  } catch {
    return [];
  }
}

class Unsure extends Error {}

/** Reads the sequence source[from, to) (no top-level "|" allowed) and adds its required literals. */
function sequence(source: string, from: number, to: number, unicode: boolean, out: string[]): void {
  if (topLevelBar(source, from, to)) return;
  let run = '';
  const end = (): void => {
    out.push(run);
    run = '';
  };
  let i = from;
  while (i < to) {
    const char = source[i] as string;
    let atom: string | null = null; // a literal atom's text, or null for anything else
    let next = i + 1;
    if (char === '\\') {
      const escape = escaped(source, i, unicode);
      atom = escape.literal;
      next = escape.next;
    } else if (char === '[') {
      next = classEnd(source, i) + 1;
    } else if (char === '(') {
      const close = groupEnd(source, i);
      const inner = groupBody(source, i);
      next = close + 1;
      end();
      if (inner !== null && !optional(source, next)) sequence(source, inner, close, unicode, out);
      next = skipQuantifier(source, next);
      i = next;
      continue;
    } else if ('.^$'.includes(char)) {
      atom = null;
    } else if ('*+?{}|)]'.includes(char)) {
      throw new Unsure(); // a quantifier with nothing before it, or a stray bracket: not expected here
    } else {
      atom = char;
      // An astral character is one atom under "u" (and a quantifier after it applies to both halves).
      if (isHigh(source.charCodeAt(i)) && isLow(source.charCodeAt(i + 1))) {
        atom = source.slice(i, i + 2);
        next = i + 2;
      }
    }
    const quantified = quantifierAt(source, next);
    if (atom === null) end();
    else if (quantified === null) run += atom;
    else if (quantified.min === 0) end();
    else {
      // At least once: the atom is there after the run, but what follows it need not be next to it.
      run += atom;
      end();
    }
    i = quantified ? quantified.next : next;
  }
  end();
}

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** A quantifier starting at `at` (with its lazy "?"): its minimum and where it ends; null if none. */
function quantifierAt(source: string, at: number): { min: number; next: number } | null {
  const char = source[at];
  let min: number;
  let next = at + 1;
  if (char === '*' || char === '?') min = 0;
  else if (char === '+') min = 1;
  else if (char === '{') {
    const braces = /^\{(\d+)(?:,\d*)?\}/.exec(source.slice(at));
    if (!braces) throw new Unsure(); // a literal "{" outside "u" mode: rare enough to give up on
    min = Number(braces[1]);
    next = at + braces[0].length;
  } else return null;
  if (source[next] === '?') next++;
  return { min, next };
}

function optional(source: string, at: number): boolean {
  const quantified = quantifierAt(source, at);
  return quantified !== null && quantified.min === 0;
}

function skipQuantifier(source: string, at: number): number {
  return quantifierAt(source, at)?.next ?? at;
}

/** An escape at `at`: the character it stands for when it is one plain character, else null. */
function escaped(source: string, at: number, unicode: boolean): { literal: string | null; next: number } {
  const char = source[at + 1];
  if (char === undefined) throw new Unsure();
  const simple: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v' };
  if (simple[char] !== undefined) return { literal: simple[char], next: at + 2 };
  if (/[dDwWsSbB]/.test(char)) return { literal: null, next: at + 2 };
  if (char === 'p' || char === 'P') {
    const close = source.indexOf('}', at);
    if (!unicode || source[at + 2] !== '{' || close === -1) throw new Unsure();
    return { literal: null, next: close + 1 };
  }
  // Punctuation stands for itself; letters, digits and the rest (\x, \u, \c, \k, backreferences) are not read.
  if (/[\^$\\.*+?()[\]{}|/\-,:;!@#%&'"<>=~`_ ]/.test(char)) return { literal: char, next: at + 2 };
  throw new Unsure();
}

/** The index of the "]" closing the class that opens at `at`. */
function classEnd(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++; // "[]" or "[^]" is a whole class outside "u"; inside, "[]" matches nothing
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '[')
      throw new Unsure(); // nested (the "v" flag): not read
    else if (source[i] === ']') return i;
  }
  throw new Unsure();
}

/** The index of the ")" closing the group that opens at `at`. */
function groupEnd(source: string, at: number): number {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  throw new Unsure();
}

/** Where a group's own pattern starts, or null for a lookaround, whose text is not part of the match. */
function groupBody(source: string, at: number): number | null {
  if (source[at + 1] !== '?') return at + 1;
  const kind = source.slice(at + 2, at + 4);
  if (kind.startsWith(':')) return at + 3;
  if (kind.startsWith('=') || kind.startsWith('!') || kind === '<=' || kind === '<!') return null;
  if (kind.startsWith('<')) {
    const close = source.indexOf('>', at);
    if (close === -1) throw new Unsure();
    return close + 1;
  }
  throw new Unsure(); // modifiers such as "(?i:" are not read
}

/** True when source[from, to) has a "|" outside any group or class. */
function topLevelBar(source: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') i = classEnd(source, i);
    else if (char === '(') i = groupEnd(source, i);
    else if (char === '|') return true;
  }
  return false;
}

/**
 * The literals every match of a model's pattern holds, the pattern read as JavaScript would read it with "u" when
 * it is valid so, else without (TextMatcher and the trigram filter must read it alike).
 */
export function requiredLiteralsOf(source: string): string[] {
  return requiredLiterals(source, validUnderU(source) ? 'u' : '');
}

function validUnderU(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
