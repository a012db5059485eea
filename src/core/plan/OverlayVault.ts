import { AgentError } from '../errors';
import { isInside, parentFolder } from '../paths/normalizePath';
import type { VaultEntry, VaultPort } from '../ports/vault';
import { utf8Length } from '../util/text';

/**
 * A copy-on-write view of a vault for dry runs: reads fall through to the real vault, writes land in memory, so
 * a later step sees the files an earlier simulated step would create, move or delete, and the vault itself is
 * never written. It emits no change events and offers no `linksTo` (nothing real moves).
 */
export class OverlayVault implements VaultPort {
  readonly configDir: string;
  private readonly files = new Map<string, { content: string; mtimeMs: number }>();
  private readonly folders = new Set<string>();
  /** Paths removed (with everything under them) in the overlay; entries written afterwards show again. */
  private readonly removed = new Set<string>();

  constructor(
    private readonly base: VaultPort,
    private readonly now: () => number = () => 0,
  ) {
    this.configDir = base.configDir;
  }

  /** Paths the overlay changed, for tests and summaries. */
  changedPaths(): { written: string[]; folders: string[]; removed: string[] } {
    return { written: [...this.files.keys()].sort(), folders: [...this.folders].sort(), removed: [...this.removed].sort() };
  }

  async stat(path: string): Promise<VaultEntry | null> {
    const file = this.files.get(path);
    if (file) return { path, kind: 'file', sizeBytes: utf8Length(file.content), mtimeMs: file.mtimeMs };
    if (this.folders.has(path) || path === '/') return path === '/' ? this.base.stat(path) : { path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 };
    if (this.hidden(path)) return null;
    return this.base.stat(path);
  }

  async read(path: string): Promise<string> {
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

  async readBinary(path: string): Promise<Uint8Array> {
    const file = this.files.get(path);
    if (file) return new TextEncoder().encode(file.content);
    await this.read(path);
    return this.base.readBinary(path);
  }

  async create(path: string, content: string): Promise<VaultEntry> {
    if (await this.stat(path)) throw new AgentError('EXISTS', `"${path}" already exists`, { path });
    await this.ensureParents(path);
    return this.put(path, content);
  }

  async modify(path: string, content: string): Promise<VaultEntry> {
    await this.read(path);
    return this.put(path, content);
  }

  async writeBinary(path: string, data: Uint8Array): Promise<VaultEntry> {
    const entry = await this.stat(path);
    if (entry?.kind === 'folder') throw new AgentError('NOT_A_FILE', `"${path}" is a folder, not a file`, { path });
    if (!entry) await this.ensureParents(path);
    return this.put(path, new TextDecoder().decode(data));
  }

  async append(path: string, content: string): Promise<VaultEntry> {
    return this.put(path, (await this.read(path)) + content);
  }

  async createFolder(path: string): Promise<void> {
    const entry = await this.stat(path);
    if (entry?.kind === 'file') throw new AgentError('EXISTS', `"${path}" is a file, not a folder`, { path });
    if (entry) return;
    await this.ensureParents(path);
    this.folders.add(path);
  }

  async rename(fromPath: string, toPath: string): Promise<void> {
    const source = await this.stat(fromPath);
    if (!source) throw new AgentError('NOT_FOUND', `"${fromPath}" does not exist`, { path: fromPath });
    if (await this.stat(toPath)) throw new AgentError('EXISTS', `"${toPath}" already exists`, { path: toPath });
    await this.ensureParents(toPath);
    if (source.kind === 'file') {
      this.put(toPath, await this.read(fromPath));
    } else {
      const inside = await this.list(fromPath, true);
      const contents = await Promise.all(inside.map(async (entry) => (entry.kind === 'file' ? this.read(entry.path) : null)));
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

  async trash(path: string): Promise<void> {
    await this.delete(path);
  }

  async delete(path: string): Promise<void> {
    if (!(await this.stat(path))) throw new AgentError('NOT_FOUND', `"${path}" does not exist`, { path });
    this.remove(path);
  }

  async list(folder: string, recursive: boolean): Promise<VaultEntry[]> {
    const entry = await this.stat(folder);
    if (!entry) throw new AgentError('NOT_FOUND', `"${folder}" does not exist`, { path: folder });
    if (entry.kind === 'file') throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, not a folder`, { path: folder });
    const byPath = new Map<string, VaultEntry>();
    const baseEntry = this.hidden(folder) ? null : await this.base.stat(folder);
    if (baseEntry?.kind === 'folder') {
      for (const listed of await this.base.list(folder, recursive)) {
        if (!this.hidden(listed.path) && !this.files.has(listed.path)) byPath.set(listed.path, listed);
      }
    }
    const within = (path: string): boolean => path !== folder && isInside(path, folder) && (recursive || parentFolder(path) === folder);
    for (const path of this.folders) if (within(path)) byPath.set(path, { path, kind: 'folder', sizeBytes: 0, mtimeMs: 0 });
    for (const [path, file] of this.files) {
      if (within(path)) byPath.set(path, { path, kind: 'file', sizeBytes: utf8Length(file.content), mtimeMs: file.mtimeMs });
    }
    return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  onChange(): () => void {
    return () => undefined;
  }

  private hidden(path: string): boolean {
    for (const removed of this.removed) if (isInside(path, removed)) return true;
    return false;
  }

  private put(path: string, content: string): VaultEntry {
    const mtimeMs = this.now();
    this.files.set(path, { content, mtimeMs });
    return { path, kind: 'file', sizeBytes: utf8Length(content), mtimeMs };
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
      if (entry?.kind === 'file') throw new AgentError('NOT_A_FOLDER', `"${folder}" is a file, so "${path}" cannot be created inside it`, { path: folder });
      if (entry) break;
      missing.push(folder);
    }
    missing.forEach((folder) => this.folders.add(folder));
  }
}
