import type { Stats } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { AgentError } from '../core/errors';
import { LinkKeeper } from '../core/links/LinkKeeper';
import { isInside, parentFolder } from '../core/paths/normalizePath';
import { trashName } from '../core/paths/trashName';
import type { VaultEntry, VaultEvent, VaultPort } from '../core/ports/vault';
import type { BytePrefilter } from '../core/search/BytePrefilter';
import { DiskTexts } from './DiskTexts';
import { asVaultError, fromFsError, fsCode } from './fsErrors';
import { appendExisting, lstatOrNull, readWhole, sameEntry, writeAtomically, writeNew } from './diskFiles';
import { findHidden, findLinks, scanTree, type ScanTarget } from './scanTree';
import { VaultIndex, entryOf, fileEntry, folderEntry, isHiddenPath } from './VaultIndex';
import { assertSingleLink, sharedFileDenial, VaultRoot, type Confined } from './VaultRoot';
import { VaultWatcher } from './VaultWatcher';

export interface NodeVaultOptions {
  /** The config folder's name; ".obsidian" unless the vault uses another. */
  configDir?: string;
  /** Follow changes made by other programs with a recursive `fs.watch`; otherwise call `rescan()`. */
  watch?: boolean;
}

/**
 * A vault in a folder on disk, for the CLI, benchmarks and tests. Behaves like the Obsidian adapter: `.trash/`
 * at the root, dot-entries hidden from `list`, events for its own changes. Every path is confined to the root,
 * symlinks included (see VaultRoot). `list` and `cachedRead` answer from memory: an index of every visible entry,
 * built by one scan on first use and then kept current by this vault's own writes, the watcher, or `rescan()`.
 */
export class NodeVault implements VaultPort {
  readonly configDir: string;
  private readonly root: VaultRoot;
  private readonly scanTarget: ScanTarget;
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  private readonly cache: DiskTexts;
  private readonly watcher: VaultWatcher | null;
  private index: VaultIndex | null = null;
  private building: Promise<VaultIndex> | null = null;
  private rescanning: Promise<void> | null = null;
  /** Paths changed while a full scan ran: the scan may show them as they were, so they are looked at again after. */
  private touchedDuringScan: Set<string> | null = null;
  private flushing: Promise<void> | null = null;
  /** Rename and trash check that the target is free, then move: two at once must not both find it free. */
  private moves: Promise<unknown> = Promise.resolve();
  /** No `FileManager` here: a rename re-points the links to what moves itself, as Obsidian's would. */
  private readonly linkKeeper = new LinkKeeper(this);

  constructor(root: string, options: NodeVaultOptions = {}) {
    this.configDir = options.configDir ?? '.obsidian';
    this.root = new VaultRoot(root);
    this.cache = new DiskTexts(this.root, () => this.index);
    this.scanTarget = {
      toAbs: (path) => this.root.toAbs(path),
      isInsideReal: (real) => this.root.isInsideReal(real),
      onFolder: (path) => this.watcher?.watchFolder(path),
    };
    this.watcher = options.watch ? VaultWatcher.started(this.root.abs, () => void this.flushWatched()) : null;
  }

  /** Stops watching the disk. The vault still works; outside changes then need `rescan()`. */
  close(): void {
    this.watcher?.close();
  }

  /** Re-reads the whole tree and reports, as events, whatever changed on disk since the index last looked. */
  async rescan(): Promise<void> {
    if (!this.index) {
      await this.indexed();
      return;
    }
    this.rescanning ??= this.syncWithDisk(this.index, false).finally(() => {
      this.rescanning = null;
    });
    await this.rescanning;
  }

  async stat(path: string): Promise<VaultEntry | null> {
    const target = await this.root.confine(path);
    const entry = target.real === null ? null : entryOf(target.path, await this.statOrNull(target));
    await this.reconcile(target, entry);
    return entry;
  }

