import { AgentError, isAgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { bytePrefilterFor } from '../../search/BytePrefilter';
import { type FileHits, scanTexts } from '../../search/scanTexts';
import { snippetAround } from '../../search/snippet';
import { isSearchable } from '../../search/searchableFiles';
import { lineNumbersAt, TextMatcher } from '../../search/TextMatcher';
import { BaseTool } from '../BaseTool';
import type { ResultPart } from '../parts';
import type { ToolContext } from '../types';
import { isRootPath, resolvePathArg } from './pathArgs';
import { searchTextPart } from './searchTextParts';
import type { SearchMatch, SearchTextInput, SearchTextOutput } from './searchTextTypes';

export type { SearchMatch, SearchTextInput, SearchTextOutput };

export class SearchTextTool extends BaseTool<SearchTextInput, SearchTextOutput> {
  readonly name = 'vault.searchText' as const;

  async execute(input: SearchTextInput, context: ToolContext): Promise<SearchTextOutput> {
    const matcher = await this.matcherFor(input);
    const offset = input.offset ?? 0;
    const files = await this.filesToSearch(input.paths, context);
    const prefilter = bytePrefilterFor({ query: input.query, mode: input.mode, caseSensitive: input.caseSensitive });
    // One match beyond the limit tells whether the result is truncated.
    const { hits, filesSearched } = await scanTexts(
      { vault: context.vault, index: context.searchIndex },
      files,
      matcher,
      prefilter,
      offset + input.limit + 1,
      context.signal,
      input,
    );
    if (context.signal.aborted) throw new AgentError('CANCELLED', `${this.name} was cancelled`);
    await dropLinksToUnreadable(files, hits, context);

    const matches: SearchMatch[] = [];
    let total = 0;
    hits.forEach((fileHits, index) => {
      if (!fileHits) return;
      const first = Math.max(0, offset - total);
      total += fileHits.spans.length;
      const room = input.limit - matches.length;
      if (room <= 0 || first >= fileHits.spans.length) return;
      // Line numbers and snippets cost a scan each: only for the matches that are reported.
      const reported = fileHits.spans.slice(first, first + room);
      const lines = lineNumbersAt(
        fileHits.text,
        reported.map((span) => span.start),
      );
      reported.forEach((span, i) => {
        matches.push({
          path: files[index]?.path ?? '',
          line: lines[i] ?? 1,
          snippet: snippetAround(fileHits.text, span, input.snippetLength),
        });
      });
    });
    const truncated = total > offset + input.limit;
    return { matches, truncated, ...(truncated ? { nextOffset: offset + matches.length } : {}), filesSearched };
  }

  override partOf(input: SearchTextInput, output: SearchTextOutput, maxChars: number): ResultPart<SearchTextOutput> {
    return searchTextPart(input, output, maxChars);
  }

  private async matcherFor(input: SearchTextInput): Promise<TextMatcher> {
    try {
      return await TextMatcher.create({
        query: input.query,
        mode: input.mode,
        caseSensitive: input.caseSensitive,
        wholeWord: input.wholeWord === true,
      });
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
      if (!entry)
        throw new AgentError(
          'NOT_FOUND',
          `${this.name}: \`${label}\` "${path}" does not exist; give a folder or file in the vault`,
          { path },
        );
      // A file named outright is searched whatever its type: the caller asked for it.
      if (entry.kind === 'file') found.set(path, entry);
      else for (const file of await searchableIn(path, context)) found.set(file.path, file);
    }
    return [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }
}

/**
 * A file that is a link to a note the ignore rules hide is listed under the link's name: its hits go, as
 * vault.readFile refuses it. Only files with hits are resolved, so a search of the whole vault stays one pass.
 */
async function dropLinksToUnreadable(
  files: readonly VaultEntry[],
  hits: (FileHits | undefined)[],
  context: ToolContext,
): Promise<void> {
  const { vault, readable } = context;
  if (!vault.resolveLinks || !readable) return;
  for (const [index, fileHits] of hits.entries()) {
    const file = files[index];
    if (fileHits && file && !readable(await vault.resolveLinks(file.path))) hits[index] = undefined;
  }
}

async function searchableIn(folder: string, context: ToolContext): Promise<VaultEntry[]> {
  const entries = await context.vault.list(folder, true);
  return entries.filter(
    (entry) => entry.kind === 'file' && isSearchable(entry.path) && context.readable?.(entry.path) !== false,
  );
}
