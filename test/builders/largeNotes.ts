/**
 * Large notes in the shapes that made the change preview's diff slow: long sorted lists, long unrelated notes and
 * long one-line paragraphs. Deterministic, for the diff tests and the diff benchmark.
 */

/** `count` task lines in sorted order, as a sorted list note holds them. */
export function sortedTasks(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `- [ ] Task ${String(i).padStart(5, '0')}: water the plants`);
}

/** `count` lines that share no line with another `name`'s. */
export function namedLines(name: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${name} line ${i}: notes on the garden plan`);
}

/** The lines as a note, each ending with a line break. */
export function note(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

/**
 * One line of prose from the commonest English words, some followed by a comma, picked by a seeded generator: two
 * seeds give paragraphs that share many short runs, which is what made the unbounded word diff slow.
 */
export function paragraph(seed: number, chars = 50_000): string {
  const words = 'the a of and to in is that it was for on are as with his they at be this from'.split(' ');
  let state = seed;
  const next = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  let text = '';
  while (text.length < chars)
    text += `${text ? ' ' : ''}${words[Math.floor(next() * words.length)] as string}${next() < 0.1 ? ',' : ''}`;
  return text;
}
