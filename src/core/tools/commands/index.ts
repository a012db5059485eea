import type { AnyTool } from '../BaseTool';
import { ListCommandsTool } from './list';
import { RunCommandTool } from './run';

export function commandsTools(): AnyTool[] {
  return [new ListCommandsTool(), new RunCommandTool()];
}
