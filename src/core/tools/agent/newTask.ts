import { BaseTool } from '../BaseTool';
import type { SubtaskOutcome, ToolContext } from '../types';
import { requireAgent } from './requireAgent';

export interface NewTaskInput {
  mode: string;
  message: string;
}

/** Runs a child agent with a fresh conversation and returns its final answer and token usage. */
export class NewTaskTool extends BaseTool<NewTaskInput, SubtaskOutcome> {
  readonly name = 'agent.newTask' as const;

  execute(input: NewTaskInput, context: ToolContext): Promise<SubtaskOutcome> {
    return requireAgent(this.name, context).spawnSubtask({ mode: input.mode, message: input.message });
  }
}
