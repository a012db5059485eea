/** The file types vault.searchText reads: text formats a note-taker writes. Everything else is skipped. */
export const SEARCHABLE_EXTENSIONS: readonly string[] = ['md', 'markdown', 'txt', 'canvas', 'csv'];

// One compiled test per path: it runs for every file of the vault on every search, and a regex beats
// slicing out and lowercasing each extension several times over.
const SEARCHABLE_NAME = new RegExp(`\\.(?:${SEARCHABLE_EXTENSIONS.join('|')})$`, 'i');

/**
 * True for a text file worth searching: a searchable extension (any letter case) and no dot-folder or
 * dot-file on the way (".obsidian/", ".trash/", ".git/" hold configuration and deleted notes, not the vault).
 */
export function isSearchable(path: string): boolean {
  return SEARCHABLE_NAME.test(path) && !path.startsWith('.') && !path.includes('/.');
}
