import { BaseTool } from '../BaseTool';
import type { ToolContext, ToolDefinition } from '../types';
import { requireAgent } from './requireAgent';

export interface FindToolInput {
  query: string;
}

export interface FindToolOutput {
  tools: ToolDefinition[];
  available: string[];
}

/** Loads deferred tools (listed by name only in the prompt) so the model can call them. */
export class FindToolTool extends BaseTool<FindToolInput, FindToolOutput> {
  readonly name = 'agent.findTool' as const;

  execute(input: FindToolInput, context: ToolContext): Promise<FindToolOutput> {
    return Promise.resolve(requireAgent(this.name, context).loadDeferredTools(input.query));
  }
}
