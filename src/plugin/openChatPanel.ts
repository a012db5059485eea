import type { App, WorkspaceLeaf } from 'obsidian';
import { CHAT_VIEW_TYPE } from '../ui/chat/types';

/**
 * Shows the chat panel in the right sidebar: the existing one if open, else a new one. The sidebar can be
 * collapsed, so the leaf is revealed, which also expands it.
 */
export async function openChatPanel(app: App): Promise<WorkspaceLeaf> {
  const leaf = await app.workspace.ensureSideLeaf(CHAT_VIEW_TYPE, 'right', { active: true, reveal: true });
  await app.workspace.revealLeaf(leaf);
  return leaf;
}
