import type { VaultContext } from '../agent/types';
import { gatherVaultContext } from '../agent/vaultContext';
import { selectionReadable } from '../util/selectionReadable';
import type { AgentServices } from './AgentServices';

const SELECTION_CONTEXT_CHARS = 4000;

/** What a shell knows of where the person works beyond the workspace port: the panel's last selection. */
export type SelectionSource = () => { text: string; filePath: string | null };

/**
 * The vault context with the shell's selection: it goes with the message even when the services started after
 * focus left the note, unless the ignore rules hide the note it is in.
 */
export async function contextWithSelection(services: AgentServices, selection: SelectionSource): Promise<VaultContext> {
  const readable = await services.pipeline.readablePaths();
  const context = await gatherVaultContext(services.toolPorts(), readable);
  const { text, filePath } = selection();
  const shared = text !== '' && selectionReadable(filePath, activeFileOf(services), readable);
  return {
    ...context,
    activeFile: context.activeFile ?? (filePath !== null && readable(filePath) ? filePath : null),
    selection: context.selection ?? (shared ? text.slice(0, SELECTION_CONTEXT_CHARS) : null),
  };
}

/** The active file as the workspace reports it, hidden or not (the context leaves hidden ones out). */
function activeFileOf(services: AgentServices): string | null {
  try {
    return services.toolPorts().workspace.activeFilePath();
  } catch {
    return null;
  }
}
