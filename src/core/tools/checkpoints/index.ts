import type { AnyTool } from '../BaseTool';
import { DiffCheckpointTool } from './diff';
import { ListCheckpointsTool } from './list';
import { RestoreCheckpointTool } from './restore';

export function checkpointTools(): AnyTool[] {
  return [new ListCheckpointsTool(), new DiffCheckpointTool(), new RestoreCheckpointTool()];
}
