import {
  closeSync,
  constants as fsConstants,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  type Stats,
} from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { isAscii } from 'node:buffer';
import { AgentError } from '../core/errors';
import { cleanPath, normalizePath } from '../core/paths/normalizePath';
import { resolveStoredPath } from '../core/paths/storedName';
import type { CachedContent } from '../core/search/ContentCache';
import { fromFsError, fsCode } from './fsErrors';

/** Where a vault path lives on disk, once checked. */
export interface Confined {
  /** The normalized vault path ("/" for the root). */
  path: string;
  /** The absolute path under the root, symlinks not resolved. */
  abs: string;
  /** The real path when something exists at `abs`, else null. */
  real: string | null;
  /** True when a symlink lies on the way from the root to the nearest existing ancestor. */
  linked: boolean;
}

/**
 * The vault folder on disk and the one place that turns vault paths into disk paths. A path is allowed only when
 * it stays under the root both lexically and after resolving symlinks, so a link inside the vault that points
 * elsewhere cannot be used to read or write outside it.
 */
export class VaultRoot {
  readonly abs: string;
  private realRoot: Promise<string> | undefined;
  private realRootSync: string | undefined;
  private scratch: Buffer = Buffer.allocUnsafe(64 * 1024);
  private readonly folderReals = new Map<string, { real: string; at: number }>();

  constructor(root: string) {
    this.abs = nodePath.resolve(root);
  }

  /**
   * Cleans a vault path, refuses `.`/`..` segments and NUL characters, and finds the names the disk stores in
   * another Unicode form (see `resolveStoredPath`): one lstat when the path is there as given, a readdir per
   * name that is not.
   */
  normalize(raw: string): string {
    if (raw.includes('\u0000'))
      throw new AgentError('INVALID_PATH', `The path "${raw.replaceAll('\u0000', '')}" contains a NUL character`, {
        path: raw,
      });
    const path = cleanPath(raw);
    const segments = path === '/' ? [] : path.split('/');
    if (segments.includes('..'))
      throw new AgentError('FORBIDDEN_PATH', `The path "${raw}" leaves the vault`, { path: raw });
    if (segments.includes('.'))
      throw new AgentError('INVALID_PATH', `The path "${raw}" has a "." segment`, { path: raw });
    return resolveStoredPath(path, {
      has: (candidate) => existsAt(this.toAbs(candidate)),
      exact: false,
      namesIn: (folder) => namesInFolder(this.toAbs(folder)),
    });
  }

  /** The absolute disk path of a normalized vault path; throws if it would land outside the root. */
  toAbs(path: string): string {
    if (path === '/') return this.abs;
    // Plain concatenation: this runs for every file of a scan or a cold search, and path.join's normalizing is
    // what normalize() already did. A ".." that slipped through still cannot pass the check below.
    const abs = this.abs + nodePath.sep + (nodePath.sep === '/' ? path : path.split('/').join(nodePath.sep));
    if (hasParentSegment(path) || !this.containsAbs(this.abs, abs)) throw forbidden(path);
    return abs;
  }

  /** The vault path of an absolute disk path under the root. */
  toVaultPath(abs: string): string {
    return normalizePath(nodePath.relative(this.abs, abs));
  }

  /**
   * Checks `raw` against the disk: the nearest existing ancestor (or the path itself) must resolve inside the
   * root's real path. Dangling symlinks are refused too, since writing through one would create its target.
   */
  async confine(raw: string): Promise<Confined> {
    const path = this.normalize(raw);
    const abs = this.toAbs(path);
    const root = await this.realRootPath();
    for (let current = abs, first = true; ; current = nodePath.dirname(current), first = false) {
      try {
        const real = await realpath(current);
        if (!this.containsAbs(root, real)) throw forbidden(path);
        const linked = real !== nodePath.join(root, nodePath.relative(this.abs, current));
        return { path, abs, real: first ? real : null, linked };
      } catch (error) {
        if (error instanceof AgentError) throw error;
        const code = fsCode(error);
        if ((code !== 'ENOENT' && code !== 'ENOTDIR') || current === this.abs) throw fromFsError(error, path, 'open');
        if (code === 'ENOENT' && (await isSymlink(current)))
          throw forbidden(path, 'goes through a link whose target is missing');
      }
    }
  }

  /**
   * The content of a file the index knows at `size` bytes, read synchronously into one reused buffer: no
   * thread-pool round trips, no per-file realpath, no allocation per file (a cold search reads thousands). Text
   * when the bytes are ASCII (then they are the text), else the raw bytes as a byte string, left for the caller
   * to decode only if it needs the text. Null when the file is gone, unreadable, or no longer `size` bytes long,
   * so the caller takes the full path.
   */
  readKnownSync(path: string, size: number): CachedContent | null {
    if (this.scratch.length < size + 1) this.scratch = Buffer.allocUnsafe(Math.max(size + 1, this.scratch.length * 2));
    const scratch = this.scratch;
    const read = this.withKnownFile(path, (fd) => {
      let offset = 0;
      // One byte more than expected: getting it means the file grew since it was indexed.
      for (let n = -1; n !== 0 && offset <= size; offset += n)
        n = readSync(fd, scratch, offset, size + 1 - offset, offset);
      return offset;
    });
    if (read !== size) return null;
    return { content: scratch.toString('latin1', 0, size), raw: !isAscii(scratch.subarray(0, size)) };
  }

