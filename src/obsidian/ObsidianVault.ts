import { TFile, TFolder } from 'obsidian';
import type { EventRef, Events, FileManager, MetadataCache, TAbstractFile, Vault } from 'obsidian';
import { AgentError } from '../core/errors';
import { baseName, cleanPath, isInside, parentFolder } from '../core/paths/normalizePath';
import type { VaultEntry, VaultEvent, VaultPort } from '../core/ports/vault';
import { WrittenBytes } from '../core/util/WrittenBytes';
import { indexedPath } from './indexedPath';
import { attempt, toAgentError } from './obsidianErrors';

function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

function byPath(a: VaultEntry, b: VaultEntry): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/**
 * The vault through Obsidian's API, so its cache, its events and other plugins see every change: `Vault` for
 * reads and writes, `FileManager.renameFile` (which updates links) and `FileManager.trashFile` (which honours the
 * user's "Deleted files" setting). Paths are cleaned as Obsidian's `normalizePath` does, but a name keeps its
 * Unicode form: an existing entry is found by any of its forms, and a new one is written as given (see
 * `resolveStoredPath`), so a revert puts back a name written on a Mac byte for byte. Obsidian's `create` and `rename`
 * do not create missing folders, so this adapter does. Its errors ("File already exists.", ENOENT, …) and `null`
 * lookups become AgentErrors that name the path. Hidden paths (".trash/…", "Notes/.drafts/…") are not in the
 * vault's index, and the Vault API writes them without returning or finding them: they are read and written
 * through `vault.adapter`.
 */
export class ObsidianVault implements VaultPort {
  private readonly vault: Vault;
  private readonly fileManager: FileManager;
  private readonly metadataCache: MetadataCache | null;
  private readonly written = new WrittenBytes();

  constructor(vault: Vault, fileManager: FileManager, metadataCache: MetadataCache | null = null) {
    this.vault = vault;
    this.fileManager = fileManager;
    this.metadataCache = metadataCache;
  }

  /** The notes whose resolved links point at `path` or into it: `FileManager.renameFile` rewrites exactly those. */
  linksTo(path: string): Promise<string[]> {
    const target = this.stored(path);
    const sources = new Set<string>();
    for (const [source, links] of Object.entries(this.metadataCache?.resolvedLinks ?? {})) {
      if (Object.keys(links).some((dest) => isInside(dest, target))) sources.add(source);
    }
    return Promise.resolve([...sources].sort());
  }

  get configDir(): string {
    return this.vault.configDir;
  }

  async takeWritten(path: string): Promise<Uint8Array | null> {
    const target = this.stored(path);
    const now = await this.stat(target);
    return this.written.take(target, now?.kind === 'file' ? now : null);
  }

  /** Indexed files only: a hidden one has no TFile whose stat Obsidian keeps current. */
  private remember(path: string, content: string | Uint8Array, entry: VaultEntry): VaultEntry {
    if (this.vault.getAbstractFileByPath(path) instanceof TFile) this.written.remember(path, content, entry);
    return entry;
  }

  async stat(path: string): Promise<VaultEntry | null> {
    const target = this.stored(path);
    const found = this.vault.getAbstractFileByPath(target);
    if (found || !isHidden(target)) return found ? this.entryOf(found) : null;
    const stat = await this.vault.adapter.stat(target);
    if (!stat) return null;
    return stat.type === 'folder'
      ? { path: target, kind: 'folder', sizeBytes: 0, mtimeMs: 0 }
      : { path: target, kind: 'file', sizeBytes: stat.size, mtimeMs: stat.mtime };
  }

  read(path: string): Promise<string> {
    return this.readWith(
      path,
      (file) => this.vault.read(file),
      (hidden) => this.vault.adapter.read(hidden),
    );
  }

  cachedRead(path: string): Promise<string> {
    return this.readWith(
      path,
      (file) => this.vault.cachedRead(file),
      (hidden) => this.vault.adapter.read(hidden),
    );
  }

