import { AgentError, isAgentError } from '../../errors';
import type { VaultPort } from '../../ports/vault';
import { LowercaseCache } from '../../search/LowercaseCache';
import { snippetAround } from '../../search/snippet';
import { isSearchable } from '../../search/searchableFiles';
import { lineNumbersAt, TextMatcher, type MatchMode, type MatchSpan } from '../../search/TextMatcher';
import { mapLimit } from '../../util/concurrency';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { isRootPath, resolvePathArg } from './pathArgs';

export interface SearchTextInput {
  query: string;
  mode: MatchMode;
  paths?: string[];
  caseSensitive: boolean;
  limit: number;
  snippetLength: number;
}

export interface SearchMatch {
  path: string;
  line: number;
  snippet: string;
}

export interface SearchTextOutput {
  matches: SearchMatch[];
  truncated: boolean;
  /** Files read; the search stops early once it has more matches than `limit`. */
  filesSearched: number;
}

/** Reads in flight at once: enough to keep an async adapter busy, few enough to stay clear of EMFILE. */
const READ_CONCURRENCY = 64;
const READ_BATCH = 16;

/** One cache per vault, gone with the vault. */
const lowercaseCaches = new WeakMap<VaultPort, LowercaseCache>();

function lowercaseCacheFor(vault: VaultPort): LowercaseCache {
  let cache = lowercaseCaches.get(vault);
  if (!cache) {
    cache = new LowercaseCache();
    lowercaseCaches.set(vault, cache);
  }
  return cache;
}

interface FileHits {
  text: string;
  spans: MatchSpan[];
}

export class SearchTextTool extends BaseTool<SearchTextInput, SearchTextOutput> {
  readonly name = 'vault.searchText' as const;

  async execute(input: SearchTextInput, context: ToolContext): Promise<SearchTextOutput> {
    const matcher = this.matcherFor(input);
    const files = await this.filesToSearch(input.paths, context);
    // One match beyond the limit tells whether the result is truncated.
    const { hits, filesSearched } = await scan(files, matcher, input.limit + 1, context);
    if (context.signal.aborted) throw new AgentError('CANCELLED', `${this.name} was cancelled`);

    const matches: SearchMatch[] = [];
    let total = 0;
    hits.forEach((fileHits, index) => {
      if (!fileHits) return;
      total += fileHits.spans.length;
      const room = input.limit - matches.length;
      if (room <= 0) return;
      // Line numbers and snippets cost a scan each: only for the matches that are reported.
      const reported = fileHits.spans.slice(0, room);
      const lines = lineNumbersAt(fileHits.text, reported.map((span) => span.start));
      reported.forEach((span, i) => {
        matches.push({ path: files[index] ?? '', line: lines[i] ?? 1, snippet: snippetAround(fileHits.text, span, input.snippetLength) });
      });
    });
    return { matches, truncated: total > input.limit, filesSearched };
  }

  private matcherFor(input: SearchTextInput): TextMatcher {
    try {
      return new TextMatcher({ query: input.query, mode: input.mode, caseSensitive: input.caseSensitive });
    } catch (error) {
      if (isAgentError(error)) throw new AgentError(error.code, `${this.name}: ${error.message}`, error.details);
      throw error;
    }
  }

  /** The searchable files, in path order: the whole vault, or the named folders (recursively) and files. */
  private async filesToSearch(paths: readonly string[] | undefined, context: ToolContext): Promise<string[]> {
    const { vault } = context;
    if (paths === undefined || paths.length === 0 || paths.some(isRootPath)) return searchableIn('/', context);
    const found = new Set<string>();
    for (const [index, raw] of paths.entries()) {
      const label = `paths[${index}]`;
      const path = resolvePathArg(this.meta, 'paths', raw, context, label);
      const entry = await vault.stat(path);
      if (!entry) throw new AgentError('NOT_FOUND', `${this.name}: \`${label}\` "${path}" does not exist; give a folder or file in the vault`, { path });
      // A file named outright is searched whatever its type: the caller asked for it.
      if (entry.kind === 'file') found.add(path);
      else for (const file of await searchableIn(path, context)) found.add(file);
    }
    return [...found].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

async function searchableIn(folder: string, context: ToolContext): Promise<string[]> {
  const entries = await context.vault.list(folder, true);
  return entries.filter((entry) => entry.kind === 'file' && isSearchable(entry.path)).map((entry) => entry.path);
}

/**
 * Reads `files` in path order and finds up to `wanted` matches in each, stopping once the files before the
 * first unread one hold `wanted` matches in all. Returns the matches by file index and how many files it read.
 */
async function scan(files: readonly string[], matcher: TextMatcher, wanted: number, context: ToolContext): Promise<{ hits: (FileHits | undefined)[]; filesSearched: number }> {
  const lowercase = matcher.usesLowercase ? lowercaseCacheFor(context.vault) : null;
  const hits = new Array<FileHits | undefined>(files.length);
  const counts = new Array<number | undefined>(files.length);
  let settled = 0;
  let settledMatches = 0;
  let stop = false;
  let filesSearched = 0;

  // Reads go in batches, a few batches at a time: the same bounded concurrency as one read per lane, at a
  // fraction of the promise overhead when reads come from a cache.
  const batches: { start: number; end: number }[] = [];
  for (let first = 0; first < files.length; first += READ_BATCH) batches.push({ start: first, end: Math.min(files.length, first + READ_BATCH) });
  await mapLimit(batches, READ_CONCURRENCY / READ_BATCH, async ({ start, end }) => {
    if (stop || context.signal.aborted) return;
    const reads: Promise<string>[] = [];
    for (let i = start; i < end; i++) reads.push(context.vault.cachedRead(files[i] ?? ''));
    const results = await Promise.allSettled(reads);
    for (let i = start; i < end; i++) {
      const result = results[i - start] as PromiseSettledResult<string>;
      if (result.status === 'rejected') {
        // A file deleted between listing and reading is no longer part of the vault: skip it, do not fail.
        if (!isAgentError(result.reason, 'NOT_FOUND')) throw result.reason;
        counts[i] = 0;
        continue;
      }
      const text = result.value;
      filesSearched++;
      const spans = matcher.find(text, wanted, lowercase?.lowercase(files[i] ?? '', text));
      counts[i] = spans.length;
      if (spans.length > 0) hits[i] = { text, spans };
    }
    // Results are reported in path order, so only the finished files before the first unfinished one count
    // towards stopping: once they hold `wanted` matches, nothing later can change the answer.
    while (settled < files.length && counts[settled] !== undefined) settledMatches += counts[settled++] ?? 0;
    if (settledMatches >= wanted) stop = true;
  });
  return { hits, filesSearched };
}
