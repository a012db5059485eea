import { AgentError } from '../errors';

/** The shape of a regular expression, as far as regexGuard and regexCost need it: groups, alternatives, quantifiers. */

export interface Atom {
  kind: 'atom';
  /** The atom as written: a character, an escape, a class or ".". */
  text: string;
  /** The atom with its quantifier, for the error message. */
  written: string;
  unbounded: boolean;
  /** May match nothing ("?", "*", "{0,2}"): what follows it may start the match instead. */
  optional: boolean;
}
export interface Group {
  kind: 'group';
  /** The group as written, with its quantifier, for the error message. */
  text: string;
  alternatives: Node[][];
  /** Repeated more than once at most ("*", "+", "{2,}", "{1,5}"). */
  repeats: boolean;
  unbounded: boolean;
}
export type Node = Atom | Group;

export function refuse(source: string, what: string, rewrite: string): never {
  throw new AgentError('INVALID_REGEX', `\`query\` ${what}: on text that almost matches, such a pattern can run for minutes. Rewrite it (${rewrite}), or search with mode "plain"`, { query: source });
}


/** Just enough of the regex grammar to find groups, their alternatives and quantifiers. */
export class Parser {
  private at = 0;

  constructor(private readonly source: string) {}

  /** Alternatives up to the ")" closing the current group (or the end), the ")" consumed. */
  sequenceUntilClose(): Node[][] {
    const alternatives: Node[][] = [[]];
    while (this.at < this.source.length) {
      const char = this.source[this.at] as string;
      if (char === ')') {
        this.at++;
        break;
      }
      if (char === '|') {
        this.at++;
        alternatives.push([]);
        continue;
      }
      (alternatives[alternatives.length - 1] as Node[]).push(this.node());
    }
    return alternatives;
  }

  private node(): Node {
    const start = this.at;
    const char = this.source[this.at] as string;
    if (char === '(') {
      this.at++;
      this.skipGroupPrefix();
      const alternatives = this.sequenceUntilClose();
      const quantifier = this.quantifier();
      return { kind: 'group', text: this.source.slice(start, this.at), alternatives, repeats: quantifier.repeats, unbounded: quantifier.unbounded };
    }
    if (char === '[') this.skipClass();
    else if (char === '\\') this.escape();
    else this.at++;
    const text = this.source.slice(start, this.at);
    const { unbounded, optional } = this.quantifier();
    return { kind: 'atom', text, written: this.source.slice(start, this.at), unbounded, optional };
  }

  private skipGroupPrefix(): void {
    const prefix = /^\?(?:<[=!]|[:=!]|<[^>]*>)/.exec(this.source.slice(this.at));
    if (prefix) this.at += prefix[0].length;
  }

  private skipClass(): void {
    for (this.at++; this.at < this.source.length && this.source[this.at] !== ']'; this.at++) {
      if (this.source[this.at] === '\\') this.at++;
    }
    this.at++;
  }

  private escape(): void {
    const next = this.source[this.at + 1] ?? '';
    if (/[1-9]/.test(next) || (next === 'k' && this.source[this.at + 2] === '<')) {
      const reference = /^\\(?:\d+|k<[^>]*>)/.exec(this.source.slice(this.at))?.[0] ?? `\\${next}`;
      refuse(this.source, `uses the backreference "${reference}", which makes the engine try every way to split the text`, 'repeat the group itself, or search twice');
    }
    const braced = /^\\(?:[pPu]\{[^}]*\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z])/.exec(this.source.slice(this.at));
    this.at += braced ? braced[0].length : 2;
  }

  private quantifier(): { repeats: boolean; unbounded: boolean; optional: boolean } {
    const match = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??/.exec(this.source.slice(this.at));
    if (!match) return { repeats: false, unbounded: false, optional: false };
    this.at += match[0].length;
    const [, symbol, min, comma, max] = match;
    if (symbol) return { repeats: symbol !== '?', unbounded: symbol !== '?', optional: symbol !== '+' };
    const unbounded = comma !== undefined && max === '';
    return { repeats: unbounded || Number(comma === undefined ? min : max) > 1, unbounded, optional: min === '0' };
  }
}