  async hiddenEntries(folder: string): Promise<string[]> {
    const target = await this.root.confine(folder);
    return target.real === null ? [] : findHidden(this.scanTarget, target.path);
  }

  async links(path: string): Promise<string[]> {
    const target = await this.root.confine(path);
    const info = target.real === null ? null : await lstatOrNull(target.abs);
    if (info?.isSymbolicLink()) return [target.path];
    return info?.isDirectory() ? findLinks(this.scanTarget, target.path) : [];
  }

  async writeDenial(path: string): Promise<string | null> {
    const target = await this.root.confine(path);
    return target.real === null ? null : sharedFileDenial(target.path, await this.statOrNull(target));
  }

  resolveLinks(path: string): Promise<string> {
    return this.root.resolve(path);
  }

  readonly linksTo = async (path: string): Promise<string[]> =>
    this.linkKeeper.linksTo((await this.root.confine(path)).path);

  async read(path: string): Promise<string> {
    const { path: key, data, mtimeMs } = await this.readFile(path);
    const text = data.toString('utf8');
    this.cache.setText(key, text, mtimeMs, data.length);
    return text;
  }

  /** From memory while the index says the file is unchanged; without `watch`, outside edits show after `rescan()` or `read()`. */
  async cachedRead(path: string): Promise<string> {
    await this.settle();
    const known = this.cache.known(path);
    return typeof known === 'string' ? known : this.read(path);
  }

  async cachedReadMany(paths: readonly string[], prefilter?: BytePrefilter): Promise<(string | null | false)[]> {
    await this.settle();
    return this.cache.many(paths, prefilter, (path) => this.read(path));
  }

  async readBinary(path: string): Promise<Uint8Array> {
    return new Uint8Array((await this.readFile(path)).data);
  }

  async create(path: string, content: string): Promise<VaultEntry> {
    const target = await this.root.confine(path);
    if (target.real !== null) throw new AgentError('EXISTS', `"${target.path}" already exists`, { path: target.path });
    await this.makeParents(target);
    return this.wrote(
      target,
      'create',
      await asVaultError(writeNew(target.abs, content), target.path, 'create'),
      content,
    );
  }

  async modify(path: string, content: string): Promise<VaultEntry> {
    const target = await this.existing(path, 'file');
    const info = await asVaultError(writeAtomically(target.real, content, target.info.mode), target.path, 'write');
    return this.wrote(target, 'modify', info, content);
  }

  async writeBinary(path: string, data: Uint8Array): Promise<VaultEntry> {
    const target = await this.root.confine(path);
    const existing = target.real === null ? null : await this.statOrNull(target);
    if (existing?.isDirectory())
      throw new AgentError('NOT_A_FILE', `"${target.path}" is a folder, not a file`, { path: target.path });
    if (existing) assertSingleLink(target.path, existing);
    else await this.makeParents(target);
    const write =
      existing && target.real !== null ? writeAtomically(target.real, data, existing.mode) : writeNew(target.abs, data);
    return this.wrote(target, existing ? 'modify' : 'create', await asVaultError(write, target.path, 'write'));
  }

  async append(path: string, content: string): Promise<VaultEntry> {
    const target = await this.existing(path, 'file');
    return this.wrote(
      target,
      'modify',
      await asVaultError(appendExisting(target.real, content), target.path, 'append to'),
    );
  }

  async createFolder(path: string): Promise<void> {
    const target = await this.root.confine(path);
    if (target.real !== null) {
      const info = await this.statOrNull(target);
      if (info && !info.isDirectory())
        throw new AgentError('EXISTS', `A file already exists at "${target.path}"`, { path: target.path });
      if (info) return;
    }
    await this.makeFolders(target.path, target.abs);
    this.updateIndex(target, (index) => index.put(folderEntry(target.path)));
    this.emit({ type: 'create', path: target.path });
  }

