/**
 * The id prefixes ("<prefix>:<command>") that Obsidian itself and its core plugins register commands under.
 * A prefix that is neither here nor an installed community plugin's id is reported as "unknown".
 */
export const CORE_COMMAND_NAMESPACES: ReadonlySet<string> = new Set([
  // The app itself
  'app', 'editor', 'workspace', 'markdown', 'theme', 'window', 'open-with-default-app', 'file-explorer',
  // Core plugins (Settings → Core plugins)
  'audio-recorder', 'backlink', 'bases', 'bookmarks', 'canvas', 'command-palette', 'daily-notes', 'file-recovery',
  'footnotes', 'global-search', 'graph', 'markdown-importer', 'note-composer', 'outgoing-link', 'outgoing-links',
  'outline', 'page-preview', 'properties', 'publish', 'random-note', 'slash-command', 'slides', 'starred',
  'switcher', 'sync', 'tag-pane', 'templates', 'webviewer', 'word-count', 'workspaces', 'zk-prefixer',
  // Template commands registered without a plugin prefix
  'insert-template', 'insert-current-date', 'insert-current-time',
]);
