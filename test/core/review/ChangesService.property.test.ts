import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { splitLines } from '../../../src/core/review/lineBlocks';
import { reviewWorld, type ReviewWorld } from './harness';

const NOTES = ['a.md', 'Notes/b.md'];
const worlds: ReviewWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.cleanup();
});

/** An edit of a note's lines: each kept, replaced, removed, or given a new line before it. */
const lineOps = fc.array(fc.constantFrom('keep', 'keep', 'keep', 'replace', 'delete', 'insert'), { maxLength: 8 });
const step = fc.record({ by: fc.constantFrom('run', 'run', 'person'), note: fc.constantFrom(...NOTES), ops: lineOps });

function edited(text: string, ops: readonly string[], tag: string): string {
  const out: string[] = [];
  let made = 0;
  splitLines(text).forEach((line, index) => {
    const op = ops[index] ?? 'keep';
    const fresh = `${tag}.${made++}\n`;
    const whole = line.endsWith('\n') ? line : `${line}\n`;
    if (op === 'insert') out.push(fresh, whole);
    else if (op === 'replace') out.push(fresh);
    else if (op === 'keep') out.push(whole);
  });
  if (ops.length > splitLines(text).length) out.push(`${tag}.${made}\n`);
  return out.join('');
}

describe('ChangesService over a vault, random runs and edits', () => {
  it('should undo a run touching only its own lines, and redo it byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), fc.nat(), async (steps, pick) => {
        const w = await reviewWorld({ 'a.md': 'a0\na1\na2\na3\n', 'Notes/b.md': 'b0\nb1\nb2\n' });
        worlds.push(w);
        const runs: { runId: string; note: string; wrote: Set<string>; removed: Set<string> }[] = [];
        for (const [n, { by, note, ops }] of steps.entries()) {
          const before = (await w.text(note)) ?? '';
          const after = edited(before, ops, `${by}${n}`);
          if (after === before) continue;
          if (by === 'person') await w.vault.modify(note, after);
          else {
            const runId = await w.run([['vault.writeFile', { path: note, content: after }]]);
            const old = new Set(splitLines(before));
            const made = new Set(splitLines(after));
            runs.push({
              runId,
              note,
              wrote: new Set([...made].filter((line) => !old.has(line))),
              removed: new Set([...old].filter((line) => !made.has(line))),
            });
          }
        }
        const run = runs[pick % Math.max(runs.length, 1)];
        if (!run) return;
        const snapshot = await w.vault.readBinary(run.note);
        const now = splitLines((await w.text(run.note)) ?? '');
        await w.changes.undo({ runId: run.runId });
        const undone = splitLines((await w.text(run.note)) ?? '');
        expect(now.filter((line) => !undone.includes(line)).every((line) => run.wrote.has(line))).toBe(true);
        expect(undone.filter((line) => !now.includes(line)).every((line) => run.removed.has(line))).toBe(true);
        await w.changes.redo({ runId: run.runId });
        expect(Buffer.from(await w.vault.readBinary(run.note)).toString('hex')).toBe(
          Buffer.from(snapshot).toString('hex'),
        );
        await w.cleanup();
        worlds.splice(worlds.indexOf(w), 1);
      }),
      { numRuns: 15 },
    );
  });
});
