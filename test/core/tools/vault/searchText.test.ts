import { describe, expect, it, vi } from 'vitest';
import { AgentError } from '../../../../src/core/errors';
import { regexEngineLoader } from '../../../../src/core/search/regexEngine';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { SearchTextTool, type SearchTextOutput } from '../../../../src/core/tools/vault/searchText';
import { MemoryVault } from '../../../../src/node/MemoryVault';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new SearchTextTool()]);

/** A MemoryVault that counts reads and can lose a file between listing and reading, as a sync might. */
class WatchedVault extends MemoryVault {
  reads = 0;
  vanished = new Set<string>();
  override cachedRead(path: string): Promise<string> {
    this.reads++;
    if (this.vanished.has(path))
      return Promise.reject(new AgentError('NOT_FOUND', `"${path}" does not exist`, { path }));
    return super.cachedRead(path);
  }
}

const setup = (files: Record<string, string>, signal?: AbortSignal) => {
  const vault = new WatchedVault(files);
  const context = buildToolContext({ vault, ...(signal ? { signal } : {}) });
  return { vault, run: (input: unknown) => registry.execute('vault.searchText', input, context) };
};
const outputOf = async (promise: ReturnType<ReturnType<typeof setup>['run']>): Promise<SearchTextOutput> => {
  const result = await promise;
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.output as SearchTextOutput;
};

const NOTES = {
  'Projects/Alpha.md': '# Alpha\n- [ ] call Anna\n- [x] done\n',
  'Projects/Beta.md': 'Nothing here\n\n- [ ] write TODO list',
  'Daily/2026-01-15.md': 'todo: buy milk\r\nTODO: call Bob\r\n',
  'Inbox/Café ☕ ideas 🚀.md': 'Grüße 🚀 rocket launch',
  'Empty.md': '',
  'data.csv': 'name,todo\nx,1',
  'board.canvas': '{"nodes":[{"text":"todo card"}]}',
  'image.png': 'todo in a binary file',
  'script.js': '// todo',
  '.obsidian/workspace.md': 'todo hidden config',
  'Notes/.drafts/secret.md': 'todo hidden draft',
};

