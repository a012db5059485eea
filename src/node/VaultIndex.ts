import type { Stats } from 'node:fs';
import { parentFolder } from '../core/paths/normalizePath';
import type { VaultEntry, VaultEvent } from '../core/ports/vault';

/** Folders carry no size and, as in Obsidian's TFolder, no modification time. */
export function folderEntry(path: string): VaultEntry {
  return Object.freeze({ path, kind: 'folder' as const, sizeBytes: 0, mtimeMs: 0 });
}

export function fileEntry(path: string, sizeBytes: number, mtimeMs: number): VaultEntry {
  return Object.freeze({ path, kind: 'file' as const, sizeBytes, mtimeMs });
}

/** The entry for what `stat` found at `path`, or null when nothing is there. */
export function entryOf(path: string, info: Stats | null): VaultEntry | null {
  if (!info) return null;
  return info.isDirectory() ? folderEntry(path) : fileEntry(path, info.size, info.mtimeMs);
}

/** Paths Obsidian's vault index leaves out: any segment starting with "." (.obsidian, .trash, .git, dot-files). */
export function isHiddenPath(path: string): boolean {
  return path.startsWith('.') || path.includes('/.');
}

/** Above this many paths, a subtree change re-sorts later instead of splicing one path at a time. */
const SPLICE_LIMIT = 64;

/**
 * Every visible entry of the vault, in memory, so `list` never touches the disk. Children are kept per folder
 * for non-recursive lists, and one sorted array of all paths serves recursive lists: the descendants of "A" are
 * exactly the contiguous run of paths starting with "A/". Entries are frozen and replaced, never mutated, so
 * `list` can hand them out without copying.
 */
export class VaultIndex {
  private readonly entries = new Map<string, VaultEntry>([['/', folderEntry('/')]]);
  private readonly children = new Map<string, Set<string>>([['/', new Set()]]);
  /** All paths but the root, in code-unit order; null until a recursive list needs it again. */
  private sorted: string[] | null = null;
  /** The entries of `sorted`, same order; dropped on any change, so repeated lists cost a copy. */
  private sortedEntries: VaultEntry[] | null = null;

  get(path: string): VaultEntry | undefined {
    return this.entries.get(path);
  }

  /** Adds or replaces an entry (and any missing parent folders); says which event, if any, that amounts to. */
  put(entry: VaultEntry): 'create' | 'modify' | null {
    const existing = this.entries.get(entry.path);
    if (existing && existing.kind === entry.kind) {
      if (existing.sizeBytes === entry.sizeBytes && existing.mtimeMs === entry.mtimeMs) return null;
      this.entries.set(entry.path, entry);
      this.sortedEntries = null;
      return entry.kind === 'file' ? 'modify' : null;
    }
    if (existing) this.remove(entry.path);
    const parent = parentFolder(entry.path);
    if (this.entries.get(parent)?.kind !== 'folder') this.put(folderEntry(parent));
    this.entries.set(entry.path, entry);
    this.children.get(parent)?.add(entry.path);
    if (entry.kind === 'folder') this.children.set(entry.path, new Set());
    this.sortedEntries = null;
    if (this.sorted) this.sorted.splice(lowerBound(this.sorted, entry.path), 0, entry.path);
    return 'create';
  }

  /** Removes an entry and everything under it; returns the removed paths. */
  remove(path: string): string[] {
    if (path === '/' || !this.entries.has(path)) return [];
    const removed = this.descendants(path);
    removed.unshift(path);
    this.sortedEntries = null;
    this.children.get(parentFolder(path))?.delete(path);
    for (const gone of removed) {
      this.entries.delete(gone);
      this.children.delete(gone);
    }
    if (this.sorted && removed.length <= SPLICE_LIMIT) {
      for (const gone of removed) this.sorted.splice(lowerBound(this.sorted, gone), 1);
    } else this.sorted = null;
    return removed;
  }

  /** Moves an entry and its subtree to `toPath` (whose parent folders are added when missing). */
  move(fromPath: string, toPath: string): void {
    const moved = [fromPath, ...this.descendants(fromPath)]
      .map((path) => this.entries.get(path))
      .filter((entry) => entry !== undefined);
    if (moved.length === 0) return;
    this.remove(fromPath);
    if (moved.length > SPLICE_LIMIT) this.sorted = null;
    for (const entry of moved) {
      const path = toPath + entry.path.slice(fromPath.length);
      this.put(entry.kind === 'file' ? fileEntry(path, entry.sizeBytes, entry.mtimeMs) : folderEntry(path));
    }
  }

  /** Entries under `folder` (which must be an indexed folder), sorted by path. */
  list(folder: string, recursive: boolean): VaultEntry[] {
    if (!recursive)
      return [...(this.children.get(folder) ?? [])].sort().map((path) => this.entries.get(path) as VaultEntry);
    const sorted = (this.sorted ??= [...this.entries.keys()].filter((path) => path !== '/').sort());
    this.sortedEntries ??= sorted.map((path) => this.entries.get(path) as VaultEntry);
    if (folder === '/') return this.sortedEntries.slice();
    // "0" is the code unit right after "/": the descendants of "A" are the paths from "A/" up to "A0".
    return this.sortedEntries.slice(lowerBound(sorted, `${folder}/`), lowerBound(sorted, `${folder}0`));
  }

  /**
   * Makes the subtree under `folder` match `fresh` (a scan of it from disk, parents before children) and returns
   * the events that difference amounts to: what appeared, changed or disappeared since the index last knew.
   * Paths for which `skip` is true are left as they are (the caller knows better than the scan).
   */
  sync(folder: string, fresh: VaultEntry[], skip: (path: string) => boolean = () => false): VaultEvent[] {
    const events: VaultEvent[] = [];
    const seen = new Set<string>(fresh.map((entry) => entry.path));
    for (const path of this.descendants(folder)) {
      if (!seen.has(path) && this.entries.has(path) && !skip(path)) {
        this.remove(path);
        events.push({ type: 'delete', path });
      }
    }
    for (const entry of fresh) {
      const change = skip(entry.path) ? null : this.put(entry);
      if (change) events.push({ type: change, path: entry.path });
    }
    return events;
  }

  /** Every path under `folder`, not including it, parents before children. */
  private descendants(folder: string): string[] {
    const out: string[] = [];
    const stack = [folder];
    while (stack.length > 0) {
      for (const child of this.children.get(stack.pop() as string) ?? []) {
        out.push(child);
        if (this.children.has(child)) stack.push(child);
      }
    }
    return out;
  }
}

/** The first index whose path is not below `path` in code-unit order (the order of `Array.prototype.sort`). */
function lowerBound(sorted: readonly string[], path: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as string) < path) low = mid + 1;
    else high = mid;
  }
  return low;
}
