import { isAgentError } from '../errors';
import { isInside } from '../paths/normalizePath';
import type { VaultEntry, VaultEvent, VaultPort } from '../ports/vault';
import { ContentCache } from './ContentCache';
import { FilterStore } from './FilterStore';
import { buildTrigramFilter } from './trigramFilter';

/** Notes indexed per turn of the event loop in the background: ~1 MB of text, a few ms, so the UI stays fluid. */
const FILL_CHUNK = 512;

/**
 * What search keeps per vault between calls: a trigram filter per note (see trigramFilter), so a search reads
 * only the notes that may match, and the texts of notes read (for vaults that do not keep their own). A filter
 * is used only while the note's (mtime, size) is what it was when indexed, and the vault's events drop or move
 * filters as notes change, so a missed event costs a read, never a wrong answer. Filters are built in the
 * background after a search, from the notes it listed; until a note has one, it is read as before, so the first
 * search costs what it did. Built and owned by the services (one per vault, whatever wraps the vault per call),
 * which hand it to each tool call beside the vault it follows and dispose it with themselves.
 */
export class SearchIndex {
  /** Texts read, for a vault that does not keep its own (one without `cachedReadMany`). */
  readonly texts = new ContentCache(null, 48_000_000);
  private readonly notes = new FilterStore();
  private filling: Promise<void> | null = null;
  private queued: { vault: VaultPort; files: readonly VaultEntry[] } | null = null;
  private readonly unsubscribe: () => void;
  private disposed = false;

  constructor(vault: Pick<VaultPort, 'onChange'>) {
    this.unsubscribe = vault.onChange((event) => this.changed(event));
  }

  /** Stops following the vault's events (Obsidian keeps `vault.on` listeners after a plugin unloads) and indexing. */
  dispose(): void {
    this.unsubscribe();
    this.disposed = true;
  }

  /** 'out' when `entry`'s current filter shows it lacks one of `hashes`; 'may' when it has them; 'unknown' when not indexed. */
  ask(entry: VaultEntry, hashes: readonly number[]): 'out' | 'may' | 'unknown' {
    return this.notes.ask(entry.path, entry.mtimeMs, entry.sizeBytes, hashes);
  }

  /** Indexes `text` as the content of `entry` (as listed when the text was read). */
  add(entry: VaultEntry, text: string): void {
    this.notes.set(entry.path, entry.mtimeMs, entry.sizeBytes, buildTrigramFilter(text));
  }

  /** Notes with a filter, current or not. */
  get size(): number {
    return this.notes.size;
  }

  /** Memory held by the filters (see FilterStore.bytes); the text cache is counted apart. */
  get bytes(): number {
    return this.notes.bytes;
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
        if (this.disposed) return;
        const chunk = missing.slice(start, start + FILL_CHUNK).filter((entry) => !this.current(entry));
        // A note that cannot be read now stays unindexed: searches read it themselves and report what they find.
        const texts = await readTexts(job.vault, chunk).catch(() => []);
        chunk.forEach((entry, i) => {
          const text = texts[i];
          if (typeof text === 'string') this.add(entry, text);
        });
      }
    }
    this.notes.trim();
  }

  private current(entry: VaultEntry): boolean {
    return this.notes.current(entry.path, entry.mtimeMs, entry.sizeBytes);
  }

  private changed(event: VaultEvent): void {
    if (event.type === 'create') return;
    if (event.type === 'modify') {
      this.notes.delete(event.path);
      return;
    }
    const from = event.type === 'rename' ? event.oldPath : event.path;
    const to = event.type === 'rename' ? event.path : null;
    if (this.notes.has(from)) {
      if (to === null) this.notes.delete(from);
      else this.notes.move(from, to);
      return;
    }
    // A folder's event stands for everything in it: its notes go, or move with it.
    for (const path of [...this.notes.paths()].filter((path) => isInside(path, from))) {
      if (to !== null) this.notes.move(path, to + path.slice(from.length));
      else this.notes.delete(path);
    }
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
