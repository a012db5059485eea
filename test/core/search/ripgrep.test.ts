import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { lineNumbersAt, TextMatcher } from '../../../src/core/search/TextMatcher';
import { noteText, regexPattern } from '../../builders/regexCases';

/**
 * The search reads a pattern as ripgrep does (and runs on the same kind of engine): on generated notes and
 * patterns, the matches are ripgrep's, line by line. `rg` is the Debian package `ripgrep`, which .ci/run installs.
 */
const dir = mkdtempSync(join(tmpdir(), 'rg-property-'));
const note = join(dir, 'note.md');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface RgMatch {
  type: string;
  data: { line_number: number; submatches: { match: { text: string } }[] };
}

/**
 * "line:first match" for each line ripgrep finds a match in; null when it refuses the pattern. Only the first
 * match of a line: ripgrep 13 (Debian 12's) searches for the next one as if the line started at the end of the
 * match before, so a Unicode "\b" there is misread ("\b." on "жa" also gives "a").
 */
function ripgrep(query: string, text: string, caseSensitive: boolean): string[] | null {
  writeFileSync(note, text);
  const result = spawnSync(
    'rg',
    ['--json', caseSensitive ? '--case-sensitive' : '--ignore-case', '--regexp', query, note],
    { encoding: 'utf8' },
  );
  if (result.error)
    throw new Error(`ripgrep is needed for this test (Debian: apt-get install -y ripgrep): ${result.error.message}`);
  if (result.status === 2) return null;
  const messages = result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as RgMatch);
  return messages
    .filter((message) => message.type === 'match')
    .map(({ data }) => `${data.line_number}:${data.submatches[0]?.match.text ?? ''}`);
}

async function ours(query: string, text: string, caseSensitive: boolean): Promise<string[]> {
  const spans = (await TextMatcher.create({ query, mode: 'regex', caseSensitive })).find(text, 10_000);
  const lines = lineNumbersAt(
    text,
    spans.map((span) => span.start),
  );
  const first = new Map<number, string>();
  spans.forEach((span, i) => {
    const line = lines[i] as number;
    if (!first.has(line)) first.set(line, text.slice(span.start, span.end));
  });
  return [...first].map(([line, match]) => `${line}:${match}`);
}

describe('regex search against ripgrep', () => {
  it('should find, in generated notes, the matches ripgrep finds', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(regexPattern(true), noteText, fc.boolean(), async (query, text, caseSensitive) => {
        const expected = ripgrep(query, `${text}\n`, caseSensitive);
        let found: string[];
        try {
          found = await ours(query, text, caseSensitive);
        } catch (error) {
          // A word boundary at the end of a repeated group is refused (see wordBoundaries.ts), with its reason.
          if (
            isAgentError(error, 'INVALID_REGEX') &&
            /^`query` has a word boundary at character \d+/.test(error.message)
          )
            return;
          throw error;
        }
        if (expected === null) throw new Error(`ripgrep refused ${query}, which the search ran`);
        compared++;
        expect(found).toEqual(expected);
      }),
      { numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(40);
  }, 60_000);
});
