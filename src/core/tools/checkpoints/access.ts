import { AgentError } from '../../errors';
import type { CheckpointAccess, ToolContext } from '../types';

/** The checkpoint history, or a clear error when this session has none (e.g. no checkpoint folder configured). */
export function checkpointsOf(context: ToolContext, tool: string): CheckpointAccess {
  if (!context.checkpoints) {
    throw new AgentError(
      'NOT_ALLOWED',
      `${tool}: checkpoints are not available in this session, so there is no history to look at`,
    );
  }
  return context.checkpoints;
}
