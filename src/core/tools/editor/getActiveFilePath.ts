import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';

export interface GetActiveFilePathOutput {
  path: string | null;
  /** False when the path no longer names a file in the vault (deleted or renamed while open). */
  exists: boolean;
}

/**
 * The note the user has open. The workspace tracks the file leaf the user last worked in (the chat panel is
 * the active leaf while they type), and the editor's file is the fallback for an adapter that has none.
 */
export class GetActiveFilePathTool extends BaseTool<Record<string, never>, GetActiveFilePathOutput> {
  readonly name = 'editor.getActiveFilePath' as const;

  /** A saved action gets the selection and the active note from its placeholders when it runs. */
  override readsSavedActionContext(): boolean {
    return true;
  }

  async execute(_input: Record<string, never>, context: ToolContext): Promise<GetActiveFilePathOutput> {
    const path = context.workspace.activeFilePath() ?? context.editor.snapshot()?.filePath ?? null;
    // A hidden note is reported as none: its name is as hidden as its text.
    if (path === null || context.readable?.(path) === false) return { path: null, exists: false };
    const entry = await context.vault.stat(path);
    return { path, exists: entry?.kind === 'file' };
  }
}
