import { normalizePath } from 'obsidian';
import type { DataAdapter } from 'obsidian';
import { AgentError } from '../core/errors';
import type { PluginFilesPort } from '../core/ports/pluginFiles';
import { attempt } from './obsidianErrors';

/**
 * The plugin's own folder, `<configDir>/plugins/<plugin id>/`, through `vault.adapter` (the vault's index does not
 * hold the config folder). The adapter accepts any path, ".." included, so this class is the only guard: a path
 * that tries to leave the folder is refused. Missing folders are created one level at a time, since the adapter's
 * `write` does not create them.
 */
export class ObsidianPluginFiles implements PluginFilesPort {
  private readonly adapter: DataAdapter;
  private readonly root: string;

  constructor(adapter: DataAdapter, configDir: string, pluginId: string) {
    this.adapter = adapter;
    this.root = normalizePath(`${configDir}/plugins/${pluginId}`);
  }

  async read(path: string): Promise<string | null> {
    const target = this.resolve(path);
    const stat = await attempt(target, () => this.adapter.stat(target));
    if (!stat) return null;
    if (stat.type === 'folder')
      throw new AgentError('NOT_A_FILE', `"${target}" is a folder, not a file`, { path: target });
    return attempt(target, () => this.adapter.read(target));
  }

  async write(path: string, content: string): Promise<void> {
    const target = this.resolveFile(path);
    await this.ensureParent(target);
    await attempt(target, () => this.adapter.write(target, content));
  }

  async append(path: string, content: string): Promise<void> {
    const target = this.resolveFile(path);
    await this.ensureParent(target);
    await attempt(target, () => this.adapter.append(target, content));
  }

  async mtime(path: string): Promise<number | null> {
    const target = this.resolve(path);
    const stat = await attempt(target, () => this.adapter.stat(target));
    return stat ? stat.mtime : null;
  }

  async remove(path: string): Promise<void> {
    const target = this.resolve(path);
    if (target === this.root)
      throw new AgentError('INVALID_PATH', 'Refusing to remove the plugin folder itself', { path });
    const stat = await attempt(target, () => this.adapter.stat(target));
    if (!stat) return;
    if (stat.type === 'folder') await attempt(target, () => this.adapter.rmdir(target, true));
    else await attempt(target, () => this.adapter.remove(target));
  }

  async list(folder: string): Promise<string[]> {
    const target = this.resolve(folder);
    const stat = await attempt(target, () => this.adapter.stat(target));
    if (!stat) return [];
    if (stat.type === 'file')
      throw new AgentError('NOT_A_FOLDER', `"${target}" is a file, not a folder`, { path: target });
    const listed = await attempt(target, () => this.adapter.list(target));
    // The adapter lists vault-relative paths; the port wants names.
    return [...listed.files, ...listed.folders].map((entry) => entry.slice(entry.lastIndexOf('/') + 1)).sort();
  }

  /** The vault-relative path of `path` inside the plugin folder ("" and "." are the folder itself). */
  private resolve(path: string): string {
    if (path.includes('\u0000'))
      throw new AgentError('INVALID_PATH', 'The plugin file path contains a NUL character', { path });
    if (/^[\\/]|^[A-Za-z]:/.test(path)) {
      throw new AgentError(
        'FORBIDDEN_PATH',
        `"${path}" is absolute; plugin file paths are relative to the plugin folder`,
        { path },
      );
    }
    const segments = path.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..')) throw new AgentError('FORBIDDEN_PATH', `"${path}" leaves the plugin folder`, { path });
    return segments.length === 0 ? this.root : normalizePath(`${this.root}/${segments.join('/')}`);
  }

  private resolveFile(path: string): string {
    const target = this.resolve(path);
    if (target === this.root)
      throw new AgentError('INVALID_PATH', 'A file path is needed, not the plugin folder itself', { path });
    return target;
  }

  private async ensureParent(target: string): Promise<void> {
    const segments = target.split('/').slice(0, -1);
    for (let depth = 1; depth <= segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (!(await this.adapter.exists(folder))) await attempt(folder, () => this.adapter.mkdir(folder));
    }
  }
}
