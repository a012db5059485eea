import { AgentError } from '../core/errors';
import { LinkKeeper } from '../core/links/LinkKeeper';
import { baseName, hiddenEntryOf, isInside, parentFolder } from '../core/paths/normalizePath';
import { trashName } from '../core/paths/trashName';
import type { VaultEntry, VaultEvent, VaultPort } from '../core/ports/vault';
import { resolveStoredPath } from '../core/paths/storedName';
import { utf8Length } from '../core/util/text';

interface MemoryFile {
  content: string;
  /** Set when the file was written with `writeBinary`; `content` is then its lossy UTF-8 reading. */
  bytes?: Uint8Array;
  mtimeMs: number;
}

/**
 * A vault held in memory: for tests of core code and for benchmarks that must not measure a disk. Behaves like
 * NodeVault (both pass test/core/ports/vault.contract.ts), including the local `.trash/` folder and hiding
 * dot-entries from `list`, as Obsidian's vault index does.
 */
export class MemoryVault implements VaultPort {
  readonly configDir: string;
  private readonly files = new Map<string, MemoryFile>();
  private readonly folders = new Set<string>(['/']);
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  private lastMtime = 0;
  /** A rename re-points the links to what moves, as Obsidian's `FileManager.renameFile` does. */
  private readonly linkKeeper = new LinkKeeper(this);

  constructor(initial: Record<string, string> = {}, options: { configDir?: string; now?: () => number } = {}) {
    this.configDir = options.configDir ?? '.obsidian';
    this.now = options.now ?? (() => Date.now());
    for (const [path, content] of Object.entries(initial)) this.writeInternal(path, content);
  }

  private readonly now: () => number;

  /** A snapshot of every file's content, for assertions. */
  dump(): Record<string, string> {
    return Object.fromEntries(
      [...this.files.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([path, file]) => [path, file.content]),
    );
  }

  stat(raw: string): Promise<VaultEntry | null> {
    const path = this.stored(raw);
    return Promise.resolve(this.statSync(path));
  }

  read(raw: string): Promise<string> {
    const path = this.stored(raw);
    return settle(() => this.fileAt(path).content);
  }

  cachedRead(path: string): Promise<string> {
    return this.read(path);
  }

  readBinary(raw: string): Promise<Uint8Array> {
    const path = this.stored(raw);
    return settle(() => {
      const file = this.fileAt(path);
      return file.bytes ? file.bytes.slice() : new TextEncoder().encode(file.content);
    });
  }

  writeBinary(raw: string, data: Uint8Array): Promise<VaultEntry> {
    const path = this.stored(raw);
    return settle(() => {
      if (this.folders.has(path)) throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
      const existed = this.files.has(path);
      // The BOM stays in the text, as NodeVault's read keeps it: an editor that saves the text keeps it too.
      this.writeInternal(path, new TextDecoder('utf-8', { ignoreBOM: true }).decode(data), data.slice());
      this.emit({ type: existed ? 'modify' : 'create', path });
      return this.statSync(path) as VaultEntry;
    });
  }

  create(raw: string, content: string): Promise<VaultEntry> {
    const path = this.stored(raw);
    return settle(() => {
      if (this.statSync(path)) throw new AgentError('EXISTS', `"${path}" already exists`, { path });
      this.ensureParents(path);
      this.writeInternal(path, content);
      this.emit({ type: 'create', path });
      return this.statSync(path) as VaultEntry;
    });
  }

  modify(raw: string, content: string): Promise<VaultEntry> {
    const path = this.stored(raw);
    return settle(() => {
      this.fileAt(path);
      this.writeInternal(path, content);
      this.emit({ type: 'modify', path });
      return this.statSync(path) as VaultEntry;
    });
  }

  append(raw: string, content: string): Promise<VaultEntry> {
    const path = this.stored(raw);
    return settle(() => this.fileAt(path).content + content).then((text) => this.modify(path, text));
  }

  createFolder(raw: string): Promise<void> {
    const path = this.stored(raw);
    return settle(() => {
      if (this.files.has(path)) throw new AgentError('EXISTS', `A file already exists at "${path}"`, { path });
      if (this.folders.has(path)) return;
      this.ensureParents(path);
      this.folders.add(path);
      this.emit({ type: 'create', path });
    });
  }

  linksTo(path: string): Promise<string[]> {
    return this.linkKeeper.linksTo(this.stored(path));
  }

  async rename(rawFrom: string, rawTo: string): Promise<void> {
    const fromPath = this.stored(rawFrom);
    const toPath = this.stored(rawTo);
    const relinks = await this.linkKeeper.prepare(fromPath, toPath);
    await settle(() => {
      const source = this.statSync(fromPath);
      if (!source) throw new AgentError('NOT_FOUND', `"${fromPath}" does not exist`, { path: fromPath });
      if (this.statSync(toPath)) throw new AgentError('EXISTS', `"${toPath}" already exists`, { path: toPath });
      if (source.kind === 'folder' && isInside(toPath, fromPath)) {
        throw new AgentError('INVALID_PATH', `Cannot move folder "${fromPath}" into itself ("${toPath}")`, {
          path: toPath,
        });
      }
      this.ensureParents(toPath);
      this.moveTree(fromPath, toPath);
      this.emit({ type: 'rename', path: toPath, oldPath: fromPath });
    });
    await this.linkKeeper.rewrite(relinks);
  }

  trash(raw: string): Promise<void> {
    const path = this.stored(raw);
    return settle(() => {
      if (!this.statSync(path)) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
      const target = this.freeTrashPlace(path);
      this.ensureParents(target);
      this.moveTree(path, target);
      this.emit({ type: 'delete', path });
    });
  }

