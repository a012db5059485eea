import type { GitFsPort, GitFsPromises } from '../../src/core/ports/gitFs';

export interface FsTally {
  calls: number;
  bytesRead: number;
  bytesWritten: number;
}

/**
 * A git-fs that passes every call to `inner` and tallies, per call name, the calls and the bytes read and written
 * under the paths `counted` accepts (e.g. the journal folder), so a test can tell what one operation costs.
 */
export function countingGitFs(
  inner: GitFsPort,
  counted: (path: string) => boolean = () => true,
): { gitFs: GitFsPort; tally: Map<string, FsTally>; reset(): void; total(): FsTally } {
  const tally = new Map<string, FsTally>();
  const count = (name: string, path: string, read: number, written: number): void => {
    if (!counted(path)) return;
    const entry = tally.get(name) ?? { calls: 0, bytesRead: 0, bytesWritten: 0 };
    entry.calls++;
    entry.bytesRead += read;
    entry.bytesWritten += written;
    tally.set(name, entry);
  };
  const size = (data: Uint8Array | string): number =>
    typeof data === 'string' ? new TextEncoder().encode(data).length : data.length;
  const p = inner.promises;
  const promises: GitFsPromises = {
    readFile: async (path, options) => {
      const data = await p.readFile(path, options);
      count('readFile', path, size(data), 0);
      return data;
    },
    writeFile: async (path, data, options) => {
      await p.writeFile(path, data, options);
      count('writeFile', path, 0, size(data));
    },
    appendFile: async (path, data) => {
      await p.appendFile(path, data);
      count('appendFile', path, 0, size(data));
    },
    unlink: async (path) => {
      await p.unlink(path);
      count('unlink', path, 0, 0);
    },
    readdir: async (path) => {
      const names = await p.readdir(path);
      count('readdir', path, 0, 0);
      return names;
    },
    mkdir: async (path, options) => {
      count('mkdir', path, 0, 0);
      await p.mkdir(path, options);
    },
    rmdir: (path, options) => p.rmdir(path, options),
    stat: async (path) => {
      count('stat', path, 0, 0);
      return p.stat(path);
    },
    lstat: async (path) => {
      count('lstat', path, 0, 0);
      return p.lstat(path);
    },
    readlink: (path) => p.readlink(path),
    symlink: (target, path) => p.symlink(target, path),
    chmod: (path, mode) => p.chmod(path, mode),
  };
  return {
    gitFs: { root: inner.root, promises, sizeBytes: () => inner.sizeBytes() },
    tally,
    reset: () => tally.clear(),
    total: () => {
      const sum = { calls: 0, bytesRead: 0, bytesWritten: 0 };
      for (const entry of tally.values()) {
        sum.calls += entry.calls;
        sum.bytesRead += entry.bytesRead;
        sum.bytesWritten += entry.bytesWritten;
      }
      return sum;
    },
  };
}
