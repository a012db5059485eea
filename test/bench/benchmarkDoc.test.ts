import { describe, expect, it } from 'vitest';
import { mergeRows, parseDoc, renderDoc, updateDoc } from '../../bench/benchmarkDoc';
import type { BenchRow } from '../../bench/measure';

const row = (area: string, measure: string, result: string, met: boolean | null = null): BenchRow => ({
  area,
  measure,
  result,
  target: met === null ? '–' : '≤ 1 ms',
  met,
});
const HISTORY = '<!-- history: kept by npm run bench -->\n## Before and after\n\nBy hand.\n';
const FULL = [
  row('search', 'warm', '1 ms', true),
  row('search', 'cold', '9 ms', false),
  row('tokens', 'inbox', '~100'),
  row('loop', 'overhead', '0.1 ms', true),
];
const DOC = renderDoc(FULL, 'Last run: 2026-11-01 on a machine.', HISTORY);

describe('benchmark doc', () => {
  it('should read back the rows, the last-run line and the history it wrote', () => {
    expect(parseDoc(DOC)).toEqual({
      rows: FULL,
      lastRun: 'Last run: 2026-11-01 on a machine.',
      filteredRuns: [],
      history: HISTORY,
    });
  });

  it('should list the notes of rows under the table and read them back onto their rows', () => {
    const noted = [...FULL, { ...row('format', 'text vs native', '-50%'), note: 'fewer tokens for a local model.' }];
    const doc = renderDoc(noted, 'Last run: today.', HISTORY);
    expect(doc).toContain(
      '| format | text vs native | -50% | – | – |\n\nNotes on the rows:\n\n- **format**: fewer tokens for a local model.\n\n<!-- history',
    );
    expect(parseDoc(doc).rows).toEqual(noted);
  });

  it("should write an area's note once, however many of its rows carry it, and keep it once through a rewrite", () => {
    const noted = ['native', 'text', 'ratio'].map((measure) => ({
      ...row('format', measure, '1'),
      note: 'fewer tokens.',
    }));
    const doc = renderDoc([...FULL, ...noted], 'Last run: today.', HISTORY);
    const rewritten = updateDoc(doc, [row('search', 'warm', '2 ms', true)], { filter: 'search', line: 'on a day.' });
    expect(rewritten.match(/- \*\*format\*\*: fewer tokens\./g)).toHaveLength(1);
  });

  it("should put a filtered run's rows where the rows of their area stood and keep every other row", () => {
    const fresh = [row('tokens', 'inbox', '~90'), row('tokens', 'todo', '~80')];
    expect(mergeRows(FULL, fresh)).toEqual([FULL[0], FULL[1], ...fresh, FULL[3]]);
  });

  it('should append the rows of an area the table does not have yet', () => {
    const fresh = [row('format', 'native', '~11,000')];
    expect(mergeRows(FULL, fresh)).toEqual([...FULL, ...fresh]);
  });

  it('should name the filtered run once, replacing its own earlier line, and leave the rest of the file as it was', () => {
    const once = updateDoc(DOC, [row('tokens', 'inbox', '~90')], {
      filter: 'tokens',
      line: 'on 2026-11-02 on a machine.',
    });
    const twice = updateDoc(once, [row('tokens', 'inbox', '~80')], {
      filter: 'tokens',
      line: 'on 2026-11-03 on a machine.',
    });
    expect(twice).toBe(
      DOC.replace('| tokens | inbox | ~100 |', '| tokens | inbox | ~80 |').replace(
        'a machine.\n',
        'a machine.\nFiltered run "tokens" on 2026-11-03 on a machine.\n',
      ),
    );
  });

  it('should refuse a table row that does not have 5 cells, quoting it', () => {
    expect(() => parseDoc('| a | b | c |\n')).toThrow(
      'docs/benchmarks.md: a table row needs 5 cells, got 3: | a | b | c |',
    );
  });
});
