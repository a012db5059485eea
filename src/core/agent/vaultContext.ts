import type { ToolContext } from '../tools/types';
import { selectionReadable } from '../util/selectionReadable';
import { truncateText } from './text';
import type { VaultContext } from './types';

export const SELECTION_EXCERPT_CHARS = 1500;
export const OVERVIEW_ENTRIES = 40;

/** Whether the ignore rules let the agent read a path. */
export type Readable = (path: string) => boolean;

/**
 * Where the user is, for the prompt: the active file, an excerpt of the selection and the vault's top-level
 * entries, each bounded so a huge selection or vault cannot crowd out the conversation. A port that is missing
 * or fails leaves its part out; the tools can still look it up. What the ignore rules hide goes nowhere: no
 * active path, no selection from an ignored note (nor from an unsaved buffer while an ignored note is active),
 * no overview entry.
 */
export async function gatherVaultContext(
  ports: Pick<ToolContext, 'vault' | 'editor' | 'workspace'>,
  readable: Readable,
): Promise<VaultContext> {
  const active = attempt(() => ports.workspace.activeFilePath());
  const activeHidden = active !== null && !readable(active);
  return {
    activeFile: activeHidden ? null : active,
    selection: attempt(() => {
      const snapshot = ports.editor.snapshot();
      const selection = snapshot?.selection ?? '';
      if (selection.trim() === '' || !selectionReadable(snapshot?.filePath ?? null, active, readable)) return null;
      return truncateText(selection, SELECTION_EXCERPT_CHARS);
    }),
    folderOverview: await folderOverview(ports, readable),
  };
}

async function folderOverview(ports: Pick<ToolContext, 'vault'>, readable: Readable): Promise<string | null> {
  try {
    const entries = (await ports.vault.list('/', false)).filter(
      (entry) => !entry.path.split('/').pop()?.startsWith('.') && readable(entry.path),
    );
    if (entries.length === 0) return null;
    const lines = entries
      .slice(0, OVERVIEW_ENTRIES)
      .map((entry) => (entry.kind === 'folder' ? `${entry.path}/` : entry.path));
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
