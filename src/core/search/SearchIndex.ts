import { isAgentError } from '../errors';
import { isInside } from '../paths/normalizePath';
import type { VaultEntry, VaultEvent, VaultPort } from '../ports/vault';
import { TextCache } from './TextCache';
import { buildTrigramFilter, filterMayContain, type TrigramFilter } from './trigramFilter';

interface Indexed {
  mtimeMs: number;
  sizeBytes: number;
  filter: TrigramFilter;
}

/** Notes indexed per turn of the event loop in the background: ~1 MB of text, a few ms, so the UI stays fluid. */
const FILL_CHUNK = 512;
/** A Map entry and its object, in bytes, as counted for `bytes` (V8: ~60-80; the path string is the listing's). */
const ENTRY_OVERHEAD = 80;

/**
 * What search keeps per vault between calls: a trigram filter per note (see trigramFilter), so a search reads
 * only the notes that may match, and the texts of notes read (for vaults that do not keep their own). A filter
 * is used only while the note's (mtime, size) is what it was when indexed, and the vault's events drop or move
 * filters as notes change, so a missed event costs a read, never a wrong answer. Filters are built in the
 * background after a search, from the notes it listed; until a note has one, it is read as before, so the first
 * search costs what it did. Owned by the vault adapter (one per vault, whatever wraps it per call).
 */
export class SearchIndex {
  readonly texts = new TextCache();
  private readonly notes = new Map<string, Indexed>();
  private filterBytes = 0;
  private filling: Promise<void> | null = null;
  private queued: { vault: VaultPort; files: readonly VaultEntry[] } | null = null;
  private readonly unsubscribe: () => void;

  constructor(vault: Pick<VaultPort, 'onChange'>) {
    this.unsubscribe = vault.onChange((event) => this.changed(event));
  }

  /** Stops following the vault's events (Obsidian keeps `vault.on` listeners after a plugin unloads). */
  dispose(): void {
    this.unsubscribe();
  }

  /** False when `entry`'s current filter shows it lacks one of `hashes`; true when it may match or is not indexed. */
  mayContain(entry: VaultEntry, hashes: readonly number[]): boolean {
    const known = this.notes.get(entry.path);
    if (!known || known.mtimeMs !== entry.mtimeMs || known.sizeBytes !== entry.sizeBytes) return true;
    return filterMayContain(known.filter, hashes);
  }

  /** Indexes `text` as the content of `entry` (as listed when the text was read). */
  add(entry: VaultEntry, text: string): void {
    this.drop(entry.path);
    const filter = buildTrigramFilter(text);
    this.notes.set(entry.path, { mtimeMs: entry.mtimeMs, sizeBytes: entry.sizeBytes, filter });
    this.filterBytes += filter.byteLength;
  }

  /** Notes with a filter, current or not. */
  get size(): number {
    return this.notes.size;
  }

  /** Memory held by the filters: their bits plus an estimate of the map entries around them. */
  get bytes(): number {
    return this.filterBytes + this.notes.size * ENTRY_OVERHEAD;
  }

  /**
   * Indexes, in the background, those of `files` without a current filter, reading them through `vault`. One pass
   * at a time; a request during a pass is kept (the latest only) and done after it. Resolves when all are done.
   */
  fill(vault: VaultPort, files: readonly VaultEntry[]): Promise<void> {
    this.queued = { vault, files };
    this.filling ??= this.drain().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  /** Resolves once no background pass is running. */
  async idle(): Promise<void> {
    while (this.filling) await this.filling;
  }

  private async drain(): Promise<void> {
    for (let job = this.queued; job; job = this.queued) {
      this.queued = null;
      const missing = job.files.filter((entry) => !this.current(entry));
      for (let start = 0; start < missing.length; start += FILL_CHUNK) {
        await nextTurn();
        const chunk = missing.slice(start, start + FILL_CHUNK).filter((entry) => !this.current(entry));
        // A note that cannot be read now stays unindexed: searches read it themselves and report what they find.
        const texts = await readTexts(job.vault, chunk).catch(() => []);
        chunk.forEach((entry, i) => {
          const text = texts[i];
          if (typeof text === 'string') this.add(entry, text);
        });
      }
    }
  }

  private current(entry: VaultEntry): boolean {
    const known = this.notes.get(entry.path);
    return known !== undefined && known.mtimeMs === entry.mtimeMs && known.sizeBytes === entry.sizeBytes;
  }

  private changed(event: VaultEvent): void {
    if (event.type === 'create') return;
    const from = event.type === 'rename' ? event.oldPath : event.path;
    if (event.type === 'modify') {
      this.drop(from);
      return;
    }
    // A folder's event stands for everything in it: its notes go, or move with it.
    const moved: [string, Indexed][] = [];
    for (const [path, indexed] of this.notes) {
      if (!isInside(path, from)) continue;
      this.drop(path);
      if (event.type === 'rename') moved.push([event.path + path.slice(from.length), indexed]);
    }
    for (const [path, indexed] of moved) {
      this.notes.set(path, indexed);
      this.filterBytes += indexed.filter.byteLength;
    }
  }

  private drop(path: string): void {
    const known = this.notes.get(path);
    if (!known) return;
    this.notes.delete(path);
    this.filterBytes -= known.filter.byteLength;
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Texts for the background pass; null for a note gone since the listing (it is simply not indexed). */
async function readTexts(vault: VaultPort, entries: readonly VaultEntry[]): Promise<(string | null | false)[]> {
  if (vault.cachedReadMany) return vault.cachedReadMany(entries.map((entry) => entry.path));
  const texts: (string | null)[] = [];
  for (const entry of entries) {
    try {
      texts.push(await vault.cachedRead(entry.path));
    } catch (error) {
      if (!isAgentError(error, 'NOT_FOUND')) throw error;
      texts.push(null);
    }
  }
  return texts;
}
