import type { AnyTool } from '../BaseTool';
import { CreateFileTool } from './createFile';
import { DeleteTool } from './delete';
import { EnsureFolderTool } from './ensureFolder';
import { ListFilesTool } from './listFiles';
import { ReadFileTool } from './readFile';
import { RenameTool } from './rename';
import { SearchTextTool } from './searchText';
import { WriteFileTool } from './writeFile';

/** New instances of the eight vault tools. */
export function vaultTools(): AnyTool[] {
  return [
    new EnsureFolderTool(),
    new CreateFileTool(),
    new ReadFileTool(),
    new WriteFileTool(),
    new RenameTool(),
    new DeleteTool(),
    new SearchTextTool(),
    new ListFilesTool(),
  ];
}
