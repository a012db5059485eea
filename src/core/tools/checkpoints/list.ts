import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { checkpointsOf } from './access';

export interface ListCheckpointsInput {
  runId?: string;
  limit: number;
}

export interface ListCheckpointsOutput {
  runs?: { runId: string; startedAt: number; checkpoints: number; files: string[] }[];
  checkpoints?: { seq: number; tool: string; time: number; files: string[]; absent: string[] }[];
}

export class ListCheckpointsTool extends BaseTool<ListCheckpointsInput, ListCheckpointsOutput> {
  readonly name = 'checkpoints.list' as const;

  async execute(input: ListCheckpointsInput, context: ToolContext): Promise<ListCheckpointsOutput> {
    const history = checkpointsOf(context, this.name);
    if (input.runId === undefined) {
      const runs = await history.listRuns();
      return { runs: runs.slice(0, input.limit).map(({ runId, startedAt, checkpoints, files }) => ({ runId, startedAt, checkpoints, files })) };
    }
    const checkpoints = await history.listCheckpoints(input.runId);
    return { checkpoints: checkpoints.slice(0, input.limit).map(({ seq, tool, time, files, absent }) => ({ seq, tool, time, files, absent })) };
  }
}
