import { AgentError } from '../errors';
import { NEVER, type BoundaryType, type Node } from './regexSyntax';
import { WORD } from './regexClasses';

/**
 * RE2's "\b" knows only ASCII word characters, and RE2 has no lookahead, but re2js runs lookbehinds in linear
 * time. A word boundary compares the character before a position with the one after it: the one before is a
 * lookbehind, and the one after is the next character the pattern takes, so the test moves onto that character,
 * checked by a lookbehind once it is taken. `\bnota` becomes `(?<![W])nota` ("n" is a word character), and `\b.`
 * becomes `(?:(?<=[W]).(?<![W])|(?<![W]).(?<=[W]))`. Where the pattern ends right after a boundary, the character
 * after the match is taken too, after an empty group that marks where the match really ends (see CompiledRegex).
 *
 * Where the next character is reached through an optional part or a group's end, the rest of the pattern is copied
 * into each way there; a boundary at the end of a repeated group, whose next character is the group's own start
 * or what follows it, is refused.
 */

const IS_WORD = `[${WORD}]`;
const WORD_BEFORE = `(?<=${IS_WORD})`;
const NO_WORD_BEFORE = `(?<!${IS_WORD})`;
const NOT_WORD_OR_END = `(?:[^${WORD}\\n]|$)`;
/** Nodes a pattern may grow to when the rest of it is copied into each way to a boundary's next character. */
const MAX_NODES = 5000;

/** What follows a sequence up to the end of the pattern; not `complete` inside a repeated group. */
interface Tail {
  nodes: Node[];
  complete: boolean;
}

/** A sequence with no boundary left; `absorbed` when it holds its tail too (which the caller then drops). */
interface Lowered {
  nodes: Node[];
  absorbed: boolean;
}

/** `alternatives` (a whole pattern) with every boundary replaced by lookbehinds, as explained above. */
export function lowerBoundaries(alternatives: Node[][], source: string): Node[][] {
  const lowering = new Lowering(source);
  return alternatives.map((alternative) => lowering.sequence(alternative, { nodes: [], complete: true }).nodes);
}

class Lowering {
  private nodes = 0;

  constructor(private readonly source: string) {}

  sequence(seq: readonly Node[], tail: Tail): Lowered {
    const out: Node[] = [];
    for (const [index, node] of seq.entries()) {
      const rest = seq.slice(index + 1);
      if (node.kind === 'boundary') return this.prefixed(out, this.push([node.type], rest, tail, node.at));
      if (node.kind === 'group') {
        const inner = { nodes: [...rest, ...tail.nodes], complete: tail.complete };
        const alternatives = node.alternatives.map((alternative) => this.sequence(alternative, inner));
        if (alternatives.some((alternative) => alternative.absorbed))
          return this.prefixed(out, this.joined(node.prefix, alternatives, rest, tail));
        out.push({ ...node, alternatives: alternatives.map((alternative) => alternative.nodes) });
      } else if (node.kind === 'repeat') {
        out.push({ ...node, body: this.single(node.body) });
      } else {
        out.push(node);
      }
    }
    return { nodes: out, absorbed: false };
  }

  /** A repeated group's body: a boundary there must find its next character inside the body. */
  private single(body: Node): Node {
    const lowered = this.sequence([body], { nodes: [], complete: false }).nodes;
    return lowered.length === 1 ? (lowered[0] as Node) : { kind: 'group', prefix: '(?:', alternatives: [lowered] };
  }

  /** `pending` boundaries hold at the start of `seq`, followed by `tail`. */
  private push(pending: BoundaryType[], seq: readonly Node[], tail: Tail, at: number): Lowered {
    this.count(seq.length + tail.nodes.length, at);
    const [node, ...rest] = seq;
    if (!node) {
      if (tail.nodes.length > 0)
        return {
          nodes: this.push(pending, tail.nodes, { nodes: [], complete: tail.complete }, at).nodes,
          absorbed: true,
        };
      if (!tail.complete) throw this.atGroupEnd(at);
      return { nodes: [{ kind: 'marker' }, trailing(pending)], absorbed: true };
    }
    switch (node.kind) {
      case 'char':
        return this.prefixed([consumed(node, pending)], this.sequence(rest, tail));
      case 'assert':
        return this.prefixed([node], this.push(pending, rest, tail, at));
      case 'boundary':
        return this.push([...pending, node.type], rest, tail, at);
      case 'marker':
        return this.prefixed([node], this.push(pending, rest, tail, at));
      case 'group': {
        const inner = { nodes: [...rest, ...tail.nodes], complete: tail.complete };
        const alternatives = node.alternatives.map((alternative) => this.push(pending, alternative, inner, at));
        if (alternatives.some((alternative) => alternative.absorbed))
          return this.joined(node.prefix, alternatives, rest, tail);
        return this.prefixed(
          [{ ...node, alternatives: alternatives.map((alternative) => alternative.nodes) }],
          this.sequence(rest, tail),
        );
      }
      case 'repeat': {
        // Each way through a body that can take nothing would lead to the body again, without end.
        if (nullable(node.body)) throw this.beforeEmptyRepeat(at);
        const again: Node[] = node.max === 1 ? [] : [{ ...node, min: Math.max(0, node.min - 1), max: node.max - 1 }];
        // The boundary is tested inside the first time round (the body takes a character); a boundary the body
        // leaves at its end would need the next time round, and is refused there.
        const first = this.push(pending, [node.body], { nodes: [], complete: false }, at);
        const take = this.prefixed(first.nodes, this.sequence([...again, ...rest], tail));
        if (node.min > 0) return take;
        // Optional: taken (the greedy way first) or not, each way with the rest of the pattern after it.
        const skip = this.push(pending, rest, tail, at);
        return this.joined('(?:', node.lazy ? [skip, take] : [take, skip], [], tail);
      }
    }
  }

