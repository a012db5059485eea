/**
 * Code block languages that only colour text. Any other fence language in a model's answer (`dataviewjs`,
 * `dataview`, `tasks`, `mermaid`, a chart plugin's) is a name some plugin or Obsidian itself registers a code
 * block processor for, which would run a query, a script or a diagram that may load remote images: from a
 * prompt-injected model that is code run, or a request made, with no click. Such a fence keeps its code as text.
 */
const HIGHLIGHT_ONLY = new Set(
  (
    'text plain plaintext txt md markdown js javascript jsx mjs cjs ts typescript tsx json jsonc json5 yaml yml toml ini ' +
    'xml html css scss sass less sh bash zsh shell console powershell ps1 bat cmd python py ruby rb go rust rs java kotlin kt ' +
    'swift c h cpp cc hpp cs csharp fsharp php perl lua r sql graphql diff patch dockerfile makefile cmake nginx ' +
    'latex tex haskell hs elixir erlang clojure scala dart vb vba matlab julia regex csv tsv log properties gradle groovy'
  ).split(' '),
);

/** The fence's info string as it may be rendered: kept for a highlight-only language, else emptied. */
export function safeFenceInfo(info: string): string {
  const language = /^\s*([^\s{`]+)/.exec(info)?.[1]?.toLowerCase() ?? '';
  return language === '' || HIGHLIGHT_ONLY.has(language) ? info : info.endsWith('\n') ? '\n' : '';
}
