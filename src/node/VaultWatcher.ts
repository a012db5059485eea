import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { cleanPath, joinPath } from '../core/paths/normalizePath';
import { isHiddenPath } from './VaultIndex';

/**
 * Collects the vault paths that changed on disk and calls `onDirty` once a burst of events has settled. It only
 * says *where* to look; the vault stats those paths itself, because watch events are coalesced, reordered and
 * platform-specific. Hidden paths (.obsidian, .git, .trash and the vault's own temporary files) are ignored. If
 * watching fails, everything is reported dirty once, and the disk is no longer watched.
 *
 * On macOS and Windows one recursive `fs.watch` on the root is native and costs no walk. On Linux, Node (20)
 * builds a recursive watch itself: it walks the whole tree, hidden folders included, stats every file, watches
 * every file, and reports every existing file as changed, which the vault then stats again (1.0-1.4 s before the
 * terminal's first prompt on the Obsidian Help vault). There the vault's own scan, which reads every visible
 * folder anyway, asks for a watch on each folder as it reads it (`watchFolder`): one walk, one watch per folder.
 */
export class VaultWatcher {
  private watcher: FSWatcher | null = null;
  private readonly folders = new Map<string, FSWatcher>();
  private readonly dirty = new Set<string>();
  private everything = false;
  private failed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly rootAbs: string,
    private readonly onDirty: () => void,
    private readonly delayMs = 30,
    /** One watch per folder, given by the vault's scans, instead of one recursive watch; see above. */
    readonly perFolder = process.platform === 'linux',
  ) {}

  /** A watcher that watches already (on Linux: the folders the vault's scans give it). */
  static started(rootAbs: string, onDirty: () => void): VaultWatcher {
    const watcher = new VaultWatcher(rootAbs, onDirty);
    watcher.start();
    return watcher;
  }

  start(): void {
    if (this.perFolder) return;
    try {
      this.watcher = watch(this.rootAbs, { recursive: true, persistent: false }, (_event, filename) =>
        this.mark(filename === null ? null : cleanPath(filename)),
      );
      this.watcher.on('error', () => this.fail());
    } catch {
      this.fail();
    }
  }

  /**
   * Watches the visible folder `path` (not what is below it), replacing any earlier watch of that path (a folder
   * deleted and made again). Call before reading the folder, so nothing added in between goes unseen.
   */
  watchFolder(path: string): void {
    if (!this.perFolder || this.failed || isHiddenPath(path)) return;
    this.folders.get(path)?.close();
    try {
      const watcher = watch(
        path === '/' ? this.rootAbs : join(this.rootAbs, path),
        { persistent: false },
        (_event, name) => this.mark(name === null ? null : joinPath(path, name)),
      );
      // A watched folder that is deleted ends its watch with an error on some systems: its parent's watch reports it.
      watcher.on('error', () => this.unwatch(path));
      this.folders.set(path, watcher);
    } catch {
      this.fail(); // out of inotify watches, most likely: trying again would fail again
    }
  }

  get pending(): boolean {
    return this.everything || this.dirty.size > 0;
  }

  /** Takes the collected paths; `everything` means the events were lost and a full rescan is needed. */
  drain(): { paths: string[]; everything: boolean } {
    const result = { paths: [...this.dirty], everything: this.everything };
    this.dirty.clear();
    this.everything = false;
    return result;
  }

  close(): void {
    this.watcher?.close();
    this.watcher = null;
    for (const watcher of this.folders.values()) watcher.close();
    this.folders.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private unwatch(path: string): void {
    this.folders.get(path)?.close();
    this.folders.delete(path);
  }

  /** `path` as the disk names it (the index holds names in their stored form); null when events were lost. */
  private mark(path: string | null): void {
    if (path === null) this.everything = true;
    else {
      if (path === '/' || isHiddenPath(path)) return;
      this.dirty.add(path);
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.onDirty();
    }, this.delayMs);
  }

  private fail(): void {
    this.failed = true;
    this.close();
    this.mark(null);
  }
}
