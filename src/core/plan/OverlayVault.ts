import { AgentError } from '../errors';
import { baseName, hiddenEntryOf, isInside, joinPath, parentFolder } from '../paths/normalizePath';
import { trashName } from '../paths/trashName';
import type { VaultEntry, VaultEvent, VaultPort } from '../ports/vault';
import { sameName } from '../paths/storedName';
import { utf8Length } from '../util/text';

/**
 * A copy-on-write view of a vault for dry runs: reads fall through to the real vault, writes land in memory, so
 * a later step sees the files an earlier simulated step would create, move or delete, and the vault itself is
 * never written. Change events go to the overlay's own listeners only. `linksTo` asks the real vault, so a dry run
 * shows which notes a rename would rewrite (nothing moves in the overlay, so no link is rewritten there).
 */
export class OverlayVault implements VaultPort {
  readonly configDir: string;
  private readonly files = new Map<string, { content: string; bytes?: Uint8Array; mtimeMs: number }>();
  private readonly folders = new Set<string>();
  /** Paths removed (with everything under them) in the overlay; entries written afterwards show again. */
  private readonly removed = new Set<string>();
  private readonly listeners = new Set<(event: VaultEvent) => void>();
  private lastMtime = 0;

  constructor(
    private readonly base: VaultPort,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.configDir = base.configDir;
  }

  /** Paths the overlay changed, for tests and summaries. */
  changedPaths(): { written: string[]; folders: string[]; removed: string[] } {
    return {
      written: [...this.files.keys()].sort(),
      folders: [...this.folders].sort(),
      removed: [...this.removed].sort(),
    };
  }

  async stat(raw: string): Promise<VaultEntry | null> {
    const path = await this.stored(raw);
    const file = this.files.get(path);
    if (file)
      return { path, kind: 'file', sizeBytes: file.bytes?.length ?? utf8Length(file.content), mtimeMs: file.mtimeMs };
    if (this.folders.has(path) || path === '/')
      return path === '/' ? this.base.stat(path) : { path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 };
    if (this.hidden(path)) return null;
    return this.base.stat(path);
  }

  async read(raw: string): Promise<string> {
    const path = await this.stored(raw);
    const file = this.files.get(path);
    if (file) return file.content;
    const entry = await this.stat(path);
    if (!entry) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    if (entry.kind === 'folder') throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    return this.base.read(path);
  }

  cachedRead(path: string): Promise<string> {
    return this.read(path);
  }

  async readBinary(raw: string): Promise<Uint8Array> {
    const path = await this.stored(raw);
    const file = this.files.get(path);
    if (file) return file.bytes?.slice() ?? new TextEncoder().encode(file.content);
    await this.read(path);
    return this.base.readBinary(path);
  }

  async create(raw: string, content: string): Promise<VaultEntry> {
    const path = await this.stored(raw);
    if (await this.stat(path)) throw new AgentError('EXISTS', `"${path}" already exists`, { path });
    await this.ensureParents(path);
    return this.put(path, content, 'create');
  }

  async modify(raw: string, content: string): Promise<VaultEntry> {
    const path = await this.stored(raw);
    await this.read(path);
    return this.put(path, content, 'modify');
  }

  async writeBinary(raw: string, data: Uint8Array): Promise<VaultEntry> {
    const path = await this.stored(raw);
    const entry = await this.stat(path);
    if (entry?.kind === 'folder') throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    if (!entry) await this.ensureParents(path);
    return this.put(path, new TextDecoder().decode(data), entry ? 'modify' : 'create', data.slice());
  }

  async append(raw: string, content: string): Promise<VaultEntry> {
    const path = await this.stored(raw);
    return this.put(path, (await this.read(path)) + content, 'modify');
  }

  async createFolder(raw: string): Promise<void> {
    const path = await this.stored(raw);
    const entry = await this.stat(path);
    if (entry?.kind === 'file') throw new AgentError('EXISTS', `"${path}" is a file, not a folder`, { path });
    if (entry) return;
    await this.ensureParents(path);
    this.folders.add(path);
    this.emit({ type: 'create', path });
  }

  async rename(rawFrom: string, rawTo: string): Promise<void> {
    const fromPath = await this.stored(rawFrom);
    const toPath = await this.stored(rawTo);
    await this.move(fromPath, toPath);
    this.emit({ type: 'rename', path: toPath, oldPath: fromPath });
  }

  /** Moves into `.trash/` at the root, numbering names already there ("Note 2.md"), as the local trash does. */
  async trash(raw: string): Promise<void> {
    const path = await this.stored(raw);
    if (!(await this.stat(path))) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    let target = trashName(path, 1);
    for (let n = 2; await this.stat(target); n++) target = trashName(path, n);
    await this.move(path, target);
    this.emit({ type: 'delete', path });
  }

  private async move(fromPath: string, toPath: string): Promise<void> {
    const source = await this.stat(fromPath);
    if (!source) throw new AgentError('NOT_FOUND', `"${fromPath}" does not exist`, { path: fromPath });
    if (await this.stat(toPath)) throw new AgentError('EXISTS', `"${toPath}" already exists`, { path: toPath });
    if (source.kind === 'folder' && isInside(toPath, fromPath)) {
      throw new AgentError('INVALID_PATH', `Cannot move folder "${fromPath}" into itself ("${toPath}")`, {
        path: toPath,
      });
    }
    await this.ensureParents(toPath);
    if (source.kind === 'file') {
      this.put(toPath, await this.read(fromPath));
    } else {
      const inside = await this.list(fromPath, true, true);
      const contents = await Promise.all(
        inside.map(async (entry) => (entry.kind === 'file' ? this.read(entry.path) : null)),
      );
      this.folders.add(toPath);
      inside.forEach((entry, index) => {
        const moved = toPath + entry.path.slice(fromPath.length);
        const content = contents[index];
        if (typeof content === 'string') this.put(moved, content);
        else this.folders.add(moved);
      });
    }
    this.remove(fromPath);
  }