  async readBinary(path: string): Promise<Uint8Array> {
    const buffer = await this.readWith(
      path,
      (file) => this.vault.readBinary(file),
      (hidden) => this.vault.adapter.readBinary(hidden),
    );
    return new Uint8Array(buffer);
  }

  async create(path: string, content: string): Promise<VaultEntry> {
    const target = this.stored(path);
    if (await this.stat(target)) throw new AgentError('EXISTS', `"${target}" already exists`, { path: target });
    await this.ensureFolder(parentFolder(target), target);
    if (isHidden(target)) return this.writeHidden(target, () => this.vault.adapter.write(target, content));
    const file = await attempt(target, () => this.vault.create(target, content));
    return this.remember(target, content, this.entryOf(file));
  }

  async modify(path: string, content: string): Promise<VaultEntry> {
    const target = this.stored(path);
    if (await this.isUnindexedFile(target))
      return this.writeHidden(target, () => this.vault.adapter.write(target, content));
    const file = this.fileAt(target);
    // The whole new text was approved and the checkpoint just recorded the old one: `process` would read the note
    // once more only to throw its text away.
    await attempt(file.path, () => this.vault.modify(file, content));
    return this.remember(target, content, this.entryOf(file));
  }

  async writeBinary(path: string, data: Uint8Array): Promise<VaultEntry> {
    const target = this.stored(path);
    // A copy, so the ArrayBuffer holds exactly these bytes even when `data` is a view into a larger one.
    const buffer = new Uint8Array(data).buffer;
    const existing = this.vault.getAbstractFileByPath(target);
    if (existing instanceof TFolder)
      throw new AgentError('NOT_A_FILE', `"${target}" is a folder, not a file`, { path: target });
    if (existing instanceof TFile) {
      await attempt(target, () => this.vault.modifyBinary(existing, buffer));
      return this.remember(target, data, this.entryOf(existing));
    }
    await this.ensureFolder(parentFolder(target), target);
    if (isHidden(target)) return this.writeHidden(target, () => this.vault.adapter.writeBinary(target, buffer));
    return this.remember(
      target,
      data,
      this.entryOf(await attempt(target, () => this.vault.createBinary(target, buffer))),
    );
  }

  async append(path: string, content: string): Promise<VaultEntry> {
    const target = this.stored(path);
    this.written.forget(target);
    if (await this.isUnindexedFile(target))
      return this.writeHidden(target, () => this.vault.adapter.append(target, content));
    const file = this.fileAt(target);
    await attempt(file.path, () => this.vault.append(file, content));
    return this.entryOf(file);
  }

  async createFolder(path: string): Promise<void> {
    const target = this.stored(path);
    if ((await this.stat(target))?.kind === 'file') {
      throw new AgentError('EXISTS', `A file already exists at "${target}"`, { path: target });
    }
    await this.ensureFolder(target, target);
  }

  async rename(fromPath: string, toPath: string): Promise<void> {
    const from = this.stored(fromPath);
    const to = this.stored(toPath);
    this.written.forget(from);
    this.written.forget(to);
    const indexed = this.vault.getAbstractFileByPath(from);
    const isFolder = indexed ? indexed instanceof TFolder : (await this.unindexed(from)).kind === 'folder';
    // A hidden target is not in the index either, and a rename on disk would replace it.
    if (await this.stat(to))
      throw new AgentError('EXISTS', `Cannot move "${from}": "${to}" already exists`, { path: to });
    if (isFolder && isInside(to, from)) {
      throw new AgentError('INVALID_PATH', `Cannot move folder "${from}" into itself ("${to}")`, { path: to });
    }
    await this.ensureFolder(parentFolder(to), to);
    // A hidden file has no TAbstractFile to hand to renameFile, and no links to it to update.
    if (!indexed) return attempt(from, () => this.vault.adapter.rename(from, to));
    await attempt(from, () => this.fileManager.renameFile(indexed, to));
  }

