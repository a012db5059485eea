import { describe, expect, it } from 'vitest';
import { contentWarnings, revealInvisible } from '../../../../src/core/tool-execution/changePreview/contentWarnings';
import { textDiff } from '../../../../src/core/tool-execution/changePreview/textDiff';
import type { DiffLine } from '../../../../src/core/ports/changePreview';
import { namedLines, note, paragraph, sortedTasks } from '../../../builders/largeNotes';

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
    const diff = textDiff('', many, { maxLines: 100 });
    expect(diff.truncated).toBe(true);
    expect(diff.added).toBe(1000);
    expect(diff.hunks.flatMap((hunk) => hunk.lines)).toHaveLength(100);
  });
});

const shape = (lines: readonly DiffLine[]): [string, string, number | undefined, number | undefined][] =>
  lines.map((line) => [line.kind, line.text, line.oldLine, line.newLine]);

describe('textDiff on large inputs', () => {
  it('should summarise a sorted 10,000-line note turned around as too large to diff, counting the lines it replaces', () => {
    const tasks = sortedTasks(10_000);
    const diff = textDiff(note(tasks), note([...tasks].reverse()));
    expect(diff).toMatchObject({ added: 10_000, removed: 10_000, tooLarge: true, truncated: false });
    expect(diff.hunks).toEqual([{ oldStart: 1, newStart: 1, lines: [], tooLarge: { removed: 10_000, added: 10_000 } }]);
  });

  it('should leave the unchanged first and last lines of a shuffled note out of the too-large count', () => {
    const tasks = sortedTasks(10_000);
    const shuffled = [...tasks.filter((_, i) => i % 2 === 1), ...tasks.filter((_, i) => i % 2 === 0)];
    const head = ['# Chores', '', 'Sorted by name.'];
    const foot = ['', 'Done by Sunday.'];
    const diff = textDiff(note([...head, ...tasks, ...foot]), note([...head, ...shuffled, ...foot]));
    expect(diff).toMatchObject({ added: 10_000, removed: 10_000, tooLarge: true });
    expect(diff.hunks).toEqual([{ oldStart: 4, newStart: 4, lines: [], tooLarge: { removed: 10_000, added: 10_000 } }]);
  });

  it('should summarise two unrelated 20,000-line notes as too large to diff', () => {
    const diff = textDiff(note(namedLines('Old', 20_000)), note(namedLines('New', 20_000)).replace(/\n$/, ''));
    expect(diff).toMatchObject({ added: 20_000, removed: 20_000, tooLarge: true });
    expect(diff.hunks).toEqual([{ oldStart: 1, newStart: 1, lines: [], tooLarge: { removed: 20_000, added: 20_000 } }]);
  });

  it('should show two long different one-line paragraphs whole, without comparing their words', () => {
    const before = paragraph(1);
    const after = paragraph(2);
    const diff = textDiff(`# Draft\n${before}\n`, `# Draft\n${after}\n`);
    expect(diff).toMatchObject({ added: 1, removed: 1, tooLarge: false, wordDiffSkipped: 1 });
    const lines = diff.hunks[0]?.lines ?? [];
    expect(shape(lines)).toEqual([
      ['context', '# Draft', 1, 1],
      ['removed', before, 2, undefined],
      ['added', after, undefined, 2],
    ]);
    expect(lines.map((line) => line.words)).toEqual([undefined, undefined, undefined]);
  });

  it('should mark the changed word inside a 50,000-character paragraph, since the change is small', () => {
    const before = paragraph(1);
    const after = before.replace(/ with /, ' beside ');
    const [removed, added] = textDiff(`${before}\n`, `${after}\n`).hunks[0]?.lines ?? [];
    expect(removed?.words?.filter((word) => word.kind !== 'same')).toEqual([{ kind: 'removed', text: 'with' }]);
    expect(added?.words?.filter((word) => word.kind !== 'same')).toEqual([{ kind: 'added', text: 'beside' }]);
  });

  it('should show the exact small hunk of a one-line change inside a 20,000-line note', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i + 1} of the log`);
    const changed = lines.map((line, i) => (i === 9_999 ? 'Line 10000 of the garden log' : line));
    const diff = textDiff(note(lines), note(changed));
    expect(diff).toMatchObject({ added: 1, removed: 1, tooLarge: false, truncated: false, wordDiffSkipped: 0 });
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]).toMatchObject({ oldStart: 9_997, newStart: 9_997 });
    expect(shape(diff.hunks[0]?.lines ?? [])).toEqual([
      ['context', 'Line 9997 of the log', 9_997, 9_997],
      ['context', 'Line 9998 of the log', 9_998, 9_998],
      ['context', 'Line 9999 of the log', 9_999, 9_999],
      ['removed', 'Line 10000 of the log', 10_000, undefined],
      ['added', 'Line 10000 of the garden log', undefined, 10_000],
      ['context', 'Line 10001 of the log', 10_001, 10_001],
      ['context', 'Line 10002 of the log', 10_002, 10_002],
      ['context', 'Line 10003 of the log', 10_003, 10_003],
    ]);
    expect(diff.hunks[0]?.lines[4]?.words?.filter((word) => word.kind === 'added')).toEqual([
      { kind: 'added', text: 'garden ' },
    ]);
  });

  it('should diff exactly up to the cap on changed lines and summarise beyond it', () => {
    const before = note(['a', 'b', 'c', 'd', 'e', 'f']);
    const after = note(['a', 'B', 'c', 'D', 'e', 'F']);
    expect(textDiff(before, after, { maxEditLines: 6 })).toMatchObject({ added: 3, removed: 3, tooLarge: false });
    expect(textDiff(before, after, { maxEditLines: 5 })).toMatchObject({
      added: 5,
      removed: 5,
      tooLarge: true,
      hunks: [{ oldStart: 2, newStart: 2, lines: [], tooLarge: { removed: 5, added: 5 } }],
    });
  });

  it('should list every line of a new 20,000-line note, however far past the cap on changed lines', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `Line ${i + 1}`);
    expect(textDiff('', note(lines))).toMatchObject({ added: 20_000, removed: 0, tooLarge: false, truncated: true });
  });

  it('should stop comparing words once the diff has spent its budget of changed words', () => {
    const before = note(['one red apple', 'two red apples', 'three red apples']);
    const after = note(['one green apple', 'two green apples', 'three green apples']);
    const diff = textDiff(before, after, { maxEditWords: 4 });
    expect(diff.wordDiffSkipped).toBe(1);
    expect(diff.hunks[0]?.lines.map((line) => [line.kind, line.words !== undefined])).toEqual([
      ['removed', true],
      ['removed', true],
      ['removed', false],
      ['added', true],
      ['added', true],
      ['added', false],
    ]);
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
    expect(contentWarnings('See https://example.com/a?b=1. And (http://x.org/y).').map((w) => w.value)).toEqual([
      'https://example.com/a?b=1',
      'http://x.org/y',
    ]);
  });

  it('should not warn about plain text, wiki links or emoji', () => {
    expect(contentWarnings('# Note\n[[Other note]] 📝 café 東京')).toEqual([]);
  });

  it('should reveal invisible characters as visible markers', () => {
    expect(revealInvisible('a\u202Eb\u200Bc')).toBe('a⟦U+202E⟧b⟦U+200B⟧c');
  });
});
