/**
 * The host's YAML parser, used to tell whether a note's properties will parse. In Obsidian it is Obsidian's own
 * `parseYaml`, so "will parse" means what Obsidian's properties will make of the block, and main.js carries no
 * parser of its own; the terminal runner and the MCP server pass the `yaml` package.
 */
export interface YamlPort {
  /** The value `text` holds; throws when it is not YAML. */
  parse(text: string): unknown;
}
