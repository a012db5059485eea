import { applyPatch, structuredPatch, type StructuredPatchHunk } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedPatch } from '../../../src/core/util/boundedPatch';

/** Short notes from few distinct lines, so that diffs have many equally short answers to choose from. */
const lines = fc.array(fc.constantFrom('a', 'b', 'c', '', '- [ ] task', 'a\r'), { maxLength: 30 });
const text = fc
  .tuple(lines, fc.boolean())
  .map(([parts, newlineAtEnd]) => (parts.length === 0 ? '' : parts.join('\n') + (newlineAtEnd ? '\n' : '')));

/** A random note, and the same note with a block of lines inserted or removed somewhere. */
const edited = fc.tuple(lines, fc.nat(), fc.nat(), lines, fc.boolean()).map(([parts, at, count, block, remove]) => {
  const start = at % (parts.length + 1);
  const after = remove
    ? [...parts.slice(0, start), ...parts.slice(start + count)]
    : [...parts.slice(0, start), ...block, ...parts.slice(start)];
  return [`${parts.join('\n')}\n`, `${after.join('\n')}\n`] as const;
});

const changedLines = (hunks: readonly StructuredPatchHunk[], sign: string): number =>
  hunks.flatMap((hunk) => hunk.lines).filter((line) => line.startsWith(sign)).length;

describe('boundedPatch', () => {
  it('should give a diff that turns the old text into the new one and changes no more lines than needed', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.tuple(text, text), edited),
        fc.integer({ min: 0, max: 4 }),
        ([before, after], context) => {
          const patch = boundedPatch(before, after, context);
          const smallest = structuredPatch('old', 'new', before, after, undefined, undefined, { context }).hunks;
          expect(patch.exact).toBe(true);
          const asPatch = {
            oldFileName: 'old',
            newFileName: 'new',
            oldHeader: undefined,
            newHeader: undefined,
            hunks: patch.hunks,
          };
          expect(applyPatch(before, asPatch, { autoConvertLineEndings: false })).toBe(after);
          expect([changedLines(patch.hunks, '-'), changedLines(patch.hunks, '+')]).toEqual([
            changedLines(smallest, '-'),
            changedLines(smallest, '+'),
          ]);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('should give the hunks of a plain structuredPatch where an edit is not ambiguous', () => {
    const before = [
      '# Plan',
      '',
      'Water the garden.',
      'Fix the fence.',
      'Call Sam.',
      '',
      '## Later',
      'Paint the shed.',
      '',
    ].join('\n');
    const after = [
      '# Plan',
      '',
      'Water the garden at dawn.',
      'Fix the fence.',
      'Call Sam.',
      '',
      '## Later',
      'Paint the shed.',
      'Order seeds.',
      '',
    ].join('\n');
    for (const context of [0, 1, 3])
      expect(boundedPatch(before, after, context).hunks).toEqual(
        structuredPatch('old', 'new', before, after, undefined, undefined, { context }).hunks,
      );
  });

  it('should replace the changed lines in one hunk with its context past the cap, marking a last line without a line break', () => {
    const patch = boundedPatch('# Title\nkeep\nold 1\nold 2\nend', '# Title\nkeep\nnew 1\nnew 2\nnew 3\nthe end', 3, 4);
    expect(patch).toEqual({
      exact: false,
      hunks: [
        {
          oldStart: 1,
          oldLines: 5,
          newStart: 1,
          newLines: 6,
          lines: [
            ' # Title',
            ' keep',
            '-old 1',
            '-old 2',
            '-end',
            '\\ No newline at end of file',
            '+new 1',
            '+new 2',
            '+new 3',
            '+the end',
            '\\ No newline at end of file',
          ],
        },
      ],
    });
  });

  it('should add a long new note line by line, with no search and so no cap', () => {
    const note = Array.from({ length: 5_000 }, (_, i) => `line ${i}`).join('\n');
    const patch = boundedPatch('', note, 3, 10);
    expect(patch.exact).toBe(true);
    expect(patch.hunks).toHaveLength(1);
    expect(patch.hunks[0]).toMatchObject({ oldStart: 1, oldLines: 0, newStart: 1, newLines: 5_000 });
  });
});
