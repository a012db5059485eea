import type { FileDiff } from '../../checkpoints/types';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { checkpointsOf } from './access';
import { visibleIn } from './visible';

export interface DiffCheckpointInput {
  runId: string;
  seq: number;
}

export class DiffCheckpointTool extends BaseTool<DiffCheckpointInput, { files: FileDiff[] }> {
  readonly name = 'checkpoints.diff' as const;

  async execute(input: DiffCheckpointInput, context: ToolContext): Promise<{ files: FileDiff[] }> {
    return { files: await checkpointsOf(context, this.name).diff(input.runId, input.seq, visibleIn(context)) };
  }
}