  /**
   * Opens a known file for `use`. Safety stays: the folder's real path must lie inside the vault (resolved at most
   * once a second per folder), and the file is opened with O_NOFOLLOW, so a file swapped for a link is refused.
   */
  private withKnownFile<T>(path: string, use: (fd: number) => T): T | null {
    try {
      const slash = path.lastIndexOf('/');
      const folderReal = this.folderRealSync(slash < 0 ? '/' : path.slice(0, slash), Date.now());
      if (folderReal === null) return null;
      if (folderReal === OUTSIDE) throw forbidden(path);
      const fd = openSync(
        folderReal + nodePath.sep + path.slice(slash + 1),
        fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0),
      );
      try {
        return use(fd);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      if (error instanceof AgentError) throw error;
      return null;
    }
  }

  /**
   * The real path of a vault folder, or OUTSIDE when it resolves outside the vault; trusted for
   * FOLDER_REAL_TTL_MS. A folder that is a plain directory is its parent's real path plus its name: one lstat per
   * folder instead of realpath's walk over every component of the path. A linked folder is resolved in full and
   * checked. Null when it is not a folder (any more).
   */
  private folderRealSync(folder: string, now: number): string | null {
    if (folder === '/') return this.realRootSyncPath();
    const cached = this.folderReals.get(folder);
    if (cached && now - cached.at <= FOLDER_REAL_TTL_MS) return cached.real;
    const abs = this.toAbs(folder);
    const info = lstatSync(abs, { throwIfNoEntry: false });
    let real: string | null = null;
    if (info?.isSymbolicLink()) {
      real = realpathSync.native(abs);
      if (!this.containsAbs(this.realRootSyncPath(), real)) real = OUTSIDE;
    } else if (info?.isDirectory()) {
      const slash = folder.lastIndexOf('/');
      const parentReal = this.folderRealSync(slash < 0 ? '/' : folder.slice(0, slash), now);
      real =
        parentReal === null || parentReal === OUTSIDE
          ? parentReal
          : parentReal + nodePath.sep + folder.slice(slash + 1);
    }
    if (real !== null) this.folderReals.set(folder, { real, at: now });
    return real;
  }

  private realRootSyncPath(): string {
    this.realRootSync ??= realpathSync.native(this.abs);
    return this.realRootSync;
  }

  /** The vault path `raw` leads to: its nearest existing ancestor with symlinks resolved, then the rest of it. */
  async resolve(raw: string): Promise<string> {
    const path = this.normalize(raw);
    const root = await this.realRootPath();
    const rest: string[] = [];
    for (let current = this.toAbs(path); ; current = nodePath.dirname(current)) {
      try {
        const real = await realpath(current);
        if (!this.containsAbs(root, real)) throw forbidden(path);
        return normalizePath([nodePath.relative(root, real), ...rest].join('/'));
      } catch (error) {
        if (error instanceof AgentError) throw error;
        const code = fsCode(error);
        if ((code !== 'ENOENT' && code !== 'ENOTDIR') || current === this.abs) throw fromFsError(error, path, 'open');
        rest.unshift(nodePath.basename(current));
      }
    }
  }

  /** True when a real (symlink-resolved) disk path lies inside the vault's real root. */
  async isInsideReal(real: string): Promise<boolean> {
    return this.containsAbs(await this.realRootPath(), real);
  }

  private realRootPath(): Promise<string> {
    this.realRoot ??= realpath(this.abs).catch((error: unknown) => {
      this.realRoot = undefined;
      throw fsCode(error) === 'ENOENT'
        ? new AgentError('NOT_FOUND', 'The vault folder does not exist', { path: '/' })
        : fromFsError(error, '/', 'open the vault');
    });
    return this.realRoot;
  }

  private containsAbs(root: string, abs: string): boolean {
    if (abs === root) return true;
    const prefix = root.endsWith(nodePath.sep) ? root : root + nodePath.sep;
    return abs.startsWith(prefix) && !hasParentSegment(nodePath.sep === '/' ? abs : abs.split(nodePath.sep).join('/'));
  }
}

/**
 * Refuses to write a file that has more than one hard link. Its other names may lie outside the vault: an append
 * writes in place and changes them too, which no checkpoint records and no revert undoes. For writes only; reading
 * it reads what the vault's own name holds.
 */
export function assertSingleLink(path: string, info: Stats): void {
  const why = sharedFileDenial(path, info);
  if (why !== null) throw new AgentError('FORBIDDEN_PATH', why, { path });
}

/** Why a write to the file behind `info` is refused for its other hard links, or null when it has none. */
export function sharedFileDenial(path: string, info: Stats | null): string | null {
  if (!info?.isFile() || info.nlink <= 1) return null;
  return `"${path}" has ${info.nlink} hard links: the same file has another name, perhaps outside the vault, which a write here would change too; the agent does not write it. Ask the user to replace it with a plain copy`;
}

/** A ".." segment anywhere in a slash-separated path. */
const PARENT_SEGMENT = /(^|\/)\.\.(\/|$)/;

/** True for a ".." segment; the plain search first, since this runs for every file a cold search reads. */
function hasParentSegment(path: string): boolean {
  return path.includes('..') && PARENT_SEGMENT.test(path);
}

/** Marks a folder whose real path lies outside the vault. Not a path: real paths are absolute. */
const OUTSIDE = 'outside the vault';

/** How long a folder's resolved real path is trusted by readKnownSync. */
const FOLDER_REAL_TTL_MS = 1000;

function forbidden(path: string, why = 'leads outside the vault'): AgentError {
  return new AgentError('FORBIDDEN_PATH', `"${path}" ${why}`, { path });
}

/** True when anything, a dangling link included, is at `abs`; false also when a parent is a file. */
function existsAt(abs: string): boolean {
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

function namesInFolder(abs: string): string[] {
  try {
    return readdirSync(abs);
  } catch {
    return [];
  }
}

async function isSymlink(abs: string): Promise<boolean> {
  try {
    return (await lstat(abs)).isSymbolicLink();
  } catch {
    return false;
  }
}
