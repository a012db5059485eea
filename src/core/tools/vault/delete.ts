import { AgentError } from '../../errors';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { resolvePathArg } from './pathArgs';

export interface DeleteInput {
  path: string;
  trash: boolean;
  requireExists: boolean;
}

export interface DeleteOutput {
  path: string;
  deleted: boolean;
  trashed?: boolean;
}

export class DeleteTool extends BaseTool<DeleteInput, DeleteOutput> {
  readonly name = 'vault.delete' as const;

  async execute(input: DeleteInput, context: ToolContext): Promise<DeleteOutput> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (!existing) {
      if (!input.requireExists) return { path, deleted: false };
      throw new AgentError('NOT_FOUND', `${this.name}: \`path\` "${path}" does not exist; pass requireExists false to treat a missing path as done`, { path });
    }
    if (input.trash) await context.vault.trash(path);
    else await context.vault.delete(path);
    return { path, deleted: true, trashed: input.trash };
  }
}
