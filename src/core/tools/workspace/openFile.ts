import { AgentError } from '../../errors';
import { resolveVaultPath } from '../../paths/sandbox';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface OpenFileInput {
  path: string;
  newLeaf: boolean;
  focus: boolean;
}

export interface OpenFileOutput {
  path: string;
  opened: boolean;
  leafId?: string;
}

export class OpenFileTool extends BaseTool<OpenFileInput, OpenFileOutput> {
  readonly name = 'workspace.openFile' as const;

  /** Opening moves the screen, not the vault: a dry run says the note would open and leaves the tabs alone. */
  override simulatedOutput(input: OpenFileInput): OpenFileOutput {
    return { path: input.path, opened: true };
  }

  async execute(input: OpenFileInput, context: ToolContext): Promise<OpenFileOutput> {
    const path = resolveVaultPath(input.path, 'read', { configDir: context.vault.configDir });
    const entry = await context.vault.stat(path);
    if (!entry) {
      throw new AgentError(
        'NOT_FOUND',
        `Cannot open "${path}": no file exists at that path. Check the name with vault.listFiles or vault.searchText.`,
        { path },
      );
    }
    if (entry.kind !== 'file') {
      throw new AgentError(
        'NOT_A_FILE',
        `Cannot open "${path}": it is a folder, not a file. Open a file inside it (vault.listFiles lists them).`,
        { path },
      );
    }
    const { leafId } = await context.workspace.openFile(path, { newLeaf: input.newLeaf, focus: input.focus });
    return { path, opened: true, ...(leafId === undefined ? {} : { leafId }) };
  }
}
