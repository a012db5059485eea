import type { Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as nodePath from 'node:path';
import type { GitFsPort, GitFsPromises, GitFsStat } from '../core/ports/gitFs';

/** An fs error with Node's shape (`code`, `path`, `syscall`), so isomorphic-git and callers treat it like Node's own. */
function refusal(code: 'EPERM', syscall: string, path: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code, syscall, path });
}

function toStat(stats: Stats): GitFsStat {
  return {
    type: stats.isDirectory() ? 'dir' : stats.isSymbolicLink() ? 'symlink' : 'file',
    mode: stats.mode,
    size: stats.size,
    ino: stats.ino,
    mtimeMs: stats.mtimeMs,
    ctimeMs: stats.ctimeMs,
    uid: stats.uid,
    gid: stats.gid,
    dev: stats.dev,
    isFile: () => stats.isFile(),
    isDirectory: () => stats.isDirectory(),
    isSymbolicLink: () => stats.isSymbolicLink(),
  };
}

/**
 * The git-fs port over a folder on disk, for the shadow checkpoint repository. Node's errors pass through
 * untouched: isomorphic-git reads their `code` (ENOENT, EEXIST, ENOTEMPTY) to decide what exists. Two refusals
 * of its own, both EPERM: a path outside the folder (the repository must never write elsewhere, least of all
 * into the vault) and creating a symlink (the repository stores no links, and a link could point anywhere).
 */
export class NodeGitFs implements GitFsPort {
  readonly root: string;
  readonly promises: GitFsPromises;

  constructor(root: string) {
    this.root = nodePath.resolve(root);
    const inside = (path: string, syscall: string): string => this.confine(path, syscall);
    this.promises = {
      readFile: async (path, options) => fs.readFile(inside(path, 'open'), options),
      writeFile: async (path, data, options) => fs.writeFile(inside(path, 'open'), data, options),
      appendFile: async (path, data) => fs.appendFile(inside(path, 'open'), data, 'utf8'),
      unlink: async (path) => fs.unlink(inside(path, 'unlink')),
      readdir: async (path) => fs.readdir(inside(path, 'scandir')),
      mkdir: async (path, options) => {
        await fs.mkdir(inside(path, 'mkdir'), typeof options === 'number' ? { mode: options } : options);
      },
      // Two parameters on purpose: isomorphic-git uses rmdir for recursive removal only when it takes options.
      rmdir: async (path, options) =>
        options?.recursive ? fs.rm(inside(path, 'rmdir'), { recursive: true }) : fs.rmdir(inside(path, 'rmdir')),
      stat: async (path) => toStat(await fs.stat(inside(path, 'stat'))),
      lstat: async (path) => toStat(await fs.lstat(inside(path, 'lstat'))),
      readlink: async (path) => fs.readlink(inside(path, 'readlink')),
      symlink: (target, path) =>
        Promise.reject(
          refusal(
            'EPERM',
            'symlink',
            path,
            `the checkpoint repository does not create symlinks ("${path}" → "${target}")`,
          ),
        ),
      chmod: async (path, mode) => fs.chmod(inside(path, 'chmod'), mode),
    };
  }

  /** Total bytes of the files under the root; 0 before the repository exists. Walks one folder at a time. */
  async sizeBytes(): Promise<number> {
    let total = 0;
    const pending = [this.root];
    for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
      let entries;
      try {
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch (error) {
        if ((error as { code?: unknown }).code === 'ENOENT') continue;
        throw error;
      }
      for (const entry of entries) {
        const path = nodePath.join(folder, entry.name);
        if (entry.isDirectory()) pending.push(path);
        else if (entry.isFile()) total += (await fs.lstat(path)).size;
      }
    }
    return total;
  }

  private confine(path: string, syscall: string): string {
    const absolute = nodePath.resolve(path);
    const relative = nodePath.relative(this.root, absolute);
    const leaves = relative === '..' || relative.startsWith(`..${nodePath.sep}`) || nodePath.isAbsolute(relative);
    if (!leaves) return absolute;
    throw refusal('EPERM', syscall, path, `"${path}" is outside the checkpoint folder "${this.root}"`);
  }
}
