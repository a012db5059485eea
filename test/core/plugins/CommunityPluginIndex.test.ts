import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CACHE_FILE,
  COMMUNITY_PLUGINS_URL,
  CommunityPluginIndex,
  REFRESH_INTERVAL_MS,
  RETRY_AFTER_FAILURE_MS,
} from '../../../src/core/plugins/CommunityPluginIndex';
import type { HttpPort, HttpRequest, HttpResponse } from '../../../src/core/ports/http';
import type { PluginFilesPort } from '../../../src/core/ports/pluginFiles';
import { SearchPluginsTool } from '../../../src/core/tools/plugins/search';
import { ToolRegistry } from '../../../src/core/tools/ToolRegistry';
import { buildToolContext, fixedClock } from '../../builders/toolContext';

/** A slice of the real list as obsidianmd/obsidian-releases served it on 2026-08-22 (test/fixtures/README.md). */
const SNAPSHOT = readFileSync(
  fileURLToPath(new URL('../../fixtures/community-plugins/community-plugins.slice.json', import.meta.url)),
  'utf8',
);
const SNAPSHOT_SIZE = (JSON.parse(SNAPSHOT) as unknown[]).length;

/** An HttpPort that answers from a script: a body, a status, or "offline" (no response at all). */
class FakeHttp implements HttpPort {
  requests: HttpRequest[] = [];
  constructor(public answer: { text?: string; status?: number } | 'offline' = { text: SNAPSHOT }) {}
  request(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    if (this.answer === 'offline') return Promise.reject(new Error('net::ERR_INTERNET_DISCONNECTED'));
    return Promise.resolve({ status: this.answer.status ?? 200, headers: {}, text: this.answer.text ?? '' });
  }
}

class MemoryPluginFiles implements PluginFilesPort {
  files = new Map<string, string>();
  read(path: string): Promise<string | null> {
    return Promise.resolve(this.files.get(path) ?? null);
  }
  write(path: string, content: string): Promise<void> {
    this.files.set(path, content);
    return Promise.resolve();
  }
  append(path: string, content: string): Promise<void> {
    this.files.set(path, (this.files.get(path) ?? '') + content);
    return Promise.resolve();
  }
  mtime(path: string): Promise<number | null> {
    return Promise.resolve(this.files.has(path) ? 0 : null);
  }
  remove(path: string): Promise<void> {
    this.files.delete(path);
    return Promise.resolve();
  }
  list(): Promise<string[]> {
    return Promise.resolve([...this.files.keys()]);
  }
}

const setup = (http = new FakeHttp(), files = new MemoryPluginFiles(), clock = fixedClock()) => ({
  http,
  files,
  clock,
  index: new CommunityPluginIndex({ http, files, clock }),
});
const ids = (result: { results: { id: string }[] }): string[] => result.results.map((plugin) => plugin.id);
const plugin = (id: string, name: string, description = '', author = 'someone') => ({
  id,
  name,
  author,
  description,
  repo: `someone/${id}`,
});

