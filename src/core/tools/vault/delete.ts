import { AgentError, isAgentError } from '../../errors';
import { BaseTool } from '../BaseTool';
import type { VaultEntry } from '../../ports/vault';
import type { PlannedChange, ToolContext } from '../types';
import { resolvePathArg } from './pathArgs';
import { assertNoLinks, hiddenIn, nameFew } from './unrecorded';

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

  override simulatedOutput(input: DeleteInput, changes: readonly PlannedChange[]): DeleteOutput {
    const removed = changes.find((change) => change.kind !== 'command');
    return {
      path: removed?.path ?? input.path,
      deleted: removed !== undefined,
      ...(removed ? { trashed: input.trash } : {}),
    };
  }

  override async describeChanges(input: DeleteInput, context: ToolContext): Promise<PlannedChange[]> {
    const { path, existing } = await this.once(input, context, () => this.target(input, context));
    return existing ? [{ kind: 'delete', path, isFolder: existing.kind === 'folder', toTrash: input.trash }] : [];
  }

  async execute(input: DeleteInput, context: ToolContext): Promise<DeleteOutput> {
    const { path, existing } = await this.once(input, context, () => this.target(input, context));
    if (!existing) return { path, deleted: false };
    if (input.trash) await context.vault.trash(path);
    else await context.vault.delete(path);
    return { path, deleted: true, trashed: input.trash };
  }

  private async target(
    input: DeleteInput,
    context: ToolContext,
  ): Promise<{ path: string; existing: VaultEntry | null }> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (!existing && input.requireExists) {
      throw new AgentError(
        'NOT_FOUND',
        `${this.name}: \`path\` "${path}" does not exist; pass requireExists false to treat a missing path as done`,
        { path },
      );
    }
    // Checkpoints record what the vault lists, which leaves hidden entries out: only the trash keeps them.
    const hidden = existing && !input.trash ? await hiddenIn(context.vault, path, existing.kind) : [];
    if (hidden.length > 0) {
      throw new AgentError(
        'NOT_ALLOWED',
        `${this.name}: "${path}" holds hidden entries (${nameFew(hidden)}) that no checkpoint records, so it is not deleted for good; move it to the trash instead (trash: true)`,
        { path },
      );
    }
    if (existing) await assertNoLinks(this.name, context.vault, path, 'deleted');
    if (existing && input.trash) await this.checkTrash(path, context);
    return { path, existing };
  }

  /** A trash that cannot take the note is said before the card, not after the approval. */
  private async checkTrash(path: string, context: ToolContext): Promise<void> {
    try {
      await context.vault.trashDestination?.(path);
    } catch (error) {
      if (!isAgentError(error)) throw error;
      throw new AgentError(
        error.code,
        `${this.name}: "${path}" cannot go to the trash: ${error.message}; fix or remove what is at .trash/, or delete for good (trash: false)`,
        { path },
      );
    }
  }
}
