import { watch, type FSWatcher } from 'node:fs';
import { cleanPath } from '../core/paths/normalizePath';
import { isHiddenPath } from './VaultIndex';

/**
 * Collects the vault paths that changed on disk, from one recursive `fs.watch` on the root, and calls `onDirty`
 * once a burst of events has settled. It only says *where* to look; the vault stats those paths itself, because
 * watch events are coalesced, reordered and platform-specific. Hidden paths (.obsidian, .git, .trash and the
 * vault's own temporary files) are ignored. If the watcher fails, everything is reported dirty once.
 */
export class VaultWatcher {
  private watcher: FSWatcher | null = null;
  private readonly dirty = new Set<string>();
  private everything = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly rootAbs: string,
    private readonly onDirty: () => void,
    private readonly delayMs = 30,
  ) {}

  start(): void {
    try {
      this.watcher = watch(this.rootAbs, { recursive: true, persistent: false }, (_event, filename) => this.mark(filename));
      this.watcher.on('error', () => this.fail());
    } catch {
      this.fail();
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private mark(filename: string | null): void {
    if (filename === null) this.everything = true;
    else {
      // As the disk names it: the index holds names in their stored form.
      const path = cleanPath(filename);
      if (path === '/' || isHiddenPath(path)) return;
      this.dirty.add(path);
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.onDirty();
    }, this.delayMs);
  }

  private fail(): void {
    this.close();
    this.mark(null);
  }
}
