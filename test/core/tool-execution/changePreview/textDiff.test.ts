import { describe, expect, it } from 'vitest';
import { contentWarnings, revealInvisible } from '../../../../src/core/tool-execution/changePreview/contentWarnings';
import { textDiff } from '../../../../src/core/tool-execution/changePreview/textDiff';

describe('textDiff', () => {
  it('should report added and removed lines with line numbers and context', () => {
    const diff = textDiff('a\nb\nc\n', 'a\nB\nc\nd\n');
    expect(diff).toMatchObject({ added: 2, removed: 1, truncated: false });
    expect(diff.hunks[0]?.lines.map((line) => [line.kind, line.text, line.oldLine, line.newLine])).toEqual([
      ['context', 'a', 1, 1],
      ['removed', 'b', 2, undefined],
      ['added', 'B', undefined, 2],
      ['context', 'c', 3, 3],
      ['added', 'd', undefined, 4],
    ]);
  });

  it('should mark the words that changed inside a changed line', () => {
    const [hunk] = textDiff('The quick brown fox\n', 'The slow brown fox\n').hunks;
    expect(hunk?.lines[0]?.words).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'same', text: ' brown fox' },
    ]);
    expect(hunk?.lines[1]?.words?.filter((word) => word.kind === 'added')).toEqual([{ kind: 'added', text: 'slow' }]);
  });

  it('should treat a new file as all added lines', () => {
    expect(textDiff('', '# Title\nBody\n')).toMatchObject({ added: 2, removed: 0 });
  });

  it('should cut long diffs but keep the full counts', () => {
    const many = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const diff = textDiff('', many, 100);
    expect(diff.truncated).toBe(true);
    expect(diff.added).toBe(1000);
    expect(diff.hunks.flatMap((hunk) => hunk.lines)).toHaveLength(100);
  });
});

describe('contentWarnings', () => {
  it('should name bidi controls and invisible characters with their line', () => {
    expect(contentWarnings('ok\nadmin\u202E txt\nzero\u200Bwidth')).toEqual([
      { kind: 'bidi-control', value: 'U+202E', line: 2, label: 'RIGHT-TO-LEFT OVERRIDE' },
      { kind: 'invisible-character', value: 'U+200B', line: 3, label: 'ZERO WIDTH SPACE' },
    ]);
  });

  it('should list external URLs without trailing punctuation', () => {
    expect(contentWarnings('See https://example.com/a?b=1. And (http://x.org/y).').map((w) => w.value)).toEqual(['https://example.com/a?b=1', 'http://x.org/y']);
  });

  it('should not warn about plain text, wiki links or emoji', () => {
    expect(contentWarnings('# Note\n[[Other note]] 📝 café 東京')).toEqual([]);
  });

  it('should reveal invisible characters as visible markers', () => {
    expect(revealInvisible('a\u202Eb\u200Bc')).toBe('a⟦U+202E⟧b⟦U+200B⟧c');
  });
});
