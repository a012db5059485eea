import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { checkpointsOf } from './access';
import { onlyVisible, visibleIn } from './visible';

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
    const visible = visibleIn(context);
    if (input.runId === undefined) {
      const runs = (await history.listRuns()).slice(0, input.limit);
      const listed: NonNullable<ListCheckpointsOutput['runs']> = [];
      for (const { runId, startedAt, checkpoints, files } of runs)
        listed.push({ runId, startedAt, checkpoints, files: await onlyVisible(files, visible) });
      return { runs: listed };
    }
    const checkpoints = (await history.listCheckpoints(input.runId)).slice(0, input.limit);
    const listed: NonNullable<ListCheckpointsOutput['checkpoints']> = [];
    for (const { seq, tool, time, files, absent } of checkpoints) {
      listed.push({
        seq,
        tool,
        time,
        files: await onlyVisible(files, visible),
        absent: await onlyVisible(absent, visible),
      });
    }
    return { checkpoints: listed };
  }
}
