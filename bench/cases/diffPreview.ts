import { diffWordsWithSpace, structuredPatch } from 'diff';
import { performance } from 'node:perf_hooks';
import { buildPreview } from '../../src/core/tool-execution/changePreview/buildPreview';
import { MemoryVault } from '../../src/node/MemoryVault';
import { namedLines, note, paragraph, sortedTasks } from '../../test/builders/largeNotes';
import { measure, ms, type BenchRow } from '../measure';
import { nodeYaml } from '../../src/node/nodeYaml';

interface Shape {
  name: string;
  /** The old and new note at full size, and at a fifth of it for the unbounded diff. */
  texts: (scale: number) => [string, string];
}

const SHAPES: Shape[] = [
  { name: 'sorted 10,000-line note reversed', texts: (scale) => reversed(sortedTasks(10_000 / scale)) },
  {
    name: 'two unrelated 20,000-line notes',
    texts: (scale) => [note(namedLines('Old', 20_000 / scale)), note(namedLines('New', 20_000 / scale))],
  },
  {
    name: 'two different 50,000-character one-line paragraphs',
    texts: (scale) => [`${paragraph(1, 50_000 / scale)}\n`, `${paragraph(2, 50_000 / scale)}\n`],
  },
  {
    name: 'every 40th line of a 20,000-line note rewritten (the most changed lines still diffed)',
    texts: (scale) => everyFortieth(20_000 / scale),
  },
];

const TARGET_MS = 200;

function reversed(lines: string[]): [string, string] {
  return [note(lines), note([...lines].reverse())];
}

/** 500 changed lines in 20,000, so 1,000 lines added and removed: the most the line diff searches for. */
function everyFortieth(count: number): [string, string] {
  const lines = namedLines('Log', count);
  return [note(lines), note(lines.map((line, i) => (i % 40 === 20 ? `${line} (checked)` : line)))];
}

/** The diff before it was bounded: a line diff of the whole texts, then a word diff of every pair of changed lines. */
function unboundedDiff(before: string, after: string): void {
  for (const hunk of structuredPatch('old', 'new', before, after, undefined, undefined, { context: 3 }).hunks) {
    const removed = hunk.lines.filter((line) => line.startsWith('-'));
    const added = hunk.lines.filter((line) => line.startsWith('+'));
    for (let i = 0; i < Math.min(removed.length, added.length); i++)
      diffWordsWithSpace((removed[i] as string).slice(1), (added[i] as string).slice(1));
  }
}

/**
 * The approval card's preview of a write (read the note, diff, warnings) for the shapes that froze Obsidian, and
 * the unbounded diff they replaced: it grows with the square of the size, so it runs once at a fifth of the size
 * and is scaled by 25.
 */
export async function diffPreviewBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const shape of SHAPES) {
    const [before, after] = shape.texts(1);
    const vault = new MemoryVault({ 'Note.md': before });
    const timing = await measure(
      () => buildPreview([{ kind: 'modify', path: 'Note.md', content: after }], vault, nodeYaml),
      {
        warmup: 1,
        runs: 7,
      },
    );
    const [smallBefore, smallAfter] = shape.texts(5);
    const start = performance.now();
    unboundedDiff(smallBefore, smallAfter);
    const estimate = (performance.now() - start) * 25;
    rows.push({
      area: 'change preview',
      measure: `${shape.name}: unbounded diff (estimated from a fifth of the size) → bounded preview`,
      result: `${(estimate / 1000).toFixed(1)} s → ${ms(timing.median)} ms (p95 ${ms(timing.p95)})`,
      target: `≤ ${TARGET_MS} ms`,
      met: timing.p95 <= TARGET_MS,
    });
  }
  return rows;
}
