import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { joinPath } from '../core/paths/normalizePath';
import type { VaultEntry } from '../core/ports/vault';
import { mapLimit } from '../core/util/concurrency';
import { fsCode } from './fsErrors';
import { fileEntry, folderEntry } from './VaultIndex';

/** Enough parallel fs calls to keep libuv's thread pool busy, far below any file-descriptor limit. */
const FS_CONCURRENCY = 32;

export interface ScanTarget {
  toAbs(path: string): string;
  /** True when a real (symlink-resolved) disk path lies inside the vault. */
  isInsideReal(real: string): Promise<boolean>;
}

/**
 * Every visible entry under `folder`, parents before children: one readdir per folder and one stat per file, a
 * level at a time with bounded concurrency. Hidden entries are skipped without descending, so a large `.git`
 * costs nothing. Linked folders are not followed (a link cycle would never end); a linked file is kept only
 * when it resolves inside the vault. Entries that vanish mid-scan are left out.
 */
export async function scanTree(target: ScanTarget, folder: string): Promise<VaultEntry[]> {
  const found: VaultEntry[] = [];
  const files: { path: string; link: boolean }[] = [];
  let level = [folder];
  while (level.length > 0) {
    const listings = await mapLimit(level, FS_CONCURRENCY, async (dir) => ({ dir, items: await readFolder(target.toAbs(dir)) }));
    level = [];
    for (const { dir, items } of listings) {
      for (const item of items) {
        if (item.name.startsWith('.')) continue;
        const path = joinPath(dir, item.name);
        if (item.isDirectory()) {
          found.push(folderEntry(path));
          level.push(path);
        } else if (item.isFile() || item.isSymbolicLink()) files.push({ path, link: item.isSymbolicLink() });
      }
    }
  }
  const stats = await mapLimit(files, FS_CONCURRENCY, async ({ path, link }) => {
    try {
      const abs = target.toAbs(path);
      if (link && !(await target.isInsideReal(await realpath(abs)))) return null;
      const info = await stat(abs);
      return info.isFile() ? fileEntry(path, info.size, info.mtimeMs) : null;
    } catch {
      return null;
    }
  });
  for (const entry of stats) if (entry) found.push(entry);
  return found;
}

async function readFolder(abs: string): Promise<Dirent[]> {
  try {
    return await readdir(abs, { withFileTypes: true });
  } catch (error) {
    const code = fsCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}
