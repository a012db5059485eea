import { Parser, type Node } from './regexParser';
import { escapeRegex } from './escapeRegex';
import { toUnicodeRegex } from './unicodeRegex';

/**
 * How the worst-case work of a backtracking match grows with a line's length n, as a power of n. Shapes that grow
 * exponentially are refused up front (regexGuard); what is left can still be polynomial: `.*a.*x` on a line of
 * 1,000 "a"s took 0.4 s and `.*a.*a.*x` 54 s, because each open-ended repetition that can take the same characters
 * as the one before it tries every split of the line, and a failing match is tried from every start.
 *
 * The estimate counts the longest chain of such repetitions: two in a row belong to one chain when their characters
 * overlap and nothing the earlier one cannot take stands between them. `\d+-\d+` is no chain, since "-" pins the
 * split; `.*a.*x` is a chain of two. The degree is that count plus one for the start positions (none for a pattern
 * anchored with "^"), so at least 1.
 */
export function regexCostDegree(source: string): number {
  const model = regexCostModel(source);
  return model.chain + (model.anchored ? 0 : 1);
}

/**
 * What a line's worst-case work depends on. The split between two repetitions of a chain can only fall before
 * the literal text between them, so a line where "foo" occurs once costs `.*foo.*x` n², not n³; and a match
 * starting with a literal starts only where that literal occurs.
 */
export interface RegexCostModel {
  /** Open-ended repetitions in the longest chain (0: the pattern runs in linear time). */
  chain: number;
  anchored: boolean;
  /** The literal text every match starts with, when there is one. */
  leading: string;
  /** Per link of the chain, the literal text between its two repetitions ('' for none). */
  separators: string[];
  /**
   * Per repetition of the chain, a global pattern for the runs of characters it can take (null: any run), since
   * a repetition never reaches past the longest run: `w\\w*s` on "word word …" costs a few steps per start.
   */
  runs: (RegExp | null)[];
}

export function regexCostModel(source: string): RegexCostModel {
  let worst: Chain = { length: 0, separators: [], runs: [] };
  const alternatives = new Parser(toUnicodeRegexQuietly(source)).sequenceUntilClose();
  for (const alternative of alternatives) {
    const chain = longestChain(flatten(alternative));
    if (chain.length > worst.length) worst = chain;
  }
  const single = alternatives.length === 1 ? flatten(alternatives[0] ?? []) : [];
  return { chain: worst.length, anchored: source.startsWith('^'), leading: leadingLiteral(single), separators: worst.separators, runs: worst.runs };
}

/** Under this, an estimate is small enough not to refine: refining costs a scan of the line per repetition. */
const ROUGH_ENOUGH = 100_000;

/**
 * Estimated steps a backtracking match of the modelled pattern may take on `line` in the worst case: the start
 * positions, times the splits each link of the chain can try, times the final scan of the line. First with each
 * repetition taken to reach the whole line; only an estimate that is then large is refined with the longest run
 * each repetition can really take (a scan of the line each).
 */
export function worstCaseWork(model: RegexCostModel, line: string, caseSensitive: boolean): number {
  const n = line.length;
  if (model.chain === 0) return n;
  const counter = literalCounter(line, caseSensitive);
  const starts = model.anchored ? 1 : model.leading === '' ? n : counter(model.leading);
  const splits = model.separators.map((separator) => (separator === '' ? n : counter(separator)));
  const rough = splits.reduce((work, count) => work * Math.max(1, count), starts) * Math.max(1, n);
  if (rough <= ROUGH_ENOUGH) return rough;
  const runs = model.runs.map((run) => (run ? longestRun(run, line) : n));
  const refined = splits.reduce((work, count, link) => work * Math.max(1, Math.min(count, runs[link] ?? n)), starts);
  return refined * Math.max(1, runs[runs.length - 1] ?? n);
}

/** Counts a literal's occurrences in `line`, ignoring case unless told not to, without copying the line. */
function literalCounter(line: string, caseSensitive: boolean): (literal: string) => number {
  return (literal) => {
    if (caseSensitive) return occurrences(line, literal);
    const pattern = new RegExp(escapeRegex(literal), 'giu');
    let count = 0;
    while (pattern.exec(line) !== null) count++;
    return count;
  };
}

function longestRun(run: RegExp, line: string): number {
  let longest = 0;
  run.lastIndex = 0;
  for (let match = run.exec(line); match !== null; match = run.exec(line)) {
    longest = Math.max(longest, match[0].length);
    if (match[0].length === 0) run.lastIndex++;
  }
  return longest;
}

function occurrences(text: string, literal: string): number {
  let count = 0;
  for (let at = text.indexOf(literal); at !== -1; at = text.indexOf(literal, at + literal.length)) count++;
  return count;
}

