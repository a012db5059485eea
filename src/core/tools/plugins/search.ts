import { BaseTool } from '../BaseTool';
import type { PluginSearchResult, ToolContext } from '../types';

export interface SearchPluginsInput {
  query: string;
  limit: number;
}

/** Recommends community plugins from the official list; never installs anything. */
export class SearchPluginsTool extends BaseTool<SearchPluginsInput, PluginSearchResult> {
  readonly name = 'plugins.search' as const;

  execute(input: SearchPluginsInput, context: ToolContext): Promise<PluginSearchResult> {
    return context.plugins.search(input.query, input.limit, context.signal);
  }
}
