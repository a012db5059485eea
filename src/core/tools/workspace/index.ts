import type { AnyTool } from '../BaseTool';
import { GetContextTool } from './getContext';
import { OpenFileTool } from './openFile';

export function workspaceTools(): AnyTool[] {
  return [new OpenFileTool(), new GetContextTool()];
}
