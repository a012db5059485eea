import { movedPath } from '../paths/normalizePath';
import type { VaultPort } from '../ports/vault';

export interface Touched {
  paths: string[];
  folders: string[];
}

/**
 * Everything under `path` that a folder write touches: the files below it (recursively) in `paths`, the folder and
 * its subfolders in `folders`. A file yields itself; a missing path yields itself as a folder, so a checkpoint
 * records it as absent. Entries the vault hides (dot-names) are not listed and so not checkpointed.
 */
export async function expandFolder(vault: VaultPort, path: string): Promise<Touched> {
  const entry = await vault.stat(path);
  if (!entry) return { paths: [], folders: [path] };
  if (entry.kind === 'file') return { paths: [entry.path], folders: [] };
  const below = await vault.list(path, true);
  return {
    paths: below.filter((item) => item.kind === 'file').map((item) => item.path),
    folders: [entry.path, ...below.filter((item) => item.kind === 'folder').map((item) => item.path)],
  };
}

/**
 * What a rename or move from `from` to `to` touches: every source entry and the entry it becomes, so a revert
 * gives the old paths their bytes back and leaves the new ones absent.
 */
export async function touchedByRename(vault: VaultPort, from: string, to: string): Promise<Touched> {
  const source = await expandFolder(vault, from);
  // Everything expandFolder yields lies inside `from` (or is it), named as the vault stores it.
  const moved = (path: string): string => movedPath(path, from, to);
  return {
    paths: [...source.paths, ...source.paths.map(moved)],
    folders: [...source.folders, ...source.folders.map(moved)],
  };
}
