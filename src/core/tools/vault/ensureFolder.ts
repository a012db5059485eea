import { AgentError } from '../../errors';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { caseTwinError, caseTwinOf } from './caseTwin';
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

  override simulatedOutput(input: EnsureFolderInput, changes: readonly PlannedChange[]): EnsureFolderOutput {
    const made = changes.find((change) => change.kind !== 'command');
    return { path: made?.path ?? input.path, created: made !== undefined };
  }

  override async describeChanges(input: EnsureFolderInput, context: ToolContext): Promise<PlannedChange[]> {
    const { path, exists } = await this.once(input, context, () => this.target(input, context));
    return exists ? [] : [{ kind: 'create-folder', path }];
  }

  async execute(input: EnsureFolderInput, context: ToolContext): Promise<EnsureFolderOutput> {
    const { path, exists } = await this.once(input, context, () => this.target(input, context));
    if (exists) return { path, created: false };
    await context.vault.createFolder(path);
    return { path, created: true };
  }

  private async target(input: EnsureFolderInput, context: ToolContext): Promise<{ path: string; exists: boolean }> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (existing && existing.kind !== 'folder') {
      throw new AgentError(
        'EXISTS',
        `${this.name}: \`path\` "${path}" is a file, expected a folder or nothing; choose another path`,
        { path },
      );
    }
    const twin = existing ? null : await caseTwinOf(context.vault, path);
    if (twin) throw caseTwinError(this.name, 'path', path, twin);
    return { path, exists: existing !== null };
  }
}
