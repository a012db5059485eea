import { TFolder } from 'obsidian';
import type { Vault } from 'obsidian';
import { cleanPath } from '../core/paths/normalizePath';
import { resolveStoredPath } from '../core/paths/storedName';

/**
 * The path of the entry in Obsidian's index that `path` names, in whichever Unicode form it arrives ("Café.md"
 * finds "Cafe" + U+0301 written on a Mac); a path the index does not hold comes back cleaned as Obsidian's
 * `normalizePath` does, but in the form given (see `resolveStoredPath`).
 */
export function indexedPath(vault: Vault, path: string): string {
  return resolveStoredPath(cleanPath(path), {
    has: (candidate) => vault.getAbstractFileByPath(candidate) !== null,
    exact: true,
    namesIn: (folder) => {
      const found = vault.getAbstractFileByPath(folder);
      return found instanceof TFolder ? found.children.map((child) => child.name) : [];
    },
  });
}