  rename(fromPath: string, toPath: string): Promise<void> {
    return this.exclusive(async () => {
      const from = await this.existing(fromPath);
      const to = await this.root.confine(toPath);
      if (to.real !== null && !(await sameEntry(from.abs, to.abs))) {
        throw new AgentError('EXISTS', `"${to.path}" already exists`, { path: to.path });
      }
      if (from.info.isDirectory() && isInside(to.path, from.path)) {
        throw new AgentError('INVALID_PATH', `Cannot move folder "${from.path}" into itself ("${to.path}")`, {
          path: to.path,
        });
      }
      const relinks = await this.linkKeeper.prepare(from.path, to.path);
      await this.move(from, to);
      this.emit({ type: 'rename', path: to.path, oldPath: from.path });
      await this.linkKeeper.rewrite(relinks);
    });
  }

  trash(path: string): Promise<void> {
    return this.exclusive(async () => {
      const from = await this.existing(path);
      await this.move(from, await this.freeTrashPlace(from.path));
      this.emit({ type: 'delete', path: from.path });
    });
  }

  async trashDestination(path: string): Promise<string | null> {
    const from = await this.root.confine(path);
    return from.real === null ? null : (await this.freeTrashPlace(from.path)).path;
  }

  /** The first place in `.trash/` that nothing takes: "Note.md", "Note 2.md", … */
  private async freeTrashPlace(path: string): Promise<Confined> {
    for (let n = 1; ; n++) {
      const candidate = trashName(path, n);
      // A leftover link whose target is gone takes its name too: following it would refuse every later trash.
      if (await lstatOrNull(this.root.toAbs(candidate))) continue;
      const to = await this.root.confine(candidate);
      if (to.real === null) return to;
    }
  }

  async delete(path: string): Promise<void> {
    const target = await this.existing(path);
    await asVaultError(rm(target.abs, { recursive: true }), target.path, 'delete');
    this.forget(target.path);
    this.emit({ type: 'delete', path: target.path });
  }

  async deleteEmptyFolder(path: string): Promise<boolean> {
    const target = await this.existing(path);
    if (!target.info.isDirectory())
      throw new AgentError('NOT_A_FOLDER', `"${target.path}" is a file, not a folder`, { path: target.path });
    // A link to a folder is not an empty folder of the vault's: it stays, like a folder that holds something.
    if ((await lstatOrNull(target.abs))?.isSymbolicLink()) return false;
    try {
      // rmdir removes only an empty folder: whatever is inside, hidden or not, keeps it.
      await rmdir(target.abs);
    } catch (error) {
      const code = fsCode(error);
      if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
      throw fromFsError(error, target.path, 'delete');
    }
    this.forget(target.path);
    this.emit({ type: 'delete', path: target.path });
    return true;
  }

  async list(folder: string, recursive: boolean): Promise<VaultEntry[]> {
    await this.settle();
    const path = this.root.normalize(folder);
    const index = isHiddenPath(path) ? null : await this.indexed();
    // Not in the index: a hidden folder, or one made by another program since the last scan.
    const known = index?.get(path) ?? (await this.stat(path));
    if (!known) throw new AgentError('NOT_FOUND', `Folder "${path}" does not exist`, { path });
    if (known.kind === 'file') throw new AgentError('NOT_A_FOLDER', `"${path}" is a file, not a folder`, { path });
    return index?.get(path)?.kind === 'folder' ? index.list(path, recursive) : [];
  }