  async delete(raw: string): Promise<void> {
    const path = await this.stored(raw);
    if (!(await this.stat(path))) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    this.remove(path);
    this.emit({ type: 'delete', path });
  }

  /** The base vault's hidden entries are out of sight, so a folder that is still the base vault's stays. */
  async deleteEmptyFolder(raw: string): Promise<boolean> {
    const path = await this.stored(raw);
    if ((await this.list(path, false, true)).length > 0) return false;
    if (path === '/') throw new AgentError('INVALID_PATH', 'The vault root cannot be deleted', { path });
    if (!this.hidden(path) && (await this.base.stat(path))?.kind === 'folder') return false;
    await this.delete(path);
    return true;
  }

  /** The base vault's, less what the overlay removed, and those the simulated steps made. */
  async hiddenEntries(raw: string): Promise<string[]> {
    const folder = await this.stored(raw);
    const base =
      !this.hidden(folder) && (await this.base.stat(folder))?.kind === 'folder'
        ? await this.base.hiddenEntries(folder)
        : [];
    const made = [...this.files.keys(), ...this.folders]
      .map((path) => hiddenEntryOf(path, folder))
      .filter((path) => path !== null);
    return [...new Set([...base.filter((path) => !this.hidden(path)), ...made])].sort();
  }

  /** `withHidden` is for moving a folder: its hidden entries move with it, though `list` does not show them. */
  async list(raw: string, recursive: boolean, withHidden = false): Promise<VaultEntry[]> {
    const folder = await this.stored(raw);
    const entry = await this.stat(folder);
    if (!entry) throw new AgentError('NOT_FOUND', `"${folder}" does not exist`, { path: folder });
    if (entry.kind === 'file')
      throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, not a folder`, { path: folder });
    const byPath = new Map<string, VaultEntry>();
    const baseEntry = this.hidden(folder) ? null : await this.base.stat(folder);
    if (baseEntry?.kind === 'folder') {
      for (const listed of await this.base.list(folder, recursive)) {
        if (!this.hidden(listed.path) && !this.files.has(listed.path)) byPath.set(listed.path, listed);
      }
    }
    const visible = (path: string): boolean =>
      withHidden || !path.split('/').some((segment) => segment.startsWith('.'));
    const within = (path: string): boolean =>
      path !== folder && isInside(path, folder) && (recursive || parentFolder(path) === folder) && visible(path);
    for (const path of this.folders)
      if (within(path)) byPath.set(path, { path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 });
    for (const [path, file] of this.files) {
      if (within(path))
        byPath.set(path, {
          path,
          kind: 'file',
          sizeBytes: file.bytes?.length ?? utf8Length(file.content),
          mtimeMs: file.mtimeMs,
        });
    }
    return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /**
   * The real vault's linking notes that the overlay still holds. Links that only an earlier step's new text would
   * hold are not seen here; when the step runs, the path stage still checks every note it rewrites.
   */
  async linksTo(path: string): Promise<string[]> {
    const sources = (await this.base.linksTo?.(path)) ?? [];
    const kept: string[] = [];
    for (const source of sources) if (await this.stat(source)) kept.push(source);
    return kept;
  }

  onChange(listener: (event: VaultEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: VaultEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /**
   * The path as the overlay or the vault under it stores it, in whichever Unicode form it arrives (see
   * `resolveStoredPath`): the vault under it resolves its own names, the overlay those its steps wrote.
   */
  private async stored(path: string): Promise<string> {
    if (path === '/' || this.files.has(path) || this.folders.has(path)) return path;
    const base = this.hidden(path) ? null : await this.base.stat(path);
    if (base && !this.hidden(base.path)) return base.path;
    const parent = await this.stored(parentFolder(path));
    const name = baseName(path);
    for (const own of [...this.files.keys(), ...this.folders]) {
      if (parentFolder(own) === parent && sameName(baseName(own), name)) return own;
    }
    return joinPath(parent, name);
  }

  private hidden(path: string): boolean {
    for (const removed of this.removed) if (isInside(path, removed)) return true;
    return false;
  }

  private put(path: string, content: string, event?: 'create' | 'modify', bytes?: Uint8Array): VaultEntry {
    // Strictly increasing, like the real vaults, so "changed since" comparisons hold within one millisecond.
    this.lastMtime = Math.max(this.now(), this.lastMtime + 1);
    this.files.set(path, bytes ? { content, bytes, mtimeMs: this.lastMtime } : { content, mtimeMs: this.lastMtime });
    if (event) this.emit({ type: event, path });
    return { path, kind: 'file', sizeBytes: bytes?.length ?? utf8Length(content), mtimeMs: this.lastMtime };
  }

  private remove(path: string): void {
    for (const key of [...this.files.keys()]) if (isInside(key, path)) this.files.delete(key);
    for (const key of [...this.folders]) if (isInside(key, path)) this.folders.delete(key);
    this.removed.add(path);
  }

  /** Missing parent folders become overlay folders; a file in the way is an error, as in the real vault. */
  private async ensureParents(path: string): Promise<void> {
    const missing: string[] = [];
    for (let folder = parentFolder(path); folder !== '/'; folder = parentFolder(folder)) {
      const entry = await this.stat(folder);
      if (entry?.kind === 'file')
        throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, so "${path}" cannot be created inside it`, {
          path: folder,
        });
      if (entry) break;
      missing.push(folder);
    }
    missing.forEach((folder) => this.folders.add(folder));
  }
}
