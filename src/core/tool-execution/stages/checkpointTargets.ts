import { parentFolder } from '../../paths/normalizePath';
import type { VaultPort } from '../../ports/vault';
import type { PlannedChange } from '../../tools/types';

/**
 * The files and folders a checkpoint must record before a write: every file written, both ends of a move, each
 * file inside a moved or deleted folder (at its old and new place), and every folder that may be created on the
 * way (missing parents too), so that revert can remove what the run created; before a command, the open note.
 */
export async function checkpointTargets(changes: readonly PlannedChange[], vault: VaultPort): Promise<{ paths: string[]; folders: string[] }> {
  const paths = new Set<string>();
  const folders = new Set<string>();
  const addAncestors = (path: string): void => {
    for (let folder = parentFolder(path); folder !== '/'; folder = parentFolder(folder)) folders.add(folder);
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'command':
        // Best effort: a command may change anything, but mostly the open note ("Delete current file").
        if (change.activeFile) paths.add(change.activeFile);
        break;
      case 'create-folder':
        folders.add(change.path);
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
        const toPath = change.kind === 'move' ? change.toPath : change.toTrash ? ((await vault.trashDestination?.(change.path)) ?? null) : null;
        if (change.isFolder) {
          folders.add(change.path);
          for (const entry of await vault.list(change.path, true)) {
            const moved = toPath === null ? null : toPath + entry.path.slice(change.path.length);
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
          if (change.isFolder) folders.add(toPath);
          else paths.add(toPath);
          addAncestors(toPath);
          // Notes linking to what moves get their links rewritten by the platform: they change too.
          if (change.kind === 'move') for (const source of (await vault.linksTo?.(change.path)) ?? []) paths.add(source);
        }
        break;
      }
    }
  }
  return { paths: [...paths].sort(), folders: [...folders].sort() };
}