  async trash(path: string): Promise<void> {
    const target = this.stored(path);
    this.written.forget(target);
    const found = this.vault.getAbstractFileByPath(target);
    if (found) return attempt(target, () => this.fileManager.trashFile(found));
    await this.unindexed(target);
    // trashFile needs an indexed file; this is what it does with Obsidian's default "Deleted files" setting.
    const adapter = this.vault.adapter;
    await attempt(target, async () => {
      if (!(await adapter.trashSystem(target))) await adapter.trashLocal(target);
    });
  }

  async delete(path: string): Promise<void> {
    const normalized = this.stored(path);
    this.written.forget(normalized);
    if (!this.vault.getAbstractFileByPath(normalized)) {
      const hidden = await this.unindexed(normalized);
      const adapter = this.vault.adapter;
      return attempt(normalized, () =>
        hidden.kind === 'folder' ? adapter.rmdir(normalized, true) : adapter.remove(normalized),
      );
    }
    const target = this.existing(normalized);
    if (target instanceof TFolder && target.isRoot())
      throw new AgentError('INVALID_PATH', 'Cannot delete the vault root', { path: target.path });
    // The port's permanent delete; `trash` above is the one that follows the user's setting. `force` also
    // removes a folder that holds hidden files.
    const permanent: Pick<Vault, 'delete'> = this.vault;
    await attempt(target.path, () => permanent.delete(target, true));
  }

  async deleteEmptyFolder(path: string): Promise<boolean> {
    const target = this.stored(path);
    const entry = await this.stat(target);
    if (!entry) throw new AgentError('NOT_FOUND', `Folder "${target}" does not exist`, { path: target });
    if (entry.kind === 'file')
      throw new AgentError('NOT_A_FOLDER', `"${target}" is a file, not a folder`, { path: target });
    if (target === '/') throw new AgentError('INVALID_PATH', 'Cannot delete the vault root', { path: target });
    // The adapter lists what is on disk, hidden entries included; the index would not show them.
    const inside = await attempt(target, () => this.vault.adapter.list(target));
    if (inside.files.length > 0 || inside.folders.length > 0) return false;
    await this.delete(target);
    return true;
  }

  /** From the adapter, which lists what is on disk: the index holds no hidden entries. */
  async hiddenEntries(folder: string): Promise<string[]> {
    const target = this.stored(folder);
    if ((await this.stat(target))?.kind !== 'folder') return [];
    const found: string[] = [];
    // The adapter names the root "" and may hand back paths with a leading slash.
    for (let level = [target === '/' ? '' : target]; level.length > 0;) {
      const next: string[] = [];
      for (const dir of level) {
        const listed = await attempt(dir || '/', () => this.vault.adapter.list(dir));
        const hidden = (path: string): boolean => baseName(path).startsWith('.');
        found.push(...listed.files.map((path) => cleanPath(path)).filter(hidden));
        for (const sub of listed.folders.map((path) => cleanPath(path))) (hidden(sub) ? found : next).push(sub);
      }
      level = next;
    }
    return found.sort();
  }

  async list(folder: string, recursive: boolean): Promise<VaultEntry[]> {
    const target = this.stored(folder);
    const found = this.vault.getAbstractFileByPath(target);
    if (!(found instanceof TFolder)) {
      const hidden = found ? null : await this.stat(target);
      if (found || hidden?.kind === 'file')
        throw new AgentError('NOT_A_FOLDER', `"${target}" is a file, not a folder`, { path: target });
      if (!hidden) throw new AgentError('NOT_FOUND', `Folder "${target}" does not exist`, { path: target });
      // A hidden folder: not in the index, and hidden entries are not listed, as in the port's other vaults.
      return [];
    }
    const entries: VaultEntry[] = [];
    const walk = (parent: TFolder): void => {
      for (const child of parent.children) {
        // Obsidian's index leaves hidden entries out; skip any that arrive there anyway.
        if (child.name.startsWith('.')) continue;
        entries.push(this.entryOf(child));
        if (recursive && child instanceof TFolder) walk(child);
      }
    };
    walk(found);
    return entries.sort(byPath);
  }

