import { baseName, foldCase, joinPath, parentFolder } from './normalizePath';

/**
 * True when two names are one name written in two Unicode forms: "Cafe" + U+0301 (as macOS and some sync tools
 * write it) and "Café". Obsidian and the sandbox compare names in NFC, so the agent cannot tell them apart.
 */
export function sameName(a: string, b: string): boolean {
  return a === b || a.normalize('NFC') === b.normalize('NFC');
}

/**
 * True when two names would be one file on a case-insensitive disk (macOS, Windows) and one link target in
 * Obsidian: "Note.md" and "note.md", in any Unicode form.
 */
export function sameNameIgnoringCase(a: string, b: string): boolean {
  return sameName(a, b) || foldCase(a.normalize('NFC')) === foldCase(b.normalize('NFC'));
}

/** What a vault stores, as `resolveStoredPath` asks it. */
export interface StoredNames {
  /** True when something is stored at exactly `path`. */
  has(path: string): boolean;
  /** The names stored directly inside the stored folder `folder`. */
  namesIn(folder: string): Iterable<string>;
}

/**
 * `path` with each name replaced by the stored name it equals (see `sameName`), as far down as such names exist;
 * the rest as given, so a new name keeps the form the caller wrote. An exact match wins, since a disk that keeps
 * bytes (ext4) can hold both forms side by side. Reads, writes and moves thus reach the note a listing named,
 * whichever form the path arrived in, and never create its twin.
 */
export function resolveStoredPath(path: string, names: StoredNames): string {
  if (path === '/' || names.has(path)) return path;
  const parent = resolveStoredPath(parentFolder(path), names);
  const name = baseName(path);
  const given = joinPath(parent, name);
  if ((parent !== '/' && !names.has(parent)) || names.has(given)) return given;
  for (const stored of names.namesIn(parent)) {
    if (sameName(stored, name)) return joinPath(parent, stored);
  }
  return given;
}
