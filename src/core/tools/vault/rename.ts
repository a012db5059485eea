import { AgentError } from '../../errors';
import { baseName, isInside, normalizePath } from '../../paths/normalizePath';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { UNFORESEEN, type Unforeseen } from '../unforeseen';
import { caseTwinError, caseTwinOf, numberingAvoids } from './caseTwin';
import { resolvePathArg } from './pathArgs';
import { uniquePath } from './uniquePath';
import { assertMovable, assertNoLinks } from './unrecorded';

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

  override simulatedOutput(input: RenameInput, changes: readonly PlannedChange[]): RenameOutput | Unforeseen {
    const move = changes.find((change) => change.kind === 'move');
    return move?.kind === 'move' ? { fromPath: move.path, toPath: move.toPath } : UNFORESEEN;
  }

  override async describeChanges(input: RenameInput, context: ToolContext): Promise<PlannedChange[]> {
    const move = await this.once(input, context, () => this.resolve(input, context));
    const isFolder = move.kind === 'folder';
    const replaced: PlannedChange[] = move.replaces
      ? [{ kind: 'delete', path: move.toPath, isFolder: false, toTrash: true }]
      : [];
    // Notes inside what moves are shown and checked as part of the move; the others change only where they link.
    const linking = ((await context.vault.linksTo?.(move.fromPath)) ?? []).filter(
      (source) => !isInside(source, move.fromPath),
    );
    const relinked = linking.map((source): PlannedChange => ({ kind: 'relink', path: source, target: move.fromPath }));
    return [...replaced, { kind: 'move', path: move.fromPath, toPath: move.toPath, isFolder }, ...relinked];
  }

  async execute(input: RenameInput, context: ToolContext): Promise<RenameOutput> {
    const { fromPath, toPath, replaces } = await this.once(input, context, () => this.resolve(input, context));
    if (replaces) await context.vault.trash(toPath);
    await context.vault.rename(fromPath, toPath);
    return { fromPath, toPath };
  }

  /** Source, final target and whether an existing file there goes to the trash first; throws what would fail. */
  private async resolve(
    input: RenameInput,
    context: ToolContext,
  ): Promise<{ fromPath: string; toPath: string; kind: 'file' | 'folder'; replaces: boolean }> {
    const fromPath = resolvePathArg(this.meta, 'fromPath', input.fromPath, context);
    // A move that keeps the name ("Inbox/C# tips.md" → "Archive/Inbox/C# tips.md") is no new name to clean.
    const keepsName = baseName(normalizePath(input.toPath)) === baseName(fromPath);
    let toPath = resolvePathArg(this.meta, 'toPath', input.toPath, context, 'toPath', keepsName);
    const { vault } = context;

    if (toPath === fromPath) {
      throw new AgentError(
        'INVALID_INPUT',
        `${this.name}: \`toPath\` "${toPath}" is the same as \`fromPath\`; give the new path`,
        { path: toPath },
      );
    }
    const source = await vault.stat(fromPath);
    if (!source)
      throw new AgentError('NOT_FOUND', `${this.name}: \`fromPath\` "${fromPath}" does not exist`, { path: fromPath });
    if (source.kind === 'folder' && isInside(toPath, fromPath)) {
      throw new AgentError(
        'INVALID_PATH',
        `${this.name}: \`toPath\` "${toPath}" is inside the folder being moved ("${fromPath}"); a folder cannot move into itself`,
        { path: toPath },
      );
    }
    await assertMovable(this.name, vault, fromPath, source.kind);

    const target = await vault.stat(toPath);
    // A case-only rename ("Note.md" → "note.md") has the source as its twin, and is allowed.
    const twin = target ? null : await caseTwinOf(vault, toPath);
    if (twin && twin.path !== source.path) {
      if (input.collisionStrategy !== 'create-unique' || !numberingAvoids(toPath, twin))
        throw caseTwinError(this.name, 'toPath', toPath, twin);
      toPath = await uniquePath(vault, toPath, source.kind);
    }
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
          await assertNoLinks(this.name, vault, toPath, 'deleted');
          return { fromPath, toPath, kind: source.kind, replaces: true };
      }
    }
    return { fromPath, toPath, kind: source.kind, replaces: false };
  }
}