describe('vault.searchText', () => {
  it('should find a word case-insensitively across text files, with path, 1-based line and snippet', async () => {
    const { run } = setup(NOTES);
    expect(await run({ query: 'todo' })).toEqual({
      ok: true,
      output: {
        matches: [
          { path: 'Daily/2026-01-15.md', line: 1, snippet: 'todo: buy milk' },
          { path: 'Daily/2026-01-15.md', line: 2, snippet: 'TODO: call Bob' },
          { path: 'Projects/Beta.md', line: 3, snippet: '- [ ] write TODO list' },
          { path: 'board.canvas', line: 1, snippet: '{"nodes":[{"text":"todo card"}]}' },
          { path: 'data.csv', line: 1, snippet: 'name,todo' },
        ],
        truncated: false,
        filesSearched: 7,
      },
    });
  });

  it('should skip files that are not text and everything under dot-folders', async () => {
    const { run } = setup(NOTES);
    const paths = (await outputOf(run({ query: 'todo' }))).matches.map((match) => match.path);
    expect(paths).not.toContain('image.png');
    expect(paths).not.toContain('script.js');
    expect(paths).not.toContain('.obsidian/workspace.md');
    expect(paths).not.toContain('Notes/.drafts/secret.md');
  });

  it('should respect case with caseSensitive', async () => {
    const { run } = setup(NOTES);
    expect((await outputOf(run({ query: 'TODO', caseSensitive: true }))).matches.map((m) => [m.path, m.line])).toEqual([
      ['Daily/2026-01-15.md', 2],
      ['Projects/Beta.md', 3],
    ]);
  });

  it('should find unicode and emoji in notes whose names have spaces and emoji', async () => {
    const { run } = setup(NOTES);
    expect((await outputOf(run({ query: 'GRÜSSE'.replace('SS', 'ß') }))).matches).toEqual([
      { path: 'Inbox/Café ☕ ideas 🚀.md', line: 1, snippet: 'Grüße 🚀 rocket launch' },
    ]);
    expect((await outputOf(run({ query: '🚀' }))).matches).toHaveLength(1);
  });

  it('should treat the query as plain text by default', async () => {
    const { run } = setup(NOTES);
    expect((await outputOf(run({ query: '- [ ]' }))).matches.map((m) => m.path)).toEqual([
      'Projects/Alpha.md',
      'Projects/Beta.md',
    ]);
  });

  it('should count lines the same with CRLF endings', async () => {
    const { run } = setup({ 'crlf.md': 'one\r\ntwo\r\nthree match\r\n' });
    expect((await outputOf(run({ query: 'match' }))).matches).toEqual([
      { path: 'crlf.md', line: 3, snippet: 'three match' },
    ]);
  });

  it('should find a match at the end of a file of several megabytes, with its line number', async () => {
    const big = `${'lorem ipsum dolor sit amet\n'.repeat(200_000)}the needle`;
    const { run } = setup({ 'big.md': big });
    expect((await outputOf(run({ query: 'needle' }))).matches).toEqual([
      { path: 'big.md', line: 200_001, snippet: 'the needle' },
    ]);
  });

  it('should center the snippet on the match with snippetLength', async () => {
    const line = `${'word '.repeat(50)}NEEDLE${' word'.repeat(50)}`;
    const { run } = setup({ 'a.md': line });
    expect((await outputOf(run({ query: 'needle', snippetLength: 20 }))).matches[0]?.snippet).toBe(
      '…word NEEDLE word…',
    );
  });

  it('should default the snippet to about 120 characters', async () => {
    const { run } = setup({ 'a.md': `${'x'.repeat(500)} NEEDLE ${'y'.repeat(500)}` });
    const snippet = (await outputOf(run({ query: 'needle' }))).matches[0]?.snippet ?? '';
    expect(snippet.replace(/…/g, '').length).toBeLessThanOrEqual(120);
    expect(snippet).toContain('NEEDLE');
  });

  describe('limit', () => {
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`n${String(i).padStart(2, '0')}.md`, 'hit\nhit']),
    );

    it('should return the first 50 matches in path order by default and say there are more', async () => {
      const { run } = setup(many);
      const output = await outputOf(run({ query: 'hit' }));
      expect(output.matches).toHaveLength(50);
      expect(output.truncated).toBe(true);
      expect(output.matches[0]).toEqual({ path: 'n00.md', line: 1, snippet: 'hit' });
      expect(output.matches[49]).toEqual({ path: 'n24.md', line: 2, snippet: 'hit' });
    });

    it('should not call the result truncated when the matches exactly fill the limit', async () => {
      const { run } = setup(many);
      expect(await outputOf(run({ query: 'hit', limit: 60 }))).toMatchObject({ truncated: false });
      expect(await outputOf(run({ query: 'hit', limit: 59 }))).toMatchObject({ truncated: true });
    });

    it('should stop reading files once it has more matches than the limit', async () => {
      const files = Object.fromEntries(
        Array.from({ length: 2000 }, (_, i) => [`n${String(i).padStart(4, '0')}.md`, 'hit']),
      );
      const { vault, run } = setup(files);
      const output = await outputOf(run({ query: 'hit', limit: 5 }));
      expect(output.matches.map((m) => m.path)).toEqual(['n0000.md', 'n0001.md', 'n0002.md', 'n0003.md', 'n0004.md']);
      expect(output.truncated).toBe(true);
      expect(vault.reads).toBeLessThan(200);
      expect(output.filesSearched).toBe(vault.reads);
    });

    it('should refuse a limit above 1000', async () => {
      const { run } = setup({});
      expect(await run({ query: 'x', limit: 1001 })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.searchText: `limit` must be <= 1000, got 1001' },
      });
    });
  });

  describe('regex', () => {
    it('should match a regular expression, with ^ and $ at every line', async () => {
      const { run } = setup(NOTES);
      expect((await outputOf(run({ query: '^- \\[ \\] (\\w+)', mode: 'regex' }))).matches).toEqual([
        { path: 'Projects/Alpha.md', line: 2, snippet: '- [ ] call Anna' },
        { path: 'Projects/Beta.md', line: 3, snippet: '- [ ] write TODO list' },
      ]);
    });

    it('should stop at the limit on a regex that matches the empty string everywhere', async () => {
      const { run } = setup({ 'a.md': 'abc\ndef', 'b.md': 'xyz' });
      const output = await outputOf(run({ query: 'q*', mode: 'regex', limit: 3 }));
      expect(output.matches).toEqual([
        { path: 'a.md', line: 1, snippet: 'abc' },
        { path: 'a.md', line: 1, snippet: 'abc' },
        { path: 'a.md', line: 1, snippet: 'abc' },
      ]);
      expect(output.truncated).toBe(true);
    });

    it('should report each line start for "^"', async () => {
      const { run } = setup({ 'a.md': 'one\ntwo\r\nthree' });
      expect((await outputOf(run({ query: '^', mode: 'regex' }))).matches.map((m) => m.line)).toEqual([1, 2, 3]);
    });

    it("should fail with INVALID_REGEX and the engine's message for an invalid pattern", async () => {
      const { vault, run } = setup(NOTES);
      expect(await run({ query: '([a-z]+', mode: 'regex' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_REGEX',
          message:
            'vault.searchText: `query` is not a valid regular expression: the group opened at character 1 is never closed (add ")")',
        },
      });
      expect(vault.reads).toBe(0);
    });

    it('should refuse a backreference before reading any note, saying why', async () => {
      const { vault, run } = setup({ 'x.md': 'abab\n' });
      expect(await run({ query: '(ab)\\1', mode: 'regex' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_REGEX',
          message:
            'vault.searchText: `query` uses the backreference "\\1" at character 5, which the search engine does not support: it matches in time linear in the text, so that no pattern can hold the app for minutes, and the backreference needs backtracking. Write the group\'s pattern again in its place, or search for it and compare the matches.',
        },
      });
      expect(vault.reads).toBe(0);
    });

    it('should run a regex on the linear-time engine, loaded for regex searches only', async () => {
      const load = vi.spyOn(regexEngineLoader, 'load');
      try {
        const { run } = setup({ 'x.md': `${'x'.repeat(40)}\n` });
        await outputOf(run({ query: 'xx' }));
        expect(load).not.toHaveBeenCalled();
        expect((await outputOf(run({ query: '(x+x+)+y', mode: 'regex' }))).matches).toEqual([]);
        expect(load).toHaveBeenCalledTimes(1);
      } finally {
        load.mockRestore();
      }
    });

    it('should stop a long regex search over notes already read when the run is cancelled', async () => {
      const controller = new AbortController();
      const notes = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`n${String(i).padStart(2, '0')}.md`, `${'word '.repeat(20_000)}\n`]),
      );
      const { run } = setup(notes, controller.signal);
      expect((await outputOf(run({ query: 'absent' }))).matches).toEqual([]);
      // The texts are cached now, so the regex search is one pass over memory: Cancel must still get a turn.
      const search = run({ query: 'w\\w*s', mode: 'regex' });
      setTimeout(() => controller.abort(), 0);
      expect(await search).toEqual({
        ok: false,
        error: { code: 'CANCELLED', message: 'vault.searchText was cancelled' },
      });
    });

    it('should find a match past the pauses a long regex search takes', async () => {
      const notes = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`n${String(i).padStart(2, '0')}.md`, `${'word '.repeat(20_000)}\n`]),
      );
      const { run } = setup({ ...notes, 'z.md': 'a needle here' });
      expect((await outputOf(run({ query: 'need\\w+' }))).matches).toEqual([]);
      expect((await outputOf(run({ query: 'need\\w+', mode: 'regex' }))).matches).toEqual([
        { path: 'z.md', line: 1, snippet: 'a needle here' },
      ]);
    });

    it('should take regex characters literally in plain mode', async () => {
      const { run } = setup({ 'a.md': 'price: $5 (approx.)' });
      expect((await outputOf(run({ query: '$5 (approx.)' }))).matches).toHaveLength(1);
      expect((await outputOf(run({ query: '([a-z]+' }))).matches).toHaveLength(0);
    });
  });

  describe('paths', () => {
    it('should search only in the given folders, recursively', async () => {
      const { run } = setup({ ...NOTES, 'Projects/Sub/deep.md': 'todo deep' });
      expect((await outputOf(run({ query: 'todo', paths: ['Projects'] }))).matches.map((m) => m.path)).toEqual([
        'Projects/Beta.md',
        'Projects/Sub/deep.md',
      ]);
    });

    it('should search a file named outright, whatever its type, and each file once', async () => {
      const { run } = setup(NOTES);
      const output = await outputOf(run({ query: 'todo', paths: ['script.js', 'Daily', 'Daily/2026-01-15.md'] }));
      expect(output.matches.map((m) => m.path)).toEqual(['Daily/2026-01-15.md', 'Daily/2026-01-15.md', 'script.js']);
      expect(output.filesSearched).toBe(2);
    });

    it('should search the whole vault for "/"', async () => {
      const { run } = setup(NOTES);
      expect((await outputOf(run({ query: 'todo', paths: ['/'] }))).matches).toHaveLength(5);
    });

    it('should fail with NOT_FOUND naming the entry of paths that does not exist', async () => {
      const { run } = setup(NOTES);
      expect(await run({ query: 'todo', paths: ['Projects', 'Nope'] })).toEqual({
        ok: false,
        error: {
          code: 'NOT_FOUND',
          message: 'vault.searchText: `paths[1]` "Nope" does not exist; give a folder or file in the vault',
        },
      });
    });

    it('should refuse a path that leaves the vault, naming its index', async () => {
      const { run } = setup(NOTES);
      expect(await run({ query: 'todo', paths: ['Projects', '../elsewhere'] })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused paths[1] "../elsewhere": the path leaves the vault (".." is not allowed)',
        },
      });
    });
  });

  it('should find nothing in empty files and an empty vault', async () => {
    expect(await outputOf(setup({ 'Empty.md': '' }).run({ query: 'x' }))).toEqual({
      matches: [],
      truncated: false,
      filesSearched: 1,
    });
    expect(await outputOf(setup({}).run({ query: 'x' }))).toEqual({ matches: [], truncated: false, filesSearched: 0 });
  });

  it("should find a note's new text on the next search", async () => {
    const { vault, run } = setup({ 'a.md': 'Old words' });
    expect((await outputOf(run({ query: 'old' }))).matches).toHaveLength(1);
    await vault.modify('a.md', 'New WORDS');
    expect((await outputOf(run({ query: 'old' }))).matches).toHaveLength(0);
    expect((await outputOf(run({ query: 'words' }))).matches).toEqual([
      { path: 'a.md', line: 1, snippet: 'New WORDS' },
    ]);
  });

  it('should skip a file that disappears between listing and reading', async () => {
    const { vault, run } = setup({ 'a.md': 'hit', 'b.md': 'hit', 'c.md': 'hit' });
    vault.vanished.add('b.md');
    expect((await outputOf(run({ query: 'hit' }))).matches.map((m) => m.path)).toEqual(['a.md', 'c.md']);
  });

  it('should stop with CANCELLED when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const { run } = setup(NOTES, controller.signal);
    expect(await run({ query: 'todo' })).toEqual({
      ok: false,
      error: { code: 'CANCELLED', message: 'vault.searchText was cancelled' },
    });
  });

  it('should require a non-empty query', async () => {
    const { run } = setup({});
    expect(await run({ query: '' })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'vault.searchText: `query` must not be empty' },
    });
  });
});

