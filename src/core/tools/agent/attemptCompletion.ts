import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { requireAgent } from './requireAgent';

export interface AttemptCompletionInput {
  result: string;
}

/** Ends the run with the model's final answer; the loop stops once this call returns. */
export class AttemptCompletionTool extends BaseTool<AttemptCompletionInput, AttemptCompletionInput> {
  readonly name = 'agent.attemptCompletion' as const;

  execute(input: AttemptCompletionInput, context: ToolContext): Promise<AttemptCompletionInput> {
    requireAgent(this.name, context).complete(input.result);
    return Promise.resolve({ result: input.result });
  }
}
