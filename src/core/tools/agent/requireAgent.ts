import { AgentError } from '../../errors';
import type { AgentControl, ToolContext } from '../types';

/** The loop's control for this call; agent tools mean nothing outside an agent run (a plan, a saved action). */
export function requireAgent(tool: string, context: ToolContext): AgentControl {
  if (!context.agent)
    throw new AgentError('NOT_ALLOWED', `${tool} works only inside an agent run, not in a plan or a saved action`);
  return context.agent;
}
