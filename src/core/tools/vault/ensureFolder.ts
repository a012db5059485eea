import { AgentError } from '../../errors';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { resolvePathArg } from './pathArgs';

export interface EnsureFolderInput {
  path: string;
}

export interface EnsureFolderOutput {
  path: string;
  created: boolean;
}

export class EnsureFolderTool extends BaseTool<EnsureFolderInput, EnsureFolderOutput> {
  readonly name = 'vault.ensureFolder' as const;

  async execute(input: EnsureFolderInput, context: ToolContext): Promise<EnsureFolderOutput> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (existing?.kind === 'folder') return { path, created: false };
    if (existing) {
      throw new AgentError('EXISTS', `${this.name}: \`path\` "${path}" is a file, expected a folder or nothing; choose another path`, { path });
    }
    await context.vault.createFolder(path);
    return { path, created: true };
  }
}
