import { AgentError } from '../../errors';
import { isInside } from '../../paths/normalizePath';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { resolvePathArg } from './pathArgs';
import { uniquePath } from './uniquePath';

export interface RenameInput {
  fromPath: string;
  toPath: string;
  collisionStrategy: 'error' | 'overwrite' | 'create-unique';
}

export interface RenameOutput {
  fromPath: string;
  toPath: string;
}

export class RenameTool extends BaseTool<RenameInput, RenameOutput> {
  readonly name = 'vault.rename' as const;

  async execute(input: RenameInput, context: ToolContext): Promise<RenameOutput> {
    const fromPath = resolvePathArg(this.meta, 'fromPath', input.fromPath, context);
    let toPath = resolvePathArg(this.meta, 'toPath', input.toPath, context);
    const { vault } = context;

    if (toPath === fromPath) {
      throw new AgentError('INVALID_INPUT', `${this.name}: \`toPath\` "${toPath}" is the same as \`fromPath\`; give the new path`, { path: toPath });
    }
    const source = await vault.stat(fromPath);
    if (!source) throw new AgentError('NOT_FOUND', `${this.name}: \`fromPath\` "${fromPath}" does not exist`, { path: fromPath });
    if (source.kind === 'folder' && isInside(toPath, fromPath)) {
      throw new AgentError('INVALID_PATH', `${this.name}: \`toPath\` "${toPath}" is inside the folder being moved ("${fromPath}"); a folder cannot move into itself`, { path: toPath });
    }

    const target = await vault.stat(toPath);
    if (target) {
      switch (input.collisionStrategy) {
        case 'error':
          throw new AgentError(
            'EXISTS',
            `${this.name}: \`toPath\` "${toPath}" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"`,
            { path: toPath },
          );
        case 'create-unique':
          toPath = await uniquePath(vault, toPath, source.kind);
          break;
        case 'overwrite':
          // Replacing a folder would throw away everything in it: overwrite is for one file replacing another.
          if (target.kind === 'folder' || source.kind === 'folder') {
            throw new AgentError(
              'EXISTS',
              `${this.name}: \`toPath\` "${toPath}" already exists and overwrite replaces only a file with a file (found a ${target.kind}, moving a ${source.kind}); choose another path`,
              { path: toPath },
            );
          }
          await vault.trash(toPath);
          break;
      }
    }
    await vault.rename(fromPath, toPath);
    return { fromPath, toPath };
  }
}
