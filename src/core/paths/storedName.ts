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
  /** The names stored directly inside the stored folder `folder`; none for a missing one. */
  namesIn(folder: string): Iterable<string>;
  /**
   * True when `has` answers only for the exact form (a map, Obsidian's index); false for a disk, which on macOS
   * answers for every Unicode form of a stored name.
   */
  exact: boolean;
}

/**
 * `path` with each name replaced by the stored name it equals (see `sameName`), as far down as such names exist;
 * the rest as given, so a new name keeps the form the caller wrote. An exact match wins, since a disk that keeps
 * bytes (ext4) can hold both forms side by side. On a disk `has` cannot tell the stored form of a name that is
 * not ASCII (macOS answers for every form of it), so the folder's names are looked at. Reads, writes and moves
 * thus reach the note a listing named, whichever form the path arrived in, and never create its twin.
 */
export function resolveStoredPath(path: string, names: StoredNames): string {
  if (path === '/' || ((names.exact || ASCII.test(path)) && names.has(path))) return path;
  const parent = resolveStoredPath(parentFolder(path), names);
  const name = baseName(path);
  // An ASCII name has one Unicode form: the given one.
  if (ASCII.test(name) || (names.exact && names.has(joinPath(parent, name)))) return joinPath(parent, name);
  let equivalent: string | undefined;
  for (const stored of names.namesIn(parent)) {
    if (stored === name) return joinPath(parent, name);
    equivalent ??= sameName(stored, name) ? stored : undefined;
  }
  return joinPath(parent, equivalent ?? name);
}

// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII = /^[\u0000-\u007F]*$/;
