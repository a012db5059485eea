/**
 * Obsidian's `normalizePath`: slashes and backslashes collapse to one "/", leading and trailing slashes go, the
 * empty path is the root "/", non-breaking spaces become spaces and the result is NFC-normalized. The mock's
 * version returns "" for the root and keeps non-breaking spaces, so the double carries the real behaviour.
 */
export function normalizePath(path: string): string {
  const cleaned = path
    .replace(/[\\/]+/g, '/')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\u00A0|\u202F/g, ' ')
    .normalize('NFC');
  return cleaned === '' ? '/' : cleaned;
}
