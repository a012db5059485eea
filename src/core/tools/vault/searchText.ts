import { AgentError, isAgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { textCacheFor } from '../../search/TextCache';
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
/** Cold files are read in chunks that start small and double, so a search that finds enough early reads little. */
const FIRST_CHUNK = 64;
const MAX_CHUNK = 2048;

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
        matches.push({ path: files[index]?.path ?? '', line: lines[i] ?? 1, snippet: snippetAround(fileHits.text, span, input.snippetLength) });
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
  private async filesToSearch(paths: readonly string[] | undefined, context: ToolContext): Promise<VaultEntry[]> {
    const { vault } = context;
    if (paths === undefined || paths.length === 0 || paths.some(isRootPath)) return searchableIn('/', context);
    const found = new Map<string, VaultEntry>();
    for (const [index, raw] of paths.entries()) {
      const label = `paths[${index}]`;
      const path = resolvePathArg(this.meta, 'paths', raw, context, label);
      const entry = await vault.stat(path);
      if (!entry) throw new AgentError('NOT_FOUND', `${this.name}: \`${label}\` "${path}" does not exist; give a folder or file in the vault`, { path });
      // A file named outright is searched whatever its type: the caller asked for it.
      if (entry.kind === 'file') found.set(path, entry);
      else for (const file of await searchableIn(path, context)) found.set(file.path, file);
    }
    return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

async function searchableIn(folder: string, context: ToolContext): Promise<VaultEntry[]> {
  const entries = await context.vault.list(folder, true);
  return entries.filter((entry) => entry.kind === 'file' && isSearchable(entry.path));
}

/**
 * Matches `files` in path order and stops once the files so far hold `wanted` matches. Texts the cache still
 * holds are matched in one synchronous pass (a warm search never awaits per file); the others are read in
 * chunks with bounded concurrency, matching whatever prefix is complete after each chunk.
 */
async function scan(files: readonly VaultEntry[], matcher: TextMatcher, wanted: number, context: ToolContext): Promise<{ hits: (FileHits | undefined)[]; filesSearched: number }> {
  const cache = textCacheFor(context.vault);
  // undefined: not read yet; null: vanished since the listing (deleted or moved), so no longer part of the search.
  const texts: (string | null | undefined)[] = files.map((entry) => cache.get(entry));
  const hits = new Array<FileHits | undefined>(files.length);
  let next = 0;
  let found = 0;
  const cachedAtStart = texts.map((text) => text !== undefined);
  let cachedMatched = 0;
  let filesRead = 0;
  const matchReadyPrefix = (): boolean => {
    for (; next < files.length && found < wanted; next++) {
      const text = texts[next];
      if (text === undefined) return false;
      if (text === null) continue;
      if (cachedAtStart[next]) cachedMatched++;
      const spans = matcher.find(text, wanted - found);
      if (spans.length > 0) {
        hits[next] = { text, spans };
        found += spans.length;
      }
    }
    return true;
  };
  if (matchReadyPrefix()) return { hits, filesSearched: cachedMatched };

  const missing = files.map((_, index) => index).filter((index) => texts[index] === undefined);
  for (let start = 0, size = FIRST_CHUNK; start < missing.length; start += size, size = Math.min(MAX_CHUNK, size * 2)) {
    if (context.signal.aborted) break;
    const chunk = missing.slice(start, start + size);
    filesRead += chunk.length;
    if (context.vault.cachedReadMany) {
      const read = await context.vault.cachedReadMany(chunk.map((index) => (files[index] as VaultEntry).path));
      chunk.forEach((index, i) => {
        const text = read[i] ?? null;
        texts[index] = text;
        if (text !== null) cache.set(files[index] as VaultEntry, text);
      });
      if (matchReadyPrefix()) break;
      continue;
    }
    await mapLimit(chunk, READ_CONCURRENCY, async (index) => {
      const entry = files[index] as VaultEntry;
      try {
        const text = await context.vault.cachedRead(entry.path);
        texts[index] = text;
        cache.set(entry, text);
      } catch (error) {
        if (!isAgentError(error, 'NOT_FOUND')) throw error;
        texts[index] = null;
      }
    });
    if (matchReadyPrefix()) break;
  }
  // Files looked at: the cached ones matched, plus every file read from the vault (a read chunk may go past the stop).
  return { hits, filesSearched: cachedMatched + filesRead };
}
