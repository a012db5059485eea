import { movedPath, parentFolder } from '../../paths/normalizePath';
import type { VaultPort } from '../../ports/vault';
import type { PlannedChange } from '../../tools/types';

/**
 * The files and folders a checkpoint must record before a write: every file written, both ends of a move, each
 * file inside a moved or deleted folder (at its old and new place), every note whose links a move rewrites; and,
 * by existence only, every folder that may be created on the way (missing parents too), so that revert can remove
 * what the run created; before a command, the open note. A folder around a written note is never read: a write
 * costs what it writes, not its folder.
 */
export async function checkpointTargets(
  changes: readonly PlannedChange[],
  vault: VaultPort,
): Promise<{ paths: string[]; folders: string[]; folderExistence: string[] }> {
  const paths = new Set<string>();
  const folders = new Set<string>();
  const existence = new Set<string>();
  const addAncestors = (path: string): void => {
    for (let folder = parentFolder(path); folder !== '/'; folder = parentFolder(folder)) existence.add(folder);
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'command':
        // Best effort: a command may change anything, but mostly the open note ("Delete current file").
        if (change.activeFile) paths.add(change.activeFile);
        break;
      case 'create-folder':
        existence.add(change.path);
        addAncestors(change.path);
        break;
      case 'create':
      case 'modify':
        paths.add(change.path);
        addAncestors(change.path);
        break;
      case 'delete':
      case 'move': {
        // A trash inside the vault is a move into .trash/: recorded as one, a revert takes the copy out again.
        const toPath =
          change.kind === 'move'
            ? change.toPath
            : change.toTrash
              ? ((await vault.trashDestination?.(change.path)) ?? null)
              : null;
        if (change.isFolder) {
          folders.add(change.path);
          for (const entry of await vault.list(change.path, true)) {
            const moved = toPath === null ? null : movedPath(entry.path, change.path, toPath);
            if (entry.kind === 'file') {
              paths.add(entry.path);
              if (moved) paths.add(moved);
            } else {
              folders.add(entry.path);
              if (moved) folders.add(moved);
            }
          }
        } else {
          paths.add(change.path);
        }
        if (toPath !== null) {
          // The destination is absent (the tool refuses a taken one): its existence is all there is to record.
          if (change.isFolder) existence.add(toPath);
          else paths.add(toPath);
          addAncestors(toPath);
        }
        break;
      }
      case 'relink':
        paths.add(change.path);
        break;
    }
  }
  for (const folder of folders) existence.delete(folder);
  return { paths: [...paths].sort(), folders: [...folders].sort(), folderExistence: [...existence].sort() };
}