  /** A group of `alternatives`; those that do not hold the tail yet get `rest` and the tail appended. */
  private joined(prefix: string, alternatives: Lowered[], rest: readonly Node[], tail: Tail): Lowered {
    const after = this.sequence(rest, tail);
    if (!alternatives.some((alternative) => alternative.absorbed)) {
      return {
        nodes: [
          { kind: 'group', prefix, alternatives: alternatives.map((alternative) => alternative.nodes) },
          ...after.nodes,
        ],
        absorbed: after.absorbed,
      };
    }
    const afterAll = after.absorbed
      ? after.nodes
      : [...after.nodes, ...this.sequence(tail.nodes, { nodes: [], complete: tail.complete }).nodes];
    const filled = alternatives.map((alternative) =>
      alternative.absorbed ? alternative.nodes : [...alternative.nodes, ...afterAll],
    );
    return { nodes: [{ kind: 'group', prefix, alternatives: filled }], absorbed: true };
  }

  private prefixed(before: Node[], lowered: Lowered): Lowered {
    return { nodes: [...before, ...lowered.nodes], absorbed: lowered.absorbed };
  }

  private count(nodes: number, at: number): void {
    this.nodes += nodes;
    if (this.nodes > MAX_NODES) {
      throw new AgentError(
        'INVALID_REGEX',
        `\`query\` has a word boundary at character ${at} followed by so many optional parts that the pattern would grow too large to run; make the part after it required, or drop the "\\b"`,
        { query: this.source },
      );
    }
  }

  private beforeEmptyRepeat(at: number): AgentError {
    return new AgentError(
      'INVALID_REGEX',
      `\`query\` has a word boundary at character ${at} before a repeated part that can match nothing, which the search engine cannot test there; make the repeated part take at least one character`,
      { query: this.source },
    );
  }

  private atGroupEnd(at: number): AgentError {
    return new AgentError(
      'INVALID_REGEX',
      `\`query\` has a word boundary at character ${at} at the end of a repeated group, which the search engine cannot test there (RE2 looks only backwards); move the "\\b" out of the group, e.g. "(?:\\w+ )*\\w+\\b" instead of "(?:\\w+\\b ?)*"`,
      { query: this.source },
    );
  }
}

/** Whether `node` can match without taking a character. */
function nullable(node: Node): boolean {
  switch (node.kind) {
    case 'char':
      return false;
    case 'group':
      return node.alternatives.some((alternative) => alternative.every(nullable));
    case 'repeat':
      return node.min === 0 || nullable(node.body);
    default:
      return true;
  }
}

/** Whether a boundary of `type` holds between a character that is (or not) a word character and the next one. */
function holds(type: BoundaryType, before: boolean, after: boolean): boolean {
  if (type === 'b') return before !== after;
  if (type === 'B') return before === after;
  return !after;
}

/** The ways (word before?, word after?) in which every pending boundary holds, grouped by the character after. */
function ways(
  pending: readonly BoundaryType[],
  afterOptions: readonly boolean[],
): { after: boolean; before: 'word' | 'other' | 'any' }[] {
  const result: { after: boolean; before: 'word' | 'other' | 'any' }[] = [];
  for (const after of afterOptions) {
    const word = pending.every((type) => holds(type, true, after));
    const other = pending.every((type) => holds(type, false, after));
    if (word || other) result.push({ after, before: word && other ? 'any' : word ? 'word' : 'other' });
  }
  return result;
}

function behind(before: 'word' | 'other' | 'any'): string {
  return before === 'any' ? '' : before === 'word' ? WORD_BEFORE : NO_WORD_BEFORE;
}

/** The character `node` takes, where `pending` boundaries hold just before it. */
function consumed(node: Extract<Node, { kind: 'char' }>, pending: readonly BoundaryType[]): Node {
  const afterOptions =
    node.word === 'word' ? [true] : node.word === 'other' ? [false] : node.word === 'none' ? [] : [true, false];
  const options = ways(pending, afterOptions);
  if (options.length === 0) return { kind: 'char', source: NEVER, word: 'none' };
  const checked = node.word === 'mixed';
  const sources = options.map(
    ({ after, before }) => `${behind(before)}${node.source}${checked ? (after ? WORD_BEFORE : NO_WORD_BEFORE) : ''}`,
  );
  if (options.every((option) => option.before === 'any') && (!checked || options.length === 2)) return node;
  return { kind: 'char', source: `(?:${sources.join('|')})`, word: node.word };
}

/** Pending boundaries at the end of the pattern: the character after the match is taken, behind a marker. */
function trailing(pending: readonly BoundaryType[]): Node {
  const options = ways(pending, [true, false]);
  if (options.length === 0) return { kind: 'char', source: NEVER, word: 'none' };
  const sources = options.map(({ after, before }) => `${behind(before)}${after ? IS_WORD : NOT_WORD_OR_END}`);
  return { kind: 'assert', source: `(?:${sources.join('|')})` };
}
