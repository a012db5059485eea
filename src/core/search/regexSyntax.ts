import { AgentError } from '../errors';
import { propertyClass, translateClassBody, unicodeEscape, WHITE_SPACE, WORD, type Wordness } from './regexClasses';

/**
 * A model's pattern, read as JavaScript and ripgrep read it, as a tree the RE2 engine's source is written from
 * (see toRe2Source). Every consumer is one character, already in RE2's syntax; groups lose their captures (the
 * search reports whole matches only). Whatever RE2 cannot run in linear time is refused here, naming the
 * construct and where it is.
 */

export type Node =
  /** One character: `source` is an RE2 atom (a literal, a class, "." or "(?:…)" around one). */
  | { kind: 'char'; source: string; word: Wordness }
  /** Takes no character: "^", "$", a lookbehind, inline flags. */
  | { kind: 'assert'; source: string }
  /** "\b", "\B", or wholeWord's "no word character next"; `at` is its 1-based position, for errors. */
  | { kind: 'boundary'; type: BoundaryType; at: number }
  | { kind: 'group'; prefix: string; alternatives: Node[][] }
  | { kind: 'repeat'; body: Node; min: number; max: number; lazy: boolean }
  /** An empty capturing group: where the match ends when what follows was only looked at (see CompiledRegex). */
  | { kind: 'marker' };

export type BoundaryType = 'b' | 'B' | 'notWordNext';

/** RE2 refuses a count above this ("invalid repeat count"). */
const MAX_REPEAT = 1000;
/** A character no line holds: a pattern asking for a line break matches nothing, as the search is per line. */
export const NEVER = '[^\\x00-\\x{10FFFF}]';

export function invalidRegex(source: string, what: string): AgentError {
  return new AgentError('INVALID_REGEX', `\`query\` is not a valid regular expression: ${what}`, { query: source });
}

function unsupported(source: string, construct: string, at: number, instead: string): AgentError {
  return new AgentError(
    'INVALID_REGEX',
    `\`query\` uses ${construct} at character ${at}, which the search engine does not support: it matches in time linear in the text, so that no pattern can hold the app for minutes, and ${construct.replace(/ ".*"$/, '')} needs backtracking. ${instead}`,
    { query: source },
  );
}

/** Parses `source`; `matchesNewline` tells whether an RE2 atom can take "\n" (the engine is asked). */
export function parseRegex(source: string, matchesNewline: (atom: string) => boolean): Node[][] {
  const parser = new Parser(source, matchesNewline);
  const alternatives = parser.alternatives();
  if (!parser.atEnd())
    throw invalidRegex(source, `")" at character ${parser.position} closes no group (escape it as "\\)")`);
  return alternatives;
}

class Parser {
  private at = 0;

  constructor(
    private readonly source: string,
    private readonly matchesNewline: (atom: string) => boolean,
  ) {}

  get position(): number {
    return this.at + 1;
  }

  atEnd(): boolean {
    return this.at >= this.source.length;
  }

  /** Alternatives up to a ")" (not consumed) or the end. */
  alternatives(): Node[][] {
    const alternatives: Node[][] = [[]];
    while (!this.atEnd() && this.source[this.at] !== ')') {
      if (this.source[this.at] === '|') {
        this.at++;
        alternatives.push([]);
        continue;
      }
      const start = this.at;
      const atom = this.atom();
      (alternatives[alternatives.length - 1] as Node[]).push(this.quantified(atom, start));
    }
    return alternatives;
  }