  /**
   * Obsidian also fires "create" for every file while the vault loads; subscribe after `workspace.onLayoutReady`
   * to hear only real changes. Hidden files (".agentignore") get none of the index's events: the file watcher's
   * "raw" event (not in obsidian.d.ts; long used by plugins such as Hot Reload) names them, and whether the path
   * is still there tells a modify (a create included) from a delete.
   */
  onChange(listener: (event: VaultEvent) => void): () => void {
    let subscribed = true;
    const events: Events = this.vault;
    const refs: EventRef[] = [
      this.vault.on('create', (file) => listener({ type: 'create', path: file.path })),
      this.vault.on('modify', (file) => listener({ type: 'modify', path: file.path })),
      this.vault.on('delete', (file) => listener({ type: 'delete', path: file.path })),
      this.vault.on('rename', (file, oldPath) => listener({ type: 'rename', path: file.path, oldPath })),
      events.on('raw', (path) => {
        if (typeof path !== 'string' || !isHidden(path) || this.vault.getAbstractFileByPath(path)) return;
        void this.vault.adapter.exists(path).then(
          (exists) => subscribed && listener({ type: exists ? 'modify' : 'delete', path }),
          () => undefined,
        );
      }),
    ];
    return () => {
      subscribed = false;
      for (const ref of refs) this.vault.offref(ref);
    };
  }

  /** The indexed path `path` names, in whichever Unicode form it arrives. */
  private stored(path: string): string {
    return indexedPath(this.vault, path);
  }

  private entryOf(file: TAbstractFile): VaultEntry {
    if (file instanceof TFile)
      return { path: file.path, kind: 'file', sizeBytes: file.stat.size, mtimeMs: file.stat.mtime };
    return { path: file.path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 };
  }

  /** The hidden entry at `path`, which the index does not hold; NOT_FOUND when there is none. */
  private async unindexed(path: string): Promise<VaultEntry> {
    const entry = isHidden(path) ? await this.stat(path) : null;
    if (!entry) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    return entry;
  }

  /** Whether `path` is a hidden file outside the index; NOT_A_FILE for a hidden folder. */
  private async isUnindexedFile(path: string): Promise<boolean> {
    if (!isHidden(path) || this.vault.getAbstractFileByPath(path)) return false;
    const entry = await this.unindexed(path);
    if (entry.kind === 'folder') throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    return true;
  }

  private async writeHidden(path: string, write: () => Promise<void>): Promise<VaultEntry> {
    await attempt(path, write);
    return this.unindexed(path);
  }

  private existing(path: string): TAbstractFile {
    const found = this.vault.getAbstractFileByPath(path);
    if (!found) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    return found;
  }

  private fileAt(path: string): TFile {
    const found = this.existing(path);
    if (found instanceof TFile) return found;
    throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
  }

  private async readWith<T>(
    path: string,
    indexed: (file: TFile) => Promise<T>,
    hidden: (path: string) => Promise<T>,
  ): Promise<T> {
    const target = this.stored(path);
    if (!this.vault.getAbstractFileByPath(target) && isHidden(target)) return attempt(target, () => hidden(target));
    const file = this.fileAt(target);
    return attempt(target, () => indexed(file));
  }

  /** Creates `folder` and its missing ancestors, top down, for `forPath`; a file on the way is NOT_A_FOLDER. */
  private async ensureFolder(folder: string, forPath: string): Promise<void> {
    if (folder === '/') return;
    const found = await this.stat(folder);
    if (found?.kind === 'folder') return;
    if (found) {
      throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, so "${forPath}" cannot be created inside it`, {
        path: folder,
      });
    }
    await this.ensureFolder(parentFolder(folder), forPath);
    // Vault.createFolder makes a hidden folder but returns null; the adapter's mkdir does the same plainly.
    if (isHidden(folder)) return attempt(folder, () => this.vault.adapter.mkdir(folder));
    try {
      await this.vault.createFolder(folder);
    } catch (error) {
      // Another write may have created it in the meantime ("Folder already exists.").
      if (this.vault.getAbstractFileByPath(folder) instanceof TFolder) return;
      throw toAgentError(error, folder);
    }
  }
}
