/**
 * The promise-based fs calls isomorphic-git makes (its "fs client"), plus `appendFile` for the run journal, over
 * the folder that holds the shadow checkpoint repository. Errors must carry Node's `code` ("ENOENT", "EEXIST", "ENOTDIR", "ENOTEMPTY"):
 * isomorphic-git tests for a missing file by catching ENOENT from `stat`/`readFile`.
 * The implementation (src/node/NodeGitFs.ts) uses node:fs: the plugin is desktop-only and the repository lives
 * outside the vault, where Obsidian's Vault API cannot reach.
 */
export interface GitFsStat {
  type: 'file' | 'dir' | 'symlink';
  mode: number;
  size: number;
  ino: number;
  mtimeMs: number;
  ctimeMs: number;
  uid: number;
  gid: number;
  dev: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

export interface GitFsPromises {
  readFile(path: string, options?: { encoding?: 'utf8' } | 'utf8'): Promise<Uint8Array | string>;
  writeFile(
    path: string,
    data: Uint8Array | string,
    options?: { mode?: number; encoding?: 'utf8' } | 'utf8',
  ): Promise<void>;
  /**
   * Adds `data` (UTF-8) at the end of the file, creating it when missing (not its folder). Bytes already in the
   * file are never rewritten, so a crash part-way can only leave a torn tail.
   */
  appendFile(path: string, data: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readdir(path: string): Promise<string[]>;
  mkdir(path: string, options?: { recursive?: boolean } | number): Promise<void>;
  rmdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  stat(path: string): Promise<GitFsStat>;
  lstat(path: string): Promise<GitFsStat>;
  readlink(path: string): Promise<string>;
  symlink(target: string, path: string): Promise<void>;
  chmod(path: string, mode: number): Promise<void>;
}

export interface GitFsPort {
  /** Absolute folder of the shadow repository (a bare-style git dir the plugin owns). */
  readonly root: string;
  readonly promises: GitFsPromises;
  /** Total bytes under `root`, for the size cap. */
  sizeBytes(): Promise<number>;
}
