/**
 * The same normalization as Obsidian's `normalizePath` (obsidian.d.ts): collapse slashes and backslashes,
 * trim leading/trailing slashes, replace non-breaking spaces, NFC-normalize. Core cannot import `obsidian`,
 * so it carries its own copy; the Obsidian adapter still passes every path through the real one.
 * The vault root is "/" as in Obsidian.
 */
export function normalizePath(path: string): string {
  return cleanPath(path).normalize('NFC');
}

/**
 * `normalizePath` without the NFC step, for the vaults: they find a stored name by any of its Unicode forms
 * (see `resolveStoredPath`), and write a new name in the form it is given, so a revert puts back a name
 * written on a Mac ("e" + U+0301) byte for byte.
 */
export function cleanPath(path: string): string {
  const cleaned = path
    .replace(/[\\/]+/g, '/')
    .replace(/\u00A0|\u202F/g, ' ')
    .replace(/^\/+|\/+$/g, '');
  return cleaned === '' ? '/' : cleaned;
}

/**
 * A name as case-insensitive file systems compare it, for matching protected names: NTFS compares upper case
 * ("ı" is "I"), macOS folds case ("ſ" is "s", the Kelvin sign is "k"). Upper then lower case covers both; where
 * it joins more than a file system does ("ß" and "ss"), a rule only matches more.
 */
export function foldCase(text: string): string {
  return text.toUpperCase().toLowerCase();
}

export function parentFolder(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** "Notes/Idea.md" → { stem: "Idea", extension: "md" }; a leading dot is part of the stem. */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot + 1) };
}

export function joinPath(folder: string, name: string): string {
  return folder === '/' || folder === '' ? name : `${folder}/${name}`;
}

/**
 * Where `path`, which lies inside `from` (or is it), lands when `from` moves to `to`. Counted in segments, not
 * characters: a listing names `path` as the vault stores it, which may be another Unicode form of `from`.
 */
export function movedPath(path: string, from: string, to: string): string {
  const depth = from === '/' ? 0 : from.split('/').length;
  const rest = path.split('/').slice(depth).join('/');
  return rest === '' ? to : joinPath(to, rest);
}

/** The first hidden entry (a name starting with ".") on the way from `folder` down to `path`, or null. */
export function hiddenEntryOf(path: string, folder: string): string | null {
  if (path === folder || !isInside(path, folder)) return null;
  const segments = (folder === '/' ? path : path.slice(folder.length + 1)).split('/');
  const index = segments.findIndex((segment) => segment.startsWith('.'));
  return index < 0 ? null : joinPath(folder, segments.slice(0, index + 1).join('/'));
}

/** True when `path` is `folder` itself or lies inside it. The root "/" contains everything. */
export function isInside(path: string, folder: string): boolean {
  if (folder === '/' || folder === '') return true;
  return path === folder || path.startsWith(`${folder}/`);
}