describe('CommunityPluginIndex', () => {
  describe('downloading and caching', () => {
    it('should download the official list once and search it', async () => {
      const { http, index } = setup();
      const result = await index.search('git', 5);
      expect(http.requests).toEqual([{ url: COMMUNITY_PLUGINS_URL, method: 'GET' }]);
      expect(result.source).toBe('network');
      expect(result.results[0]).toEqual({
        id: 'obsidian-git',
        name: 'Git',
        author: 'Vinzent',
        description: expect.stringContaining('Git') as unknown,
        repo: expect.any(String) as unknown,
      });
      expect(result.results).toHaveLength(5);
      expect(result.total).toBeGreaterThan(5);
    });

    it('should save the list with the time it was fetched', async () => {
      const { files, clock, index } = setup();
      await index.search('git', 1);
      const saved = JSON.parse(files.files.get(CACHE_FILE) ?? '{}') as { fetchedAt: number; plugins: unknown[] };
      expect(saved.fetchedAt).toBe(clock.now());
      expect(saved.plugins).toHaveLength(SNAPSHOT_SIZE);
    });

    it('should answer from memory within a day', async () => {
      const { http, clock, index } = setup();
      await index.search('git', 1);
      clock.advance(REFRESH_INTERVAL_MS - 1);
      expect((await index.search('calendar', 1)).source).toBe('cache');
      expect(http.requests).toHaveLength(1);
    });

    it('should download the list again once it is a day old', async () => {
      const { http, clock, index } = setup();
      await index.search('git', 1);
      clock.advance(REFRESH_INTERVAL_MS);
      expect((await index.search('git', 1)).source).toBe('network');
      expect(http.requests).toHaveLength(2);
    });

    it('should use the saved copy after a restart without downloading', async () => {
      const first = setup();
      await first.index.search('git', 1);
      const restarted = setup(new FakeHttp(), first.files, first.clock);
      first.clock.advance(60_000);
      const result = await restarted.index.search('git', 1);
      expect(result).toMatchObject({ source: 'cache', results: [{ id: 'obsidian-git' }] });
      expect(restarted.http.requests).toHaveLength(0);
    });

    it('should share one download between searches made at the same time', async () => {
      const { http, index } = setup();
      await Promise.all([index.search('git', 1), index.search('calendar', 1), index.search('kanban', 1)]);
      expect(http.requests).toHaveLength(1);
    });

    it('should skip malformed entries and keep the rest', async () => {
      const list = [
        plugin('good', 'Good Plugin'),
        { id: 'no-name' },
        null,
        'text',
        plugin('', 'Empty id'),
        { ...plugin('num', 'Num'), author: 7 },
        plugin('good', 'Duplicate'),
      ];
      const { index } = setup(new FakeHttp({ text: JSON.stringify(list) }));
      expect(await index.search('plugin', 10)).toEqual({
        results: [plugin('good', 'Good Plugin')],
        total: 1,
        source: 'network',
      });
    });
  });

  describe('offline', () => {
    it('should use the saved copy, however old, when the download fails', async () => {
      const first = setup();
      await first.index.search('git', 1);
      first.clock.advance(10 * REFRESH_INTERVAL_MS);
      const offline = setup(new FakeHttp('offline'), first.files, first.clock);
      expect(await offline.index.search('git', 1)).toMatchObject({
        source: 'stale-cache',
        results: [{ id: 'obsidian-git' }],
      });
    });

    it('should fail with NETWORK when offline with no saved copy', async () => {
      const { index } = setup(new FakeHttp('offline'));
      await expect(index.search('git', 1)).rejects.toMatchObject({
        code: 'NETWORK',
        message: `plugins.search: could not download the community plugin list from ${COMMUNITY_PLUGINS_URL} (net::ERR_INTERNET_DISCONNECTED) and there is no saved copy yet; check the internet connection and try again`,
      });
    });

    it('should treat malformed JSON from the network as a failed download', async () => {
      const { index } = setup(new FakeHttp({ text: '[{"id": "x", ' }));
      await expect(index.search('git', 1)).rejects.toMatchObject({
        code: 'NETWORK',
        message: expect.stringMatching(
          /^plugins\.search: could not download the community plugin list from \S+ \(the response is not valid JSON: .+\) and there is no saved copy yet/,
        ) as unknown,
      });
    });

    it('should treat an HTTP error or a response without plugins as a failed download', async () => {
      await expect(setup(new FakeHttp({ status: 503, text: 'busy' })).index.search('git', 1)).rejects.toMatchObject({
        code: 'NETWORK',
        message: expect.stringContaining('(HTTP 503)') as unknown,
      });
      await expect(setup(new FakeHttp({ text: '{"plugins": []}' })).index.search('git', 1)).rejects.toMatchObject({
        message: expect.stringContaining('(the response is not a JSON array, got object)') as unknown,
      });
      await expect(setup(new FakeHttp({ text: '[{"id": 1}]' })).index.search('git', 1)).rejects.toMatchObject({
        message: expect.stringContaining('(the response holds no valid plugin entries (1 entries checked))') as unknown,
      });
    });

    it('should keep the old list in memory when a refresh gets malformed JSON', async () => {
      const { http, clock, index } = setup();
      await index.search('git', 1);
      clock.advance(REFRESH_INTERVAL_MS + 1);
      http.answer = { text: '<html>rate limited</html>' };
      expect(await index.search('git', 1)).toMatchObject({ source: 'stale-cache', results: [{ id: 'obsidian-git' }] });
    });

    it('should wait before trying the network again after a failure, then try again', async () => {
      const { http, clock, index } = setup();
      await index.search('git', 1);
      clock.advance(REFRESH_INTERVAL_MS);
      http.answer = 'offline';
      await index.search('git', 1);
      clock.advance(RETRY_AFTER_FAILURE_MS - 1);
      expect((await index.search('git', 1)).source).toBe('stale-cache');
      expect(http.requests).toHaveLength(2);
      clock.advance(1);
      http.answer = { text: SNAPSHOT };
      expect((await index.search('git', 1)).source).toBe('network');
      expect(http.requests).toHaveLength(3);
    });

    it('should ignore an unreadable saved copy and download', async () => {
      const files = new MemoryPluginFiles();
      files.files.set(CACHE_FILE, 'not json');
      const { http, index } = setup(new FakeHttp(), files);
      expect((await index.search('git', 1)).source).toBe('network');
      expect(http.requests).toHaveLength(1);
    });
  });

  describe('ranking', () => {
    it('should put an exact id or name first, then names starting with the query', async () => {
      const { index } = setup();
      expect(ids(await index.search('calendar', 3))[0]).toBe('calendar');
      expect(ids(await index.search('obsidian-kanban', 1))).toEqual(['obsidian-kanban']);
      const dataview = await index.search('Dataview', 4);
      expect(dataview.results.map((p) => p.name)).toEqual([
        'Dataview',
        'Dataview Toggle',
        'Dataview Publisher',
        'Dataview Serializer',
      ]);
    });

    it('should rank names holding every word above descriptions holding them', async () => {
      const list = [
        plugin('d', 'Helper', 'Makes daily notes easier'),
        plugin('c', 'Notes for every Daily use'),
        plugin('b', 'Daily Notes Viewer'),
        plugin('a', 'Journal', 'Nothing relevant', 'daily notes fan'),
        plugin('e', 'Daily', 'unrelated'),
      ];
      const { index } = setup(new FakeHttp({ text: JSON.stringify(list) }));
      expect(ids(await index.search('daily notes', 10))).toEqual(['b', 'c', 'd', 'a']);
    });

    it('should break ties the same way every time, by name length, name and id', async () => {
      const list = [plugin('z', 'Tasks B'), plugin('y', 'Tasks A'), plugin('x', 'Tasks'), plugin('w', 'Tasks A')];
      const { index } = setup(new FakeHttp({ text: JSON.stringify(list) }));
      expect(ids(await index.search('tas', 10))).toEqual(['x', 'w', 'y', 'z']);
    });

    it('should match case- and space-insensitively, and find nothing for unknown words', async () => {
      const { index } = setup();
      expect(ids(await index.search('  GIT  ', 1))).toEqual(['obsidian-git']);
      expect(await index.search('zqxj-no-such-plugin', 5)).toEqual({ results: [], total: 0, source: 'cache' });
    });

    it('should count every match in total while returning at most limit', async () => {
      const { index } = setup();
      const result = await index.search('calendar', 2);
      expect(result.results).toHaveLength(2);
      expect(result.total).toBeGreaterThan(20);
    });
  });

  it('should stop with CANCELLED when the signal has fired', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(setup().index.search('git', 1, controller.signal)).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'plugins.search was cancelled',
    });
  });
});

describe('plugins.search', () => {
  const registry = new ToolRegistry([new SearchPluginsTool()]);

  it('should return the top 10 matches by default', async () => {
    const context = buildToolContext({ plugins: setup().index });
    const result = await registry.execute('plugins.search', { query: 'calendar' }, context);
    expect(result).toMatchObject({ ok: true, output: { source: 'network', results: expect.any(Array) as unknown } });
    expect((result as { output: { results: unknown[] } }).output.results).toHaveLength(10);
  });

  it('should pass the NETWORK error through when offline with no saved copy', async () => {
    const context = buildToolContext({ plugins: setup(new FakeHttp('offline')).index });
    expect(await registry.execute('plugins.search', { query: 'git' }, context)).toMatchObject({
      ok: false,
      error: { code: 'NETWORK' },
    });
  });

  it('should refuse an empty query and a limit above 50', async () => {
    const context = buildToolContext({ plugins: setup().index });
    expect(await registry.execute('plugins.search', { query: '' }, context)).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'plugins.search: `query` must not be empty' },
    });
    expect(await registry.execute('plugins.search', { query: 'git', limit: 51 }, context)).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'plugins.search: `limit` must be <= 50, got 51' },
    });
  });
});
