/** The file types vault.searchText reads: text formats a note-taker writes. Everything else is skipped. */
export const SEARCHABLE_EXTENSIONS: ReadonlySet<string> = new Set(['md', 'markdown', 'txt', 'canvas', 'csv']);

/**
 * True for a text file worth searching: a searchable extension (any letter case) and no dot-folder or
 * dot-file on the way (".obsidian/", ".trash/", ".git/" hold configuration and deleted notes, not the vault).
 */
export function isSearchable(path: string): boolean {
  const dot = path.lastIndexOf('.');
  if (dot <= path.lastIndexOf('/') + 1) return false;
  if (!SEARCHABLE_EXTENSIONS.has(path.slice(dot + 1).toLowerCase())) return false;
  return !path.startsWith('.') && !path.includes('/.');
}