  trashDestination(raw: string): Promise<string | null> {
    const path = this.stored(raw);
    return Promise.resolve(this.statSync(path) ? this.freeTrashPlace(path) : null);
  }

  private freeTrashPlace(path: string): string {
    let target = trashName(path, 1);
    for (let n = 2; this.statSync(target); n++) target = trashName(path, n);
    return target;
  }

  delete(raw: string): Promise<void> {
    const path = this.stored(raw);
    if (!this.statSync(path)) return Promise.reject(new AgentError('NOT_FOUND', `"${path}" does not exist`, { path }));
    for (const file of [...this.files.keys()]) if (isInside(file, path)) this.files.delete(file);
    for (const folder of [...this.folders]) if (folder !== '/' && isInside(folder, path)) this.folders.delete(folder);
    this.emit({ type: 'delete', path });
    return Promise.resolve();
  }

  deleteEmptyFolder(raw: string): Promise<boolean> {
    const path = this.stored(raw);
    return settle(() => {
      if (this.files.has(path)) throw new AgentError('NOT_A_FOLDER', `"${path}" is a file, not a folder`, { path });
      if (!this.folders.has(path)) throw new AgentError('NOT_FOUND', `Folder "${path}" does not exist`, { path });
      if (path === '/') throw new AgentError('INVALID_PATH', 'The vault root cannot be deleted', { path });
      const holds = (entry: string): boolean => entry !== path && isInside(entry, path);
      if ([...this.files.keys()].some(holds) || [...this.folders].some(holds)) return false;
      this.folders.delete(path);
      this.emit({ type: 'delete', path });
      return true;
    });
  }

  hiddenEntries(raw: string): Promise<string[]> {
    const folder = this.stored(raw);
    const found = [...this.files.keys(), ...this.folders]
      .map((path) => hiddenEntryOf(path, folder))
      .filter((path) => path !== null);
    return Promise.resolve([...new Set(found)].sort());
  }

  list(raw: string, recursive: boolean): Promise<VaultEntry[]> {
    const folder = this.stored(raw);
    if (this.files.has(folder))
      return Promise.reject(new AgentError('NOT_A_FOLDER', `"${folder}" is a file, not a folder`, { path: folder }));
    if (!this.folders.has(folder))
      return Promise.reject(new AgentError('NOT_FOUND', `Folder "${folder}" does not exist`, { path: folder }));
    const depthOk = (path: string): boolean => recursive || parentFolder(path) === folder;
    const visible = (path: string): boolean => !path.split('/').some((segment) => segment.startsWith('.'));
    const entries: VaultEntry[] = [];
    for (const path of this.folders) {
      if (path !== '/' && path !== folder && isInside(path, folder) && depthOk(path) && visible(path))
        entries.push(this.statSync(path) as VaultEntry);
    }
    for (const path of this.files.keys()) {
      if (isInside(path, folder) && depthOk(path) && visible(path)) entries.push(this.statSync(path) as VaultEntry);
    }
    return Promise.resolve(entries.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
  }

  onChange(listener: (event: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The stored path `path` names, in whichever Unicode form it arrives (see `resolveStoredPath`). */
  private stored(path: string): string {
    return resolveStoredPath(path, {
      has: (candidate) => this.files.has(candidate) || this.folders.has(candidate),
      exact: true,
      namesIn: (folder) =>
        [...this.files.keys(), ...this.folders]
          .filter((entry) => entry !== '/' && parentFolder(entry) === folder)
          .map(baseName),
    });
  }

  private statSync(path: string): VaultEntry | null {
    const file = this.files.get(path);
    if (file)
      return { path, kind: 'file', sizeBytes: file.bytes?.length ?? utf8Length(file.content), mtimeMs: file.mtimeMs };
    if (this.folders.has(path)) return { path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 };
    return null;
  }

  private fileAt(path: string): MemoryFile {
    const file = this.files.get(path);
    if (file) return file;
    if (this.folders.has(path)) throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
  }

  private writeInternal(path: string, content: string, bytes?: Uint8Array): void {
    this.ensureParents(path);
    // Strictly increasing mtimes, so "changed since" comparisons hold even within one millisecond.
    this.lastMtime = Math.max(this.now(), this.lastMtime + 1);
    this.files.set(path, bytes ? { content, bytes, mtimeMs: this.lastMtime } : { content, mtimeMs: this.lastMtime });
  }

  private ensureParents(path: string): void {
    const parents: string[] = [];
    for (let folder = parentFolder(path); folder !== '/'; folder = parentFolder(folder)) parents.unshift(folder);
    for (const folder of parents) {
      if (this.files.has(folder))
        throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, so "${path}" cannot be created inside it`, {
          path: folder,
        });
      this.folders.add(folder);
    }
  }

  private moveTree(fromPath: string, toPath: string): void {
    const rebase = (path: string): string => toPath + path.slice(fromPath.length);
    for (const [path, file] of [...this.files]) {
      if (isInside(path, fromPath)) {
        this.files.delete(path);
        this.files.set(rebase(path), file);
      }
    }
    for (const folder of [...this.folders]) {
      if (folder !== '/' && isInside(folder, fromPath)) {
        this.folders.delete(folder);
        this.folders.add(rebase(folder));
      }
    }
  }

  private emit(event: VaultEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** Runs `body` so that a thrown AgentError reaches the caller as a rejected promise, as an async port promises. */
function settle<T>(body: () => T): Promise<T> {
  try {
    return Promise.resolve(body());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}
