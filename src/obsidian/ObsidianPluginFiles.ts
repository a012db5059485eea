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
    if (stat.type === 'folder') throw new AgentError('NOT_A_FILE', `"${target}" is a folder, not a file`, { path: target });
    return attempt(target, () => this.adapter.read(target));
  }

  async write(path: string, content: string): Promise<void> {
    const target = this.resolve(path);
    await this.ensureParent(target);
    await attempt(target, () => this.adapter.write(target, content));
  }

  async append(path: string, content: string): Promise<void> {
    const target = this.resolve(path);
    await this.ensureParent(target);
    await attempt(target, () => this.adapter.append(target, content));
  }

  async mtime(path: string): Promise<number | null> {
    const target = this.resolve(path);
    const stat = await attempt(target, () => this.adapter.stat(target));
    return stat ? stat.mtime : null;
  }

  /** Removes a file, or a folder with its contents; nothing happens when nothing is there. */
  async remove(path: string): Promise<void> {
    const target = this.resolve(path);
    const stat = await attempt(target, () => this.adapter.stat(target));
    if (!stat) return;
    if (stat.type === 'folder') await attempt(target, () => this.adapter.rmdir(target, true));
    else await attempt(target, () => this.adapter.remove(target));
  }

  /** Files and folders directly inside `folder`, as paths relative to the plugin folder, sorted; [] if it is missing. */
  async list(folder: string): Promise<string[]> {
    const target = this.resolve(folder);
    const stat = await attempt(target, () => this.adapter.stat(target));
    if (!stat) return [];
    if (stat.type === 'file') throw new AgentError('NOT_A_FOLDER', `"${target}" is a file, not a folder`, { path: target });
    const listed = await attempt(target, () => this.adapter.list(target));
    const prefix = `${this.root}/`;
    return [...listed.files, ...listed.folders].map((entry) => (entry.startsWith(prefix) ? entry.slice(prefix.length) : entry)).sort();
  }

  /** The vault-relative path of `path` inside the plugin folder ("" and "/" are the folder itself). */
  private resolve(path: string): string {
    const segments = path.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..')) {
      throw new AgentError('FORBIDDEN_PATH', `Refused "${path}": the path leaves the plugin's folder ("${this.root}")`, { path });
    }
    return segments.length === 0 ? this.root : normalizePath(`${this.root}/${segments.join('/')}`);
  }

  private async ensureParent(target: string): Promise<void> {
    const segments = target.split('/').slice(0, -1);
    for (let depth = 1; depth <= segments.length; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (!(await this.adapter.exists(folder))) await attempt(folder, () => this.adapter.mkdir(folder));
    }
  }
}
