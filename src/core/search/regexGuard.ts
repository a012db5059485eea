import { Parser, refuse, type Node } from './regexParser';

/**
 * JavaScript's regex engine backtracks, and no linear-time engine is available here, so a pattern shaped like
 * `(x+)+y` takes exponential time on a line that almost matches: 30 "x"s held Obsidian's one thread for over a
 * minute, with no way to cancel. `assertSafeRegex` refuses the shapes that do this before anything runs: a
 * repeated group holding an unbounded repetition, a repeated group whose alternatives can match the same text,
 * two repetitions in a row of the same atom (or of "."), and backreferences. It reads a pattern the engine has already accepted, so it needs no error handling of
 * its own. It is deliberately cautious: `(\w+\s)+` is refused too, and the message says how to write it.
 */

/** Throws INVALID_REGEX naming the construct when `source` has a shape that can backtrack exponentially. */
export function assertSafeRegex(source: string): void {
  const parser = new Parser(source);
  for (const alternative of parser.sequenceUntilClose()) check(alternative, source);
}

/** `nodes` is one alternative: a sequence. */
function check(nodes: readonly Node[], source: string): void {
  for (const [index, node] of nodes.entries()) {
    const next = nodes[index + 1];
    if (node.kind === 'atom' && next?.kind === 'atom' && node.unbounded && next.unbounded && (node.text === next.text || node.text === '.' || next.text === '.')) {
      // Each could take every character the pair matches, so a failing match tries every split: one more power
      // of the line's length per pair. Either one alone matches the same, so refusing loses nothing.
      refuse(source, `repeats "${next.written}" right after "${node.written}", and both take the same characters`, 'write the repetition once: "x*" instead of "x*x*", ".*" instead of ".*.*"');
    }
    if (node.kind === 'atom') continue;
    if (node.repeats) {
      const inner = node.alternatives.flat().flatMap(descendants).find((child) => child.unbounded);
      if (inner) refuse(source, `repeats the group "${node.text}", which holds a repetition of its own ("${inner.kind === 'atom' ? inner.written : inner.text}")`, 'repeat once: "x+" instead of "(x+)+", "\\w+(?: \\w+)*" for words');
      const overlap = overlappingAlternatives(node.alternatives);
      if (overlap) refuse(source, `repeats the group "${node.text}", whose alternatives "${overlap[0]}" and "${overlap[1]}" can match the same text`, 'make each alternative start differently, or use a character class ("[ab]+" instead of "(a|ab)+")');
    }
    for (const alternative of node.alternatives) check(alternative, source);
  }
}

function descendants(node: Node): Node[] {
  return node.kind === 'atom' ? [node] : [node, ...node.alternatives.flat().flatMap(descendants)];
}

/** Two alternatives of a repeated group that may begin with the same character, or null when none can. */
function overlappingAlternatives(alternatives: readonly Node[][]): [string, string] | null {
  if (alternatives.length < 2) return null;
  const firsts = alternatives.map((alternative) => alternative[0]);
  const label = (node: Node | undefined): string => (node ? node.text : '');
  for (let i = 0; i < firsts.length; i++) {
    for (let j = i + 1; j < firsts.length; j++) {
      if (mayStartAlike(firsts[i], firsts[j])) return [label(firsts[i]), label(firsts[j])];
    }
  }
  return null;
}

function mayStartAlike(a: Node | undefined, b: Node | undefined): boolean {
  // An empty alternative, a group or an optional first atom: too varied to compare, so taken as overlapping.
  if (!a || !b || a.kind === 'group' || b.kind === 'group' || a.optional || b.optional) return true;
  const literalA = literal(a.text);
  const literalB = literal(b.text);
  if (literalA !== null && literalB !== null) return literalA.toLowerCase() === literalB.toLowerCase();
  if (literalA !== null) return matchesChar(b.text, literalA);
  if (literalB !== null) return matchesChar(a.text, literalB);
  return true;
}

/** The character an atom stands for when it is one fixed character, else null. */
function literal(text: string): string | null {
  if (text.length === 1 && text !== '.') return text;
  if (text.length === 2 && text[0] === '\\' && /[^\w]/.test(text[1] ?? '')) return text[1] ?? null;
  return null;
}

function matchesChar(atom: string, char: string): boolean {
  try {
    return new RegExp(`^(?:${atom})$`, 'iu').test(char);
  } catch {
    return true;
  }
}
