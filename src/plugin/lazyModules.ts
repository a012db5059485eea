/**
 * The plugin's dynamic imports (core has two more: the regex engine, src/core/search/regexEngine.ts, and the
 * runtime's services, src/core/runtime/onFirstUse.ts). onload loads none of them: the adapters the services run
 * over (with isomorphic-git behind them) and the runtime (the provider SDKs) arrive on first use. One object, so a
 * test can spy on what was loaded.
 */
export const lazyModules = {
  services: () => import('./obsidianAdapters'),
  runtime: () => import('./chatRuntime'),
  /** Plans and the saved-action UI, when the chat panel first opens or a saved action first runs. */
  planFeatures: () => import('./planFeatures'),
  /** The MCP server (the MCP SDK and src/mcp), only once the `mcpServer` setting is on. */
  mcp: () => import('./mcpRuntime'),
  /** The Changes view's list, when a Changes view first opens. */
  changesPanel: () => import('../ui/changes/ChangesPanel'),
};
