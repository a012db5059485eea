import { isAgentError } from '../errors';
import type { VaultEntry, VaultPort } from '../ports/vault';
import { mapLimit } from '../util/concurrency';
import type { BytePrefilter } from './BytePrefilter';
import { requiredTrigrams } from './requiredTrigrams';
import type { SearchIndex } from './SearchIndex';
import type { MatchSpan, TextMatcher, TextMatcherOptions } from './TextMatcher';

export interface FileHits {
  text: string;
  spans: MatchSpan[];
}

export interface ScanResult {
  /** Per file, in the order given: its matches, or undefined for none (or not looked at). */
  hits: (FileHits | undefined)[];
  /** Files read or matched from the cache; the scan stops once it has `wanted` matches. */
  filesSearched: number;
}

/** Reads in flight at once: enough to keep an async adapter busy, few enough to stay clear of EMFILE. */
const READ_CONCURRENCY = 64;
/** Cold files are read in chunks that start small and double, so a search that finds enough early reads little. */
const FIRST_CHUNK = 64;
const MAX_CHUNK = 2048;
/**
 * Characters a regex search matches between two turns of the event loop: each turn lets Cancel (and the rest of
 * Obsidian) run. Plain searches never pause: indexOf is linear, and the warm search stays one synchronous pass.
 */
const PATTERN_CHARS_PER_TURN = 1_000_000;
/** Nor longer than this, however few characters: a regex may be slow on short notes (see TextMatcher's bounds). */
const PATTERN_MS_PER_TURN = 50;

/**
 * A file's text as the scan knows it. undefined: not read yet; null: vanished since the listing (deleted or
 * moved), so no longer part of the search; false: the vault showed from the raw bytes that it cannot match.
 */
type Known = string | null | false | undefined;

/**
 * Matches `files` in path order and stops once the files so far hold `wanted` matches. Files are read in chunks,
 * matching whatever prefix is complete after each chunk. A vault that reads many files in one call keeps its own
 * cache and gets the prefilter, so it can skip decoding notes that cannot match. For the others, the index's
 * texts are matched in one synchronous pass while valid (a warm search never awaits per file), and the rest are
 * read with bounded concurrency. `index` is the vault's own (the services' SearchIndex over its events); a vault
 * without one (a dry run's overlay, whose notes differ from the vault's) is searched by reading every note.
 */
export async function scanTexts(
  { vault, index }: { vault: VaultPort; index?: SearchIndex | undefined },
  files: readonly VaultEntry[],
  matcher: TextMatcher,
  prefilter: BytePrefilter | null,
  wanted: number,
  signal: AbortSignal,
  search?: TextMatcherOptions,
): Promise<ScanResult> {
  const cache = vault.cachedReadMany ? null : (index?.texts ?? null);
  // The vault's index rules out, unread, the notes that lack a trigram the query needs (see SearchIndex).
  // (Not before anything is indexed: the first search then costs exactly what it did, fold table included.)
  const needed = index && index.size > 0 && search ? requiredTrigrams(search) : null;
  // Notes without a current filter are indexed in the background after the scan; none, and there is nothing to do.
  let unindexed = needed === null;
  const texts: Known[] = files.map((entry) => {
    if (needed && index) {
      const answer = index.ask(entry, needed);
      if (answer === 'out') return false;
      if (answer === 'unknown') unindexed = true;
    }
    return cache?.peek(entry.path, entry.mtimeMs, entry.sizeBytes)?.content;
  });
  const hits = new Array<FileHits | undefined>(files.length);
  let next = 0;
  let found = 0;
  // Files looked at: the cached ones matched, plus every file read (a read chunk may go past the stop).
  const cachedAtStart = texts.map((text) => text !== undefined);
  let cachedMatched = 0;
  let filesRead = 0;
  const budget = matcher.isPattern ? PATTERN_CHARS_PER_TURN : Infinity;
  /** Matches the files read so far, in order: 'done' when the scan may stop, 'unread' at a file not read yet. */
  const matchSome = (): 'done' | 'unread' | 'pause' => {
    let matched = 0;
    const turnStarted = Date.now();
    for (; next < files.length && found < wanted; next++) {
      if (matched >= budget || (matcher.isPattern && Date.now() - turnStarted > PATTERN_MS_PER_TURN)) return 'pause';
      const text = texts[next];
      if (text === undefined) return 'unread';
      if (text === null) continue;
      if (cachedAtStart[next]) cachedMatched++;
      if (text === false) continue;
      matched += text.length;
      const spans = matcher.find(text, wanted - found);
      if (spans.length > 0) {
        hits[next] = { text, spans };
        found += spans.length;
      }
    }
    return 'done';
  };
  /** true once the scan may stop: enough matches, every file matched, or the run cancelled. */
  const matchReadyPrefix = async (): Promise<boolean> => {
    for (let state = matchSome(); ; state = matchSome()) {
      if (state !== 'pause') return state === 'done';
      await nextTurn();
      if (signal.aborted) return true;
    }
  };
  if (await matchReadyPrefix()) return indexAfter({ hits, filesSearched: cachedMatched });

  const missing = files.map((_, index) => index).filter((index) => texts[index] === undefined);
  for (let start = 0, size = FIRST_CHUNK; start < missing.length; start += size, size = Math.min(MAX_CHUNK, size * 2)) {
    if (signal.aborted) break;
    const chunk = missing.slice(start, start + size);
    filesRead += chunk.length;
    const entries = chunk.map((index) => files[index] as VaultEntry);
    const read = vault.cachedReadMany
      ? await vault.cachedReadMany(
          entries.map((entry) => entry.path),
          prefilter ?? undefined,
        )
      : await readEach(vault, entries);
    chunk.forEach((index, i) => {
      const text = read[i] ?? null;
      texts[index] = text;
      const entry = files[index] as VaultEntry;
      if (cache && typeof text === 'string') cache.setText(entry.path, text, entry.mtimeMs, entry.sizeBytes);
    });
    if (await matchReadyPrefix()) break;
  }
  return indexAfter({ hits, filesSearched: cachedMatched + filesRead });

  /** The result, once the background indexing of `files` is under way: after the scan, so it never slows it. */
  function indexAfter(result: ScanResult): ScanResult {
    if (unindexed) void index?.fill(vault, files);
    return result;
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function readEach(vault: VaultPort, entries: readonly VaultEntry[]): Promise<(string | null)[]> {
  return mapLimit(entries, READ_CONCURRENCY, async (entry) => {
    try {
      return await vault.cachedRead(entry.path);
    } catch (error) {
      if (!isAgentError(error, 'NOT_FOUND')) throw error;
      return null;
    }
  });
}
