import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flipHunks, redoFromUndo, type RunText } from '../../../src/core/review/hunkMerge';
import { lineBlocks, splitLines } from '../../../src/core/review/lineBlocks';

/** What happens to each line of a text: kept, replaced by a new line, removed, or a new line put before it. */
const edit = fc.array(fc.constantFrom('keep', 'keep', 'keep', 'keep', 'replace', 'delete', 'insert'), {
  minLength: 0,
  maxLength: 14,
});
const ending = fc.constantFrom('\n', '\n', '\r\n');

/**
 * Every line is unique and says who wrote it ("b3" before the run, "r2" the run, "u5" the person since), so where a
 * line came from can be told after any merge.
 */
function applyEdit(lines: string[], ops: readonly string[], tag: string, endings: readonly string[]): string[] {
  const out: string[] = [];
  let made = 0;
  const fresh = (): string => `${tag}${made++}${endings[made % endings.length] ?? '\n'}`;
  lines.forEach((line, index) => {
    const op = ops[index] ?? 'keep';
    if (op === 'insert') out.push(fresh(), line);
    else if (op === 'replace') out.push(fresh());
    else if (op === 'keep') out.push(line);
  });
  if (ops.length > lines.length && ops[lines.length] === 'insert') out.push(fresh());
  return out;
}

const world = fc.record({
  size: fc.integer({ min: 0, max: 12 }),
  endings: fc.array(ending, { minLength: 1, maxLength: 4 }),
  lastHasBreak: fc.boolean(),
  run: edit,
  since: edit,
  flip: fc.array(fc.nat(), { maxLength: 6 }),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

function build(w: World) {
  const before = Array.from({ length: w.size }, (_, i) => `b${i}${w.endings[i % w.endings.length] ?? '\n'}`);
  if (!w.lastHasBreak && before.length > 0) before[before.length - 1] = `b${before.length - 1}`;
  // Through the text and back: a line added after a last line with no break joins it, as in a real file.
  const after = splitLines(applyEdit(before, w.run, 'r', w.endings).join(''));
  const text: RunText = { before, after, blocks: lineBlocks(before, after) };
  const now = splitLines(applyEdit(after, w.since, 'u', w.endings).join(''));
  const flip = text.blocks.length === 0 ? [] : w.flip.map((n) => n % text.blocks.length);
  return { text, now, flip };
}

describe('hunkMerge', () => {
  it('should give back the file byte for byte when an undo is redone', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { text, now, flip } = build(w);
        const undone = flipHunks(text, new Set(), now, flip, false);
        const left = undone.lines ?? now;
        // The undo is a run of its own: what it found and what it left.
        const undo: RunText = { before: now, after: left, blocks: lineBlocks(now, left) };
        const redone = redoFromUndo(undo, undone.spots, left, false);
        expect((redone.lines ?? left).join('')).toBe(now.join(''));
        expect(redone.applied).toEqual(undone.applied);
      }),
      { numRuns: 500 },
    );
  });

  it('should never touch a line the run did not write, and bring back only lines the run removed', () => {
    fc.assert(
      fc.property(world, (w) => {
        const { text, now, flip } = build(w);
        const result = flipHunks(text, new Set(), now, flip, false);
        const out = result.lines ?? now;
        const gone = now.filter((line) => !out.includes(line));
        const came = out.filter((line) => !now.includes(line));
        // Lines this undo took away were the run's own; lines it added are lines the run had removed.
        expect(gone.every((line) => text.after.includes(line) && !text.before.includes(line))).toBe(true);
        const removedByRun = text.before.filter((line) => !text.after.includes(line));
        expect(came.every((line) => removedByRun.includes(line))).toBe(true);
        // Everything else keeps its order: the file now, less what went, is the result, less what came.
        expect(out.filter((line) => !came.includes(line))).toEqual(now.filter((line) => !gone.includes(line)));
        // With nothing changed since, undoing every hunk gives the file as it was before the run.
        if (w.since.every((op) => op === 'keep')) {
          const all = flipHunks(
            text,
            new Set(),
            now,
            text.blocks.map((_, i) => i),
            false,
          );
          expect((all.lines ?? now).join('')).toBe(text.before.join(''));
          expect(all.changedSince).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('should keep line breaks as they are when splitting and joining', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é') }), (value) => {
        expect(splitLines(value).join('')).toBe(value);
      }),
    );
  });
});
