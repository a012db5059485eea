import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { VaultPort } from '../../../src/core/ports/vault';
import { SearchIndex } from '../../../src/core/search/SearchIndex';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { SearchTextTool, type SearchTextOutput } from '../../../src/core/tools/vault/searchText';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { buildToolContext } from '../../builders/toolContext';

const registry = new ToolRegistry([new SearchTextTool()]);

/** The index each test vault's searches get, as the services hand theirs to every call beside the vault. */
const indexes = new WeakMap<VaultPort, SearchIndex>();

/** A MemoryVault that counts note reads, with a SearchIndex over it, as the services keep one for their vault. */
function indexedVault(
  files: Record<string, string>,
  events = true,
): { vault: VaultPort; memory: MemoryVault; index: SearchIndex; reads: string[] } {
  const memory = new MemoryVault(files);
  const index = new SearchIndex(events ? memory : { onChange: () => () => undefined });
  const reads: string[] = [];
  const vault = new Proxy(memory, {
    get: (target, key): unknown => {
      if (key === 'cachedRead') return (path: string) => (reads.push(path), target.cachedRead(path));
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  indexes.set(vault, index);
  return { vault, memory, index, reads };
}

async function search(
  vault: VaultPort,
  input: Record<string, unknown>,
): Promise<Omit<SearchTextOutput, 'filesSearched'>> {
  const index = indexes.get(vault);
  const context = buildToolContext({ vault, ...(index ? { searchIndex: index } : {}) });
  const result = await registry.execute('vault.searchText', input, context);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  const { matches, truncated } = result.output as SearchTextOutput;
  return { matches, truncated };
}

/** Runs one search so the index fills, and waits for it. */
async function warm(vault: VaultPort, index: SearchIndex): Promise<void> {
  await search(vault, { query: 'warm-up' });
  await index.idle();
}

const NOTES = {
  'Projects/Alpha.md': '# Alpha\r\nMeeting agenda: budget review\r\n',
  'Projects/Beta.md': 'Nothing here but a ΣΊΣΥΦΟΣ myth',
  'Journal/2026-01-15.md': 'Straße, STRASSE and ſtraße\n',
  'Inbox/Rocket 🚀.md': 'Launch 🚀 at noon',
};

describe('SearchIndex', () => {
  it('should read only the notes whose trigrams hold the query once the index is built', async () => {
    const { vault, index, reads } = indexedVault(NOTES);
    await warm(vault, index);
    reads.length = 0;
    expect((await search(vault, { query: 'BUDGET review' })).matches).toEqual([
      { path: 'Projects/Alpha.md', line: 2, snippet: 'Meeting agenda: budget review' },
    ]);
    expect(await search(vault, { query: 'zqxj-not-in-any-note' })).toEqual({ matches: [], truncated: false });
    expect(await search(vault, { query: 'meeting\\s+agenda', mode: 'regex' })).toEqual({
      matches: [{ path: 'Projects/Alpha.md', line: 2, snippet: 'Meeting agenda: budget review' }],
      truncated: false,
    });
    expect(reads.filter((path) => path !== 'Projects/Alpha.md')).toEqual([]);
  });

  it('should find a note changed after indexing, through the modify event', async () => {
    const { vault, memory, index } = indexedVault(NOTES);
    await warm(vault, index);
    await memory.modify('Projects/Beta.md', 'Now with a budget line');
    expect((await search(vault, { query: 'budget line' })).matches.map((match) => match.path)).toEqual([
      'Projects/Beta.md',
    ]);
  });

  it("should keep a moved folder's filters under the new paths and drop a deleted folder's", async () => {
    const { vault, memory, index } = indexedVault(NOTES);
    await warm(vault, index);
    const before = index.size;
    await memory.rename('Projects', 'Work');
    expect(index.size).toBe(before);
    expect((await search(vault, { query: 'budget' })).matches.map((match) => match.path)).toEqual(['Work/Alpha.md']);
    await memory.delete('Work');
    expect(index.size).toBe(before - 2);
  });

  it('should not trust a filter whose note changed size or time without an event', async () => {
    const { vault, memory, index } = indexedVault({ 'a.md': 'alpha' }, false);
    await warm(vault, index);
    await memory.modify('a.md', 'alpha and beta');
    expect((await search(vault, { query: 'beta' })).matches.map((match) => match.path)).toEqual(['a.md']);
  });

  it('should stop indexing and following events once disposed (the plugin unloaded)', async () => {
    const { vault, memory, index, reads } = indexedVault(NOTES);
    index.dispose();
    await warm(vault, index);
    expect(index.size).toBe(0);
    reads.length = 0;
    await memory.modify('Projects/Beta.md', 'changed');
    expect(reads).toEqual([]);
  });

  it('should count the bytes it holds, which grow with what it indexes', async () => {
    const { vault, index } = indexedVault(NOTES);
    const empty = index.bytes;
    await warm(vault, index);
    expect(index.bytes).toBeGreaterThan(empty);
  });

  it('should give the same matches as a search without the index on random notes and queries', async () => {
    const alphabet = fc.constantFrom(
      'a',
      'b',
      'S',
      's',
      'k',
      'é',
      'É',
      'e\u0301',
      '\u017f',
      '\u212a',
      'ß',
      'ẞ',
      'σ',
      'ς',
      'Σ',
      'İ',
      'i',
      ' ',
      '\n',
      '\r\n',
      '🚀',
      '𐐀',
      '𐐨',
      '.',
      '-',
    );
    const notes = fc.array(
      fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join('')),
      { minLength: 1, maxLength: 6 },
    );
    // Queries cut from a note (so they often match), with case changed and, for regexes, pieces made optional,
    // repeated or replaced by a class: exactly where a literal wrongly required would lose a match.
    const cases = notes.chain((texts) =>
      fc.record({
        texts: fc.constant(texts),
        note: fc.nat(texts.length - 1),
        from: fc.nat(40),
        length: fc.integer({ min: 1, max: 8 }),
        upper: fc.boolean(),
        regex: fc.boolean(),
        edits: fc.array(fc.constantFrom('keep', 'keep', 'dot', 'optional', 'plus', 'insert', 'class'), {
          minLength: 8,
          maxLength: 8,
        }),
        caseSensitive: fc.boolean(),
        wholeWord: fc.boolean(),
        limit: fc.integer({ min: 1, max: 5 }),
      }),
    );
    const escape = (char: string): string => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await fc.assert(
      fc.asyncProperty(
        cases,
        async ({ texts, note, from, length, upper, regex, edits, caseSensitive, wholeWord, limit }) => {
          const source = Array.from(texts[note] ?? '');
          let chars = source.slice(Math.min(from, Math.max(0, source.length - 1)), from + length);
          if (upper) chars = chars.map((char) => char.toUpperCase());
          const query = regex
            ? chars
                .map((char, i) => {
                  const edit = edits[i] ?? 'keep';
                  const atom = char === '\n' ? '\\n' : escape(char);
                  return {
                    keep: atom,
                    dot: '.',
                    optional: `(?:${atom})?`,
                    plus: `${atom}+`,
                    insert: `${atom}q?`,
                    class: `[${atom === ']' ? '\\]' : atom}z]`,
                  }[edit];
                })
                .join('')
            : chars.join('');
          if (query.trim() === '') return;
          const files = Object.fromEntries(texts.map((t, i) => [`n${i}.md`, t]));
          const { vault, index } = indexedVault(files);
          await warm(vault, index);
          const input = { query, mode: regex ? 'regex' : 'plain', caseSensitive, wholeWord, limit };
          const plain = await search(new MemoryVault(files), input).catch((error: unknown) => String(error));
          expect(await search(vault, input).catch((error: unknown) => String(error))).toEqual(plain);
        },
      ),
      { numRuns: 400 },
    );
  });
});
