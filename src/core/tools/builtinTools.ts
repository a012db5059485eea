import type { AnyTool } from './BaseTool';
import { checkpointTools } from './checkpoints';
import { commandsTools } from './commands';
import { editorTools } from './editor';
import { SearchPluginsTool } from './plugins/search';
import { utilTools } from './util';
import { vaultTools } from './vault';
import { workspaceTools } from './workspace';

/** New instances of every built-in tool, in the order of the metadata table's groups. */
export function builtinTools(): AnyTool[] {
  return [
    ...vaultTools(),
    ...editorTools(),
    ...workspaceTools(),
    ...commandsTools(),
    ...utilTools(),
    new SearchPluginsTool(),
    ...checkpointTools(),
  ];
}
