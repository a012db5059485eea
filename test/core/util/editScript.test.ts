import { diffArrays } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editScript, type EditRun } from '../../../src/core/util/editScript';

/** Removed plus added items in `diff`'s own answer, which is a shortest one. */
function shortest(a: number[], b: number[]): number {
  return diffArrays(a, b).reduce((sum, part) => sum + (part.added || part.removed ? part.count : 0), 0);
}

/** Replays the runs on `a`, checking that kept items are equal, and returns what they build. */
function replay(a: number[], b: number[], runs: readonly EditRun[]): number[] {
  const out: number[] = [];
  let x = 0;
  let y = 0;
  for (const run of runs) {
    for (let i = 0; i < run.count; i++) {
      if (run.kind === 'same') {
        expect(a[x]).toBe(b[y]);
        out.push(a[x++] as number);
        y++;
      } else if (run.kind === 'removed') x++;
      else out.push(b[y++] as number);
    }
  }
  expect(x).toBe(a.length);
  return out;
}

const edits = (runs: readonly EditRun[]): number =>
  runs.reduce((sum, run) => sum + (run.kind === 'same' ? 0 : run.count), 0);

describe('editScript', () => {
  const ids = fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 40 });

  it('should turn the old sequence into the new one with the fewest removals and additions', () => {
    fc.assert(
      fc.property(ids, ids, (a, b) => {
        const runs = editScript(a, b, a.length + b.length);
        expect(runs).toBeDefined();
        expect(replay(a, b, runs ?? [])).toEqual(b);
        expect(edits(runs ?? [])).toBe(shortest(a, b));
      }),
      { numRuns: 1_000 },
    );
  });

  it('should give up exactly when the shortest script is longer than the limit', () => {
    fc.assert(
      fc.property(ids, ids, fc.nat({ max: 80 }), (a, b, max) => {
        expect(editScript(a, b, max) !== undefined).toBe(shortest(a, b) <= max);
      }),
      { numRuns: 1_000 },
    );
  });

  it("should list a changed block's removals before its additions", () => {
    expect(editScript([1, 2, 3, 4], [1, 5, 6, 4], 4)).toEqual([
      { kind: 'same', count: 1 },
      { kind: 'removed', count: 2 },
      { kind: 'added', count: 2 },
      { kind: 'same', count: 1 },
    ]);
  });

  it('should need no edit between equal sequences, and no search for additions only', () => {
    expect(editScript([], [], 0)).toEqual([]);
    expect(editScript([1, 2], [1, 2], 0)).toEqual([{ kind: 'same', count: 2 }]);
    expect(editScript([], [1, 2], 2)).toEqual([{ kind: 'added', count: 2 }]);
    expect(editScript([], [1, 2], 1)).toBeUndefined();
  });
});
