import type { AnyTool } from '../BaseTool';
import { AttemptCompletionTool } from './attemptCompletion';
import { FindToolTool } from './findTool';
import { NewTaskTool } from './newTask';
import { SwitchModeTool } from './switchMode';

/** New instances of the agent.* tools, which steer the loop through ToolContext.agent. */
export function agentTools(): AnyTool[] {
  return [new AttemptCompletionTool(), new SwitchModeTool(), new NewTaskTool(), new FindToolTool()];
}
