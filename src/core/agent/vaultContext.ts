import type { ToolContext } from '../tools/types';
import { truncateText } from './text';
import type { VaultContext } from './types';

export const SELECTION_EXCERPT_CHARS = 1500;
export const OVERVIEW_ENTRIES = 40;

/**
 * Where the user is, for the prompt: the active file, an excerpt of the selection and the vault's top-level
 * entries, each bounded so a huge selection or vault cannot crowd out the conversation. A port that is missing
 * or fails leaves its part out; the tools can still look it up.
 */
export async function gatherVaultContext(ports: Pick<ToolContext, 'vault' | 'editor' | 'workspace'>): Promise<VaultContext> {
  return {
    activeFile: attempt(() => ports.workspace.activeFilePath()),
    selection: attempt(() => {
      const selection = ports.editor.snapshot()?.selection ?? '';
      return selection.trim() === '' ? null : truncateText(selection, SELECTION_EXCERPT_CHARS);
    }),
    folderOverview: await folderOverview(ports),
  };
}

async function folderOverview(ports: Pick<ToolContext, 'vault'>): Promise<string | null> {
  try {
    const entries = (await ports.vault.list('/', false)).filter((entry) => !entry.path.split('/').pop()?.startsWith('.'));
    if (entries.length === 0) return null;
    const lines = entries.slice(0, OVERVIEW_ENTRIES).map((entry) => (entry.kind === 'folder' ? `${entry.path}/` : entry.path));
    if (entries.length > OVERVIEW_ENTRIES) lines.push(`… and ${entries.length - OVERVIEW_ENTRIES} more`);
    return lines.join('\n');
  } catch {
    return null;
  }
}

function attempt<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
