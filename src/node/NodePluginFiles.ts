import { appendFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { AgentError } from '../core/errors';
import type { PluginFilesPort } from '../core/ports/pluginFiles';
import { writeAtomically } from './diskFiles';
import { asVaultError, fromFsError, fsCode } from './fsErrors';

/**
 * The plugin's own folder on disk (`<vault>/.obsidian/plugins/embedded-agent/` or any folder the CLI names).
 * Paths are relative to it; absolute paths and `..` are refused, so a caller bug cannot write elsewhere.
 */
export class NodePluginFiles implements PluginFilesPort {
  private readonly root: string;

  constructor(folder: string) {
    this.root = nodePath.resolve(folder);
  }

  async read(path: string): Promise<string | null> {
    try {
      return await readFile(this.resolve(path), 'utf8');
    } catch (error) {
      if (fsCode(error) === 'ENOENT') return null;
      throw fromFsError(error, path, 'read');
    }
  }

  async write(path: string, content: string): Promise<void> {
    const abs = await this.withParents(path);
    // Replaced atomically: a cache or settings file is either the old one or the new one, never half of each.
    await asVaultError(writeAtomically(abs, content, 0o644), path, 'write');
  }

  async append(path: string, content: string): Promise<void> {
    const abs = await this.withParents(path);
    await asVaultError(appendFile(abs, content, 'utf8'), path, 'append to');
  }

  async mtime(path: string): Promise<number | null> {
    try {
      return (await stat(this.resolve(path))).mtimeMs;
    } catch (error) {
      if (fsCode(error) === 'ENOENT') return null;
      throw fromFsError(error, path, 'read');
    }
  }

  async remove(path: string): Promise<void> {
    const abs = this.resolve(path);
    if (abs === this.root)
      throw new AgentError('INVALID_PATH', 'Refusing to remove the plugin folder itself', { path });
    await asVaultError(rm(abs, { recursive: true, force: true }), path, 'remove');
  }

  async list(folder: string): Promise<string[]> {
    try {
      return (await readdir(this.resolve(folder))).sort();
    } catch (error) {
      if (fsCode(error) === 'ENOENT') return [];
      throw fromFsError(error, folder, 'list');
    }
  }

  private resolve(path: string): string {
    if (path.includes('\u0000'))
      throw new AgentError('INVALID_PATH', 'The plugin file path contains a NUL character', { path });
    if (nodePath.isAbsolute(path) || /^[\\/]|^[A-Za-z]:/.test(path)) {
      throw new AgentError(
        'FORBIDDEN_PATH',
        `"${path}" is absolute; plugin file paths are relative to the plugin folder`,
        { path },
      );
    }
    const segments = path.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    if (segments.includes('..')) throw new AgentError('FORBIDDEN_PATH', `"${path}" leaves the plugin folder`, { path });
    return nodePath.join(this.root, ...segments);
  }

  private async withParents(path: string): Promise<string> {
    const abs = this.resolve(path);
    if (abs === this.root)
      throw new AgentError('INVALID_PATH', 'A file path is needed, not the plugin folder itself', { path });
    await asVaultError(mkdir(nodePath.dirname(abs), { recursive: true }), path, 'create the folder of');
    return abs;
  }
}
