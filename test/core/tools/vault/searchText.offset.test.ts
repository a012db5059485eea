import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { SearchTextTool, type SearchTextOutput } from '../../../../src/core/tools/vault/searchText';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new SearchTextTool()]);
const setup = (files: Record<string, string>) => {
  const context = buildToolContext({ files });
  return async (input: unknown): Promise<SearchTextOutput> => {
    const result = await registry.execute('vault.searchText', input, context);
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.output as SearchTextOutput;
  };
};

/** Three notes with 3, 1 and 2 hits: offsets cross note boundaries. */
const NOTES = {
  'a.md': 'hit one\nhit two hit three\n',
  'b.md': 'nothing\nhit four\n',
  'c.md': 'hit five\n\nhit six',
};
const where = (output: SearchTextOutput): string[] => output.matches.map((match) => `${match.path}:${match.line}`);

describe('vault.searchText in parts', () => {
  it('should skip offset matches in path order and say where the next ones start', async () => {
    const search = setup(NOTES);
    const first = await search({ query: 'hit', limit: 2 });
    expect(where(first)).toEqual(['a.md:1', 'a.md:2']);
    expect(first).toMatchObject({ truncated: true, nextOffset: 2 });
    const second = await search({ query: 'hit', limit: 2, offset: 2 });
    expect(where(second)).toEqual(['a.md:2', 'b.md:2']);
    expect(second).toMatchObject({ truncated: true, nextOffset: 4 });
    const last = await search({ query: 'hit', limit: 2, offset: 4 });
    expect(where(last)).toEqual(['c.md:1', 'c.md:3']);
    expect(last.truncated).toBe(false);
    expect(last.nextOffset).toBeUndefined();
  });

  it('should reach every match exactly once by following nextOffset', async () => {
    const search = setup(NOTES);
    const all = await search({ query: 'hit', limit: 100 });
    const seen: string[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const part: SearchTextOutput = await search({ query: 'hit', limit: 1, offset });
      seen.push(...part.matches.map((match) => `${match.path}:${match.line}:${match.snippet}`));
      offset = part.nextOffset;
    }
    expect(seen).toEqual(all.matches.map((match) => `${match.path}:${match.line}:${match.snippet}`));
    expect(seen).toHaveLength(6);
  });

  it('should return nothing, not truncated, for an offset past the last match', async () => {
    const search = setup(NOTES);
    expect(await search({ query: 'hit', offset: 6 })).toMatchObject({ matches: [], truncated: false });
  });
});
