import type { ToolContext } from '../../src/core/tools/types';
import { MemoryCommands, type MemoryCommand } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { buildToolContext } from './toolContext';

export interface EditorFixture {
  context: ToolContext;
  vault: MemoryVault;
  editor: MemoryEditor;
  workspace: MemoryWorkspace;
  commands: MemoryCommands;
}

/**
 * A ToolContext whose editor, workspace and commands are the in-memory adapters over one vault, wired as in
 * the terminal runner: the workspace drives the editor, and the editor saves into the vault.
 */
export async function buildEditorFixture(
  options: {
    files?: Record<string, string>;
    /** A file to open (it must be in `files`), as the user clicking it. */
    open?: string;
    commands?: MemoryCommand[];
    communityPluginIds?: string[];
  } = {},
): Promise<EditorFixture> {
  const vault = new MemoryVault(options.files ?? {});
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  const commands = new MemoryCommands(options.commands ?? [], options.communityPluginIds ?? []);
  if (options.open !== undefined) await workspace.openFile(options.open, { newLeaf: false, focus: true });
  const context = buildToolContext({ vault, editor, workspace, commands });
  return { context, vault, editor, workspace, commands };
}
