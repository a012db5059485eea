import { describe, expect, it } from 'vitest';
import { replacementDiff } from '../../../src/ui/changes/hunkDiff';

describe('replacementDiff', () => {
  it('should number the lines where they are in the note and keep unchanged lines as context', () => {
    const [hunk, ...rest] = replacementDiff(
      ['| a | b |', '| 1 | 2 |'],
      14,
      ['| a | b |', '| 1 | 2 |', '| 3 | 4 |'],
      15,
    );
    expect(rest).toEqual([]);
    expect(hunk?.lines.map((line) => [line.kind, line.oldLine, line.newLine, line.text])).toEqual([
      ['context', 14, 15, '| a | b |'],
      ['context', 15, 16, '| 1 | 2 |'],
      ['added', undefined, 17, '| 3 | 4 |'],
    ]);
  });

  it('should mark the words that changed inside a changed line', () => {
    const [hunk] = replacementDiff(['status: draft'], 2, ['status: done'], 2);
    expect(
      hunk?.lines.map((line) => line.words?.filter((word) => word.kind !== 'same').map((word) => word.text)),
    ).toEqual([['draft'], ['done']]);
  });
});