  onChange(listener: (event: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Records one of this vault's own file writes: cache (when the text is known), index, event. */
  private wrote(target: Confined, type: 'create' | 'modify', info: Stats, text?: string): VaultEntry {
    const entry = fileEntry(target.path, info.size, info.mtimeMs);
    if (text === undefined) this.cache.delete(target.path);
    else this.cache.setText(target.path, text, info.mtimeMs, info.size);
    this.updateIndex(target, (index) => index.put(entry));
    this.emit({ type, path: target.path });
    return entry;
  }

  /** Reads a file fresh from disk and brings its index entry up to date. */
  private async readFile(path: string): Promise<{ path: string; data: Buffer; mtimeMs: number }> {
    const target = await this.root.confine(path);
    let read: Awaited<ReturnType<typeof readWhole>>;
    try {
      if (target.real === null) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      read = await readWhole(target.real);
    } catch (error) {
      if (fsCode(error) === 'ENOENT') await this.reconcile(target, null);
      throw fromFsError(error, target.path, 'read');
    }
    const { data, info } = read;
    await this.reconcile(target, fileEntry(target.path, data.length, info.mtimeMs));
    return { path: target.path, data, mtimeMs: info.mtimeMs };
  }

  /** Confines `path` for a write and checks that something (of `kind`, when given) is there, with one link only. */
  private async existing(path: string, kind?: 'file'): Promise<Confined & { real: string; info: Stats }> {
    const target = await this.root.confine(path);
    if (target.path === '/' && kind === undefined)
      throw new AgentError('INVALID_PATH', 'The vault root cannot be moved or deleted', { path: '/' });
    const info = target.real === null ? null : await this.statOrNull(target);
    if (!info || target.real === null) {
      await this.reconcile(target, null);
      throw new AgentError('NOT_FOUND', `"${target.path}" does not exist`, { path: target.path });
    }
    if (kind === 'file' && info.isDirectory())
      throw new AgentError('NOT_A_FILE', `"${target.path}" is a folder, not a file`, { path: target.path });
    assertSingleLink(target.path, info);
    return { ...target, real: target.real, info };
  }

  private async statOrNull(target: Confined): Promise<Stats | null> {
    try {
      return await stat(target.real ?? target.abs);
    } catch (error) {
      const code = fsCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      throw fromFsError(error, target.path, 'read');
    }
  }

  private async move(from: Confined, to: Confined): Promise<void> {
    await this.makeParents(to);
    await rename(from.abs, to.abs).catch((error: unknown) => {
      throw fromFsError(error, fsCode(error) === 'ENOENT' ? from.path : to.path, 'move');
    });
    const index = this.index;
    this.touch(from.path);
    this.touch(to.path);
    if (index?.get(from.path) && !isHiddenPath(to.path) && !to.linked) {
      index.move(from.path, to.path);
      this.cache.move(from.path, to.path);
    } else {
      this.forget(from.path);
      if (index && !isHiddenPath(to.path)) await this.refresh(to.path, true);
    }
  }

  private async makeParents(target: Confined): Promise<void> {
    if (parentFolder(target.path) === '/') return;
    await this.makeFolders(parentFolder(target.path), this.root.toAbs(parentFolder(target.path)), target.path);
  }

  /** mkdir -p, turning "a parent is a file" into NOT_A_FOLDER that names that file. */
  private async makeFolders(folder: string, abs: string, forPath = folder): Promise<void> {
    try {
      await mkdir(abs, { recursive: true });
    } catch (error) {
      const code = fsCode(error);
      if (code !== 'ENOTDIR' && code !== 'EEXIST') throw fromFsError(error, forPath, 'create a folder for');
      for (let ancestor = folder; ancestor !== '/'; ancestor = parentFolder(ancestor)) {
        const info = await lstatOrNull(this.root.toAbs(ancestor));
        if (info && !info.isDirectory()) {
          throw new AgentError('NOT_A_FOLDER', `"${ancestor}" is a file, so "${forPath}" cannot be created inside it`, {
            path: ancestor,
          });
        }
      }
      throw fromFsError(error, forPath, 'create a folder for');
    }
  }

  /** The index, scanning the vault the first time it is needed. */
  private indexed(): Promise<VaultIndex> {
    if (this.index) return Promise.resolve(this.index);
    const index = new VaultIndex();
    this.building ??= this.syncWithDisk(index, true)
      .then(() => index)
      .finally(() => {
        this.building = null;
      });
    return this.building;
  }

  /** Scans the whole vault into `index`, then looks again at whatever changed while the scan ran. */
  private async syncWithDisk(index: VaultIndex, quiet: boolean): Promise<void> {
    const touched = new Set<string>();
    this.touchedDuringScan = touched;
    try {
      await this.root.confine('/');
      const fresh = await scanTree(this.scanTarget, '/');
      const skip = (path: string): boolean =>
        touched.size > 0 && [...touched].some((changed) => isInside(path, changed) || isInside(changed, path));
      const events = index.sync('/', fresh, skip);
      this.index = index;
      if (!quiet) this.emitAll(events);
      for (const path of touched) await this.refresh(path, true);
    } finally {
      this.touchedDuringScan = null;
    }
  }

  /** Applies one of this vault's own changes to the index, when there is one and the path belongs in it. */
  private updateIndex(target: Confined, change: (index: VaultIndex) => unknown): void {
    if (isHiddenPath(target.path) || target.path === '/') return;
    this.touch(target.path);
    if (this.index && !target.linked) change(this.index);
  }

  private forget(path: string): void {
    this.cache.deleteTree(path);
    this.index?.remove(path);
    this.touch(path);
  }

  private touch(path: string): void {
    if (!isHiddenPath(path)) this.touchedDuringScan?.add(path);
  }

  /** Looks at `path` on disk again and brings the index in line; `quiet` when the change was this vault's own. */
  private async refresh(path: string, quiet: boolean): Promise<void> {
    const target = await this.root.confine(path);
    const entry = target.real === null ? null : entryOf(target.path, await this.statOrNull(target));
    await this.reconcile(target, entry, quiet);
  }

  /**
   * Brings the index in line with what the disk just said about one path, and reports the difference as events
   * (a change made by another program). A folder new to the index is scanned with its contents. Paths reached
   * through a linked folder stay out of the index, as in the first scan.
   */
  private async reconcile(target: Confined, entry: VaultEntry | null, quiet = false): Promise<void> {
    const index = this.index;
    if (target.path === '/' || isHiddenPath(target.path)) return;
    if (!index) {
      this.touch(target.path); // the scan under way looks again once it ends
      return;
    }
    const events: VaultEvent[] = [];
    if (entry === null) {
      if (index.remove(target.path).length > 0) events.push({ type: 'delete', path: target.path });
      this.cache.deleteTree(target.path);
    } else if (!target.linked) {
      const parent = parentFolder(target.path);
      // A parent new to the index is brought in whole, contents (and this entry) included.
      if (index.get(parent)?.kind !== 'folder') await this.refresh(parent, quiet);
      if (index.get(parent)?.kind !== 'folder') return;
      const change = index.put(entry);
      if (change) events.push({ type: change, path: target.path });
      if (change === 'create' && entry.kind === 'folder')
        events.push(...index.sync(target.path, await scanTree(this.scanTarget, target.path)));
    }
    if (!quiet) this.emitAll(events);
  }

  /** Applies the changes the watcher has seen so far, so answers from memory include them. */
  private async settle(): Promise<void> {
    while (this.watcher?.pending || this.flushing) await this.flushWatched();
  }

  private flushWatched(): Promise<void> {
    this.flushing ??= this.applyWatched().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async applyWatched(): Promise<void> {
    const { paths, everything } = this.watcher?.drain() ?? { paths: [], everything: false };
    // A path that cannot be looked at now (it vanished, or became a link outside) is looked at on next use.
    if (everything) await this.rescan().catch(() => undefined);
    for (const path of paths) await this.refresh(path, false).catch(() => undefined);
  }

  private exclusive<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.moves.then(operation);
    this.moves = run.catch(() => undefined);
    return run;
  }

  private emitAll(events: VaultEvent[]): void {
    for (const event of events) {
      if (event.type === 'delete') this.cache.deleteTree(event.path);
      this.emit(event);
    }
  }

  private emit(event: VaultEvent): void {
    for (const listener of this.listeners) listener({ ...event });
  }
}