/** A consuming piece of the pattern, in order: one atom, or a repeated group taken as a whole. */
interface Piece {
  unbounded: boolean;
  optional: boolean;
  /** The one character the piece stands for, when it is a plain literal. */
  literal: string | null;
  /** Finds the runs of characters the piece can take, for an atom (see RegexCostModel.runs). */
  run: RegExp | null;
  /** Whether the piece can match this one character. */
  takes(char: string): boolean;
}

function flatten(nodes: readonly Node[]): Piece[] {
  const pieces: Piece[] = [];
  for (const node of nodes) {
    if (node.kind === 'atom') {
      const matcher = atomMatcher(node.text);
      // "^", "$", "\b" and the like take no character: they neither extend nor break a chain.
      if (matcher) pieces.push({ unbounded: node.unbounded, optional: node.optional, literal: node.unbounded || node.optional ? null : literalOf(node.text), run: runPattern(node.text), takes: matcher });
    } else if (node.unbounded) {
      const inner = node.alternatives.flat().flatMap((child) => flatten([child]));
      pieces.push({ unbounded: true, optional: true, literal: null, run: null, takes: (char) => inner.some((piece) => piece.takes(char)) });
    } else if (node.alternatives.length === 1) {
      pieces.push(...flatten(node.alternatives[0] ?? []));
    } else {
      // Alternatives: the costliest one counts, and the group breaks no chain (it may match what came before).
      const branches = node.alternatives.map(flatten);
      const unbounded = branches.some((branch) => branch.some((piece) => piece.unbounded));
      pieces.push({ unbounded, optional: true, literal: null, run: null, takes: (char) => branches.some((branch) => branch.some((piece) => piece.takes(char))) });
    }
  }
  return pieces;
}

interface Chain {
  length: number;
  separators: string[];
  runs: (RegExp | null)[];
}

function longestChain(pieces: readonly Piece[]): Chain {
  let longest: Chain = { length: 0, separators: [], runs: [] };
  let chain: Chain = { length: 0, separators: [], runs: [] };
  let last: Piece | null = null;
  // The literal run right after the last repetition: what the next link's split must fall before.
  let separator = '';
  let separatorOpen = true;
  for (const piece of pieces) {
    if (piece.unbounded) {
      chain = last && overlap(last, piece) ? { length: chain.length + 1, separators: [...chain.separators, separator], runs: [...chain.runs, piece.run] } : { length: 1, separators: [], runs: [piece.run] };
      last = piece;
      separator = '';
      separatorOpen = true;
    } else if (last && !piece.optional && !SAMPLES.some((char) => piece.takes(char) && last?.takes(char))) {
      // A character the open repetition cannot take: the split before it is fixed.
      chain = { length: 0, separators: [], runs: [] };
      last = null;
    } else if (separatorOpen && piece.literal !== null) {
      separator += piece.literal;
    } else {
      separatorOpen = separator === '';
    }
    if (chain.length > longest.length) longest = chain;
  }
  return longest;
}

/** The literal characters a match starts with: the leading literal pieces before anything else. */
function leadingLiteral(pieces: readonly Piece[]): string {
  let text = '';
  for (const piece of pieces) {
    if (piece.literal === null) break;
    text += piece.literal;
  }
  return text;
}

/** The character an atom stands for when it is one fixed character, else null. */
function literalOf(text: string): string | null {
  if (text.length === 1 && !'.^$|'.includes(text)) return text;
  if (text.length === 2 && text[0] === '\\' && /[^\w]/.test(text[1] ?? '')) return text[1] ?? null;
  return null;
}

function toUnicodeRegexQuietly(source: string): string {
  try {
    return toUnicodeRegex(source);
  } catch {
    return source;
  }
}

/** Characters standing for the classes a pattern can name: ASCII, Latin accents, other scripts, spaces, emoji. */
const SAMPLES = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\t', '\u00a0', 'é', 'ß', 'ж', 'λ', '中', 'あ', 'ش', '١', '😀'];

function overlap(a: Piece, b: Piece): boolean {
  return SAMPLES.some((char) => a.takes(char) && b.takes(char));
}

/** The global pattern for runs of what an atom takes, case-insensitive like the search's worst case. */
function runPattern(text: string): RegExp | null {
  if (text === '.') return null;
  try {
    return new RegExp(`(?:${text})+`, 'giu');
  } catch {
    return null;
  }
}

/** A test of one character against an atom, or null for an atom that takes none (an anchor or boundary). */
function atomMatcher(text: string): ((char: string) => boolean) | null {
  if (/^(?:\^|\$|\\[bBAzZG])$/.test(text)) return null;
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${text})$`, 'iu');
  } catch {
    try {
      regex = new RegExp(`^(?:${text})$`, 'i');
    } catch {
      // Unreadable on its own: assume it takes anything, which only makes the estimate more careful.
      return () => true;
    }
  }
  return (char) => regex.test(char);
}
