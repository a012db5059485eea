import { AgentError, describeError } from '../errors';
import type { ClockPort } from '../ports/clock';
import type { HttpPort } from '../ports/http';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { PluginCatalog, PluginSearchResult } from '../tools/types';
import { rankPlugins, type CommunityPlugin } from './rankPlugins';

/** The list Obsidian itself browses community plugins from. */
export const COMMUNITY_PLUGINS_URL =
  'https://raw.githubusercontent.com/obsidianmd/obsidian-releases/HEAD/community-plugins.json';
/** Relative to the plugin's folder (PluginFilesPort). */
export const CACHE_FILE = 'cache/community-plugins.json';
/** The list changes a few times a day at most; a day-old copy is fresh enough to recommend from. */
export const REFRESH_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** After a failed download, serve the old copy for a while instead of waiting on the network at every search. */
export const RETRY_AFTER_FAILURE_MS = 15 * 60 * 1000;

interface Snapshot {
  plugins: CommunityPlugin[];
  fetchedAt: number;
}

interface Loaded extends Snapshot {
  source: PluginSearchResult['source'];
}

export interface CommunityPluginIndexOptions {
  http: HttpPort;
  files: PluginFilesPort;
  clock: ClockPort;
  url?: string;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** The well-formed entries of the list, each once; anything else in it is skipped, not fatal. */
export function validPlugins(data: unknown): CommunityPlugin[] {
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const plugins: CommunityPlugin[] = [];
  for (const item of data as unknown[]) {
    if (item === null || typeof item !== 'object') continue;
    const { id, name, author, description, repo } = item as Record<string, unknown>;
    if (!isString(id) || !isString(name) || !isString(author) || !isString(description) || !isString(repo)) continue;
    if (id.trim() === '' || name.trim() === '' || seen.has(id)) continue;
    seen.add(id);
    plugins.push({ id, name, author, description, repo });
  }
  return plugins;
}

/**
 * The official community plugin list, for recommendations only (nothing is ever installed). Downloaded at most
 * once a day, kept in memory and in the plugin's cache file so that a restart or going offline still has a
 * list to search: an old copy is served as "stale-cache" when the download fails.
 */
export class CommunityPluginIndex implements PluginCatalog {
  private readonly http: HttpPort;
  private readonly files: PluginFilesPort;
  private readonly clock: ClockPort;
  private readonly url: string;
  private snapshot: Snapshot | null = null;
  private diskChecked = false;
  private lastFailureAt: number | null = null;
  /** One download at a time: concurrent searches share it. */
  private pending: Promise<Loaded> | null = null;

  constructor(options: CommunityPluginIndexOptions) {
    this.http = options.http;
    this.files = options.files;
    this.clock = options.clock;
    this.url = options.url ?? COMMUNITY_PLUGINS_URL;
  }

  async search(query: string, limit: number, signal?: AbortSignal): Promise<PluginSearchResult> {
    if (signal?.aborted) throw new AgentError('CANCELLED', 'plugins.search was cancelled');
    const loaded = await this.load();
    const ranked = rankPlugins(loaded.plugins, query);
    return { results: ranked.slice(0, limit), total: ranked.length, source: loaded.source };
  }

  private load(): Promise<Loaded> {
    this.pending ??= this.loadOnce().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async loadOnce(): Promise<Loaded> {
    if (!this.diskChecked) {
      this.diskChecked = true;
      this.snapshot ??= await this.readCacheFile();
    }
    const now = this.clock.now();
    const cached = this.snapshot;
    // A copy "from the future" (the clock was changed) counts as old, or it would never be refreshed.
    if (cached && now >= cached.fetchedAt && now - cached.fetchedAt < REFRESH_INTERVAL_MS)
      return { ...cached, source: 'cache' };
    if (cached && this.lastFailureAt !== null && now - this.lastFailureAt < RETRY_AFTER_FAILURE_MS)
      return { ...cached, source: 'stale-cache' };

    let plugins: CommunityPlugin[];
    try {
      plugins = await this.download();
    } catch (error) {
      this.lastFailureAt = now;
      if (cached) return { ...cached, source: 'stale-cache' };
      throw new AgentError(
        'NETWORK',
        `plugins.search: could not download the community plugin list from ${this.url} (${describeError(error)}) and there is no saved copy yet; check the internet connection and try again`,
        { url: this.url },
      );
    }
    this.lastFailureAt = null;
    this.snapshot = { plugins, fetchedAt: now };
    await this.writeCacheFile(this.snapshot);
    return { ...this.snapshot, source: 'network' };
  }

  /** The list from the network; throws with the reason when there is no usable list in the response. */
  private async download(): Promise<CommunityPlugin[]> {
    const response = await this.http.request({ url: this.url, method: 'GET' });
    if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
    let data: unknown;
    try {
      data = JSON.parse(response.text);
    } catch (error) {
      throw new Error(`the response is not valid JSON: ${describeError(error)}`);
    }
    if (!Array.isArray(data))
      throw new Error(`the response is not a JSON array, got ${data === null ? 'null' : typeof data}`);
    const plugins = validPlugins(data);
    if (plugins.length === 0)
      throw new Error(`the response holds no valid plugin entries (${data.length} entries checked)`);
    return plugins;
  }

  /** The saved copy, or null when there is none or it cannot be used; a bad file is replaced at the next download. */
  private async readCacheFile(): Promise<Snapshot | null> {
    let text: string | null;
    try {
      text = await this.files.read(CACHE_FILE);
    } catch {
      return null;
    }
    if (text === null) return null;
    try {
      const data = JSON.parse(text) as { fetchedAt?: unknown; plugins?: unknown };
      const plugins = validPlugins(data.plugins);
      if (typeof data.fetchedAt !== 'number' || plugins.length === 0) return null;
      return { plugins, fetchedAt: data.fetchedAt };
    } catch {
      return null;
    }
  }

  private async writeCacheFile(snapshot: Snapshot): Promise<void> {
    try {
      await this.files.write(
        CACHE_FILE,
        JSON.stringify({ url: this.url, fetchedAt: snapshot.fetchedAt, plugins: snapshot.plugins }),
      );
    } catch {
      // The saved copy only spares a download after a restart; failing the search over it would help no one.
    }
  }
}