  private quantified(atom: Node, start: number): Node {
    const quantifier = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})(\?)?/.exec(this.source.slice(this.at));
    if (!quantifier) return atom;
    const written = quantifier[0];
    if (atom.kind === 'assert' || atom.kind === 'boundary') {
      throw invalidRegex(
        this.source,
        `"${written}" at character ${this.position} repeats "${this.source.slice(start, this.at)}", which takes no character`,
      );
    }
    const [, symbol, minText, comma, maxText, lazy] = quantifier;
    const min = symbol ? (symbol === '+' ? 1 : 0) : Number(minText);
    const max = symbol
      ? symbol === '?'
        ? 1
        : Infinity
      : comma === undefined
        ? min
        : maxText === ''
          ? Infinity
          : Number(maxText);
    if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) {
      throw invalidRegex(
        this.source,
        `"${written}" at character ${this.position} repeats more than ${MAX_REPEAT} times, the most the search engine allows; write "*" or "+" for any number, or a smaller count`,
      );
    }
    if (max < min)
      throw invalidRegex(this.source, `"${written}" at character ${this.position} has its larger count first`);
    this.at += written.length;
    if (/^[*+?{]/.test(this.source.slice(this.at)) && /^(?:[*+?]|\{\d+(?:,\d*)?\})/.test(this.source.slice(this.at))) {
      throw invalidRegex(
        this.source,
        `the quantifier at character ${this.position} repeats the quantifier "${written}" before it; put the repeated part in a group`,
      );
    }
    return { kind: 'repeat', body: atom, min, max, lazy: lazy === '?' };
  }

  private atom(): Node {
    const char = this.source[this.at] as string;
    if (char === '(') return this.group();
    if (char === '[') return this.characterClass();
    if (char === '\\') return this.escape();
    if (/^(?:[*+?]|\{\d+(?:,\d*)?\})/.test(this.source.slice(this.at))) {
      throw invalidRegex(
        this.source,
        `"${char}" at character ${this.position} has nothing before it to repeat (escape it as "\\${char}")`,
      );
    }
    this.at++;
    if (char === '^' || char === '$') return { kind: 'assert', source: char };
    if (char === '.') return { kind: 'char', source: '.', word: 'mixed' };
    return this.literal(this.astral(char));
  }

  /** `char` with its low surrogate when it starts a pair (one character to RE2). */
  private astral(char: string): string {
    const code = char.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(this.source[this.at] ?? ''))
      return char + (this.source[this.at++] as string);
    return char;
  }

  private literal(char: string): Node {
    if (char === '\n') return { kind: 'char', source: NEVER, word: 'none' };
    const source = /[\\^$.|?*+()[\]{}]/.test(char) ? `\\${char}` : char;
    return { kind: 'char', source, word: new RegExp(`^[${WORD}]$`, 'u').test(char) ? 'word' : 'other' };
  }

  private group(): Node {
    const open = this.position;
    const rest = this.source.slice(this.at);
    let prefix = '(?:';
    let lookbehind: string | null = null;
    const named = /^\((?:\?P?<([A-Za-z_]\w*)>)/.exec(rest);
    const flags = /^\(\?([imsU-]*)(:|\))/.exec(rest);
    if (rest.startsWith('(?=') || rest.startsWith('(?!')) {
      throw unsupported(
        this.source,
        `a lookahead "${rest.slice(0, 3)}"`,
        open,
        'Search for the text without it and read what follows in the matches, or use "\\b" for a word boundary.',
      );
    }
    if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      lookbehind = rest.slice(0, 4);
      this.at += 4;
    } else if (named) {
      this.at += named[0].length;
    } else if (flags) {
      if (flags[1]?.includes('s'))
        throw invalidRegex(
          this.source,
          `the flag "s" at character ${open}: a search matches within one line, so "." never needs to take a line break`,
        );
      this.at += flags[0].length;
      if (flags[2] === ')') return { kind: 'assert', source: `(?${flags[1] ?? ''})` };
      prefix = `(?${flags[1] ?? ''}:`;
    } else if (rest.startsWith('(?')) {
      throw invalidRegex(
        this.source,
        `"${rest.slice(0, 3)}" at character ${open} starts no kind of group the search knows ("(?:", "(?<name>", "(?<=", "(?<!", "(?i)")`,
      );
    } else {
      this.at++;
    }
    const alternatives = this.alternatives();
    if (this.atEnd())
      throw invalidRegex(this.source, `the group opened at character ${open} is never closed (add ")")`);
    this.at++;
    if (lookbehind === null) return { kind: 'group', prefix, alternatives };
    if (alternatives.flat(Infinity as 1).some((node) => hasBoundary(node))) {
      throw invalidRegex(
        this.source,
        `the lookbehind at character ${open} holds "\\b" or "\\B", which the search engine cannot test there`,
      );
    }
    return {
      kind: 'assert',
      source: `${lookbehind}${alternatives.map((alternative) => alternative.map(emitPlain).join('')).join('|')})`,
    };
  }

  private characterClass(): Node {
    const open = this.position;
    const close = classEnd(this.source, this.at);
    if (close === -1)
      throw invalidRegex(
        this.source,
        `the class "[" opened at character ${open} is never closed (add "]", or escape it as "\\[")`,
      );
    const negated = this.source[this.at + 1] === '^';
    const bodyStart = this.at + (negated ? 2 : 1);
    const { body, word } = translateClassBody(this.source.slice(bodyStart, close), (what) =>
      invalidRegex(this.source, `${what} in the class at character ${open}`),
    );
    this.at = close + 1;
    return this.oneLine(`[${negated ? '^' : ''}${body}]`, negated ? 'mixed' : word, negated);
  }

  /**
   * An atom that never takes a line break, as a search is per line: "\n" goes into a negated class, and any
   * other atom that can take one is checked after the fact ("[\s\S]" becomes "(?:[\s\S](?<!\n))").
   */
  private oneLine(atom: string, word: Wordness, negated: boolean): Node {
    if (!this.matchesNewline(atom)) return { kind: 'char', source: atom, word };
    if (negated) return { kind: 'char', source: `[^\\n${atom.slice(2)}`, word };
    return { kind: 'char', source: `(?:${atom}(?<!\\n))`, word };
  }

  private escape(): Node {
    const at = this.position;
    const rest = this.source.slice(this.at);
    const next = rest[1];
    if (next === undefined)
      throw invalidRegex(this.source, `the pattern ends with a lone "\\" (write "\\\\" for a backslash)`);
    const reference = /^\\(?:[1-9]\d*|k<[^>]*>)/.exec(rest);
    if (reference)
      throw unsupported(
        this.source,
        `the backreference "${reference[0]}"`,
        at,
        "Write the group's pattern again in its place, or search for it and compare the matches.",
      );
    this.at += 2;
    switch (next) {
      case 'b':
        return { kind: 'boundary', type: 'b', at };
      case 'B':
        return { kind: 'boundary', type: 'B', at };
      case 'A':
        return { kind: 'assert', source: '^' };
      case 'z':
        return { kind: 'assert', source: '$' };
      case 'w':
        return { kind: 'char', source: `[${WORD}]`, word: 'word' };
      case 'W':
        return { kind: 'char', source: `[^${WORD}\\n]`, word: 'other' };
      case 'd':
        return { kind: 'char', source: '[0-9]', word: 'word' };
      case 'D':
        return { kind: 'char', source: '[^0-9\\n]', word: 'mixed' };
      case 's':
        return { kind: 'char', source: `[${WHITE_SPACE.replace('\\n', '')}]`, word: 'other' };
      case 'S':
        return { kind: 'char', source: `[^${WHITE_SPACE}]`, word: 'mixed' };
      case 'n':
        return { kind: 'char', source: NEVER, word: 'none' };
      case 'Q':
        return this.quoted();
      case 'p':
      case 'P': {
        this.at -= 2;
        const property = /^\\[pP](?:\{([^}]*)\}|([A-Za-z]))/.exec(rest);
        if (!property)
          throw invalidRegex(
            this.source,
            `"\\${next}" at character ${at} must name a property in braces, such as \\${next}{L} or \\${next}{Greek}`,
          );
        this.at += property[0].length;
        const { atom, word } = propertyClass(property[1] ?? property[2] ?? '', next === 'P', (what) =>
          invalidRegex(this.source, `${what} (at character ${at})`),
        );
        return this.oneLine(atom, word, atom.startsWith('[^'));
      }
      default: {
        const code = unicodeEscape(rest);
        if (code !== null) {
          this.at += code.length - 2;
          return this.literal(String.fromCodePoint(code.value));
        }
        // Punctuation escapes itself; a letter RE2 knows (\t, \r, \f, \v, \x…) is passed on, and one it does not
        // know is refused by the engine, whose message names it.
        return {
          kind: 'char',
          source: `\\${next}`,
          word: /[\p{L}\p{N}_]/u.test(next) && !/[trfvax]/.test(next) ? 'mixed' : 'other',
        };
      }
    }
  }

  /** "\Q…\E": every character up to "\E" (or the end) as itself. */
  private quoted(): Node {
    const end = this.source.indexOf('\\E', this.at);
    const text = this.source.slice(this.at, end === -1 ? this.source.length : end);
    this.at = end === -1 ? this.source.length : end + 2;
    const chars = [...text].map((char) => this.literal(char));
    return { kind: 'group', prefix: '(?:', alternatives: [chars] };
  }
}

