import { BaseTool } from '../../../src/core/tools/BaseTool';
import type { ToolName } from '../../../src/core/tools/metadata';
import { object } from '../../../src/core/tools/schemas/common';
import type { ToolMeta } from '../../../src/core/tools/types';

const META: ToolMeta = {
  name: 'notes.wordCount',
  group: 'read',
  risk: 'read-only',
  isWrite: false,
  parallelSafe: true,
  offeredTo: ['model'],
  deferred: true,
  dryRun: 'run',
  pathArgs: [],
  description: 'Count the words of a text.',
  inputSchema: object({ text: { type: 'string' } }, ['text']),
  outputSchema: object({ words: { type: 'integer' } }, ['words']),
};

/** A deferred tool outside the metadata table, for agent.findTool tests. */
export class WordCountTool extends BaseTool<{ text: string }, { words: number }> {
  readonly name = META.name as ToolName;

  override get meta(): ToolMeta {
    return META;
  }

  execute(input: { text: string }): Promise<{ words: number }> {
    return Promise.resolve({ words: input.text.split(/\s+/).filter(Boolean).length });
  }
}