describe('vault.searchText: words and scripts in every alphabet', () => {
  const PT = { 'pt/Notas.md': 'A notação musical\numa nota simples\n', 'zh/文字.md': '汉字书写 很好\n' };

  it('should find whole words in any alphabet with wholeWord, in plain and regex mode', async () => {
    const { run } = setup(PT);
    const plain = await outputOf(run({ query: 'nota', wholeWord: true }));
    expect(plain.matches.map((match) => match.line)).toEqual([2]);
    const pattern = await outputOf(run({ query: '\\bnota\\b', mode: 'regex' }));
    expect(pattern.matches.map((match) => match.line)).toEqual([2]);
  });

  it('should match a script named as ripgrep names it, not return a silent zero', async () => {
    const { run } = setup(PT);
    const output = await outputOf(run({ query: '\\p{Han}{4}', mode: 'regex' }));
    expect(output.matches.map((match) => [match.path, match.line])).toEqual([['zh/文字.md', 1]]);
    expect(output.matches[0]?.snippet).toContain('汉字书写');
  });

  it('should refuse an unknown property with INVALID_REGEX naming the spelling to use', async () => {
    const { run } = setup(PT);
    const result = await run({ query: '\\p{Hanzi}+', mode: 'regex' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_REGEX');
      expect(result.error.message).toContain('\\p{Script=Han}');
    }
  });

  it("should search every line with a pattern that backtracks polynomially on JavaScript's engine", async () => {
    const { run } = setup({ 'long.md': `aax\n${'a'.repeat(2000)}\n`, 'short.md': 'aax' });
    const output = await outputOf(run({ query: '.*a.*a.*x', mode: 'regex' }));
    expect(output.matches.map((match) => [match.path, match.line])).toEqual([
      ['long.md', 1],
      ['short.md', 1],
    ]);
  });
});