/** The index of the "]" closing the class that opens at `at`, or -1. A "]" first in the class is a literal. */
function classEnd(source: string, at: number): number {
  let i = at + 1;
  if (source[i] === '^') i++;
  if (source[i] === ']') i++;
  for (; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === '[' && source[i + 1] === ':') {
      const posix = source.indexOf(':]', i + 2);
      if (posix !== -1) i = posix + 1;
    } else if (source[i] === ']') return i;
  }
  return -1;
}

function hasBoundary(node: Node): boolean {
  if (node.kind === 'boundary') return true;
  if (node.kind === 'group') return node.alternatives.some((alternative) => alternative.some(hasBoundary));
  if (node.kind === 'repeat') return hasBoundary(node.body);
  return false;
}

/** A tree with no boundary left, in RE2's syntax. */
export function emitPlain(node: Node): string {
  switch (node.kind) {
    case 'char':
    case 'assert':
      return node.source;
    case 'marker':
      return '()';
    case 'group':
      return `${node.prefix}${node.alternatives.map((alternative) => alternative.map(emitPlain).join('')).join('|')})`;
    case 'repeat':
      return `${emitPlain(node.body)}${quantifier(node.min, node.max)}${node.lazy ? '?' : ''}`;
    case 'boundary':
      throw new Error('emitPlain: a word boundary is left in the tree (lowerBoundaries must run first)');
  }
}

function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? '*' : min === 1 ? '+' : `{${min},}`;
  if (min === 0 && max === 1) return '?';
  return min === max ? `{${min}}` : `{${min},${max}}`;
}
