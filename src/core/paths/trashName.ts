import { baseName, joinPath, splitExtension } from './normalizePath';

/** The vault's own trash folder, as Obsidian's "Move to Obsidian trash" uses it. */
export const TRASH_FOLDER = '.trash';

/**
 * The `n`-th place (n ≥ 1) the vault's trash tries for `path`: ".trash/Note.md", then ".trash/Note 2.md",
 * ".trash/Note 3.md", …; the first one free is where the entry goes.
 */
export function trashName(path: string, n: number): string {
  const name = baseName(path);
  if (n <= 1) return joinPath(TRASH_FOLDER, name);
  const { stem, extension } = splitExtension(name);
  return joinPath(TRASH_FOLDER, `${stem} ${n}${extension ? `.${extension}` : ''}`);
}
