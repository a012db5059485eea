import type { App, WorkspaceLeaf } from 'obsidian';
import { CHANGES_VIEW_TYPE } from '../ui/changes/types';

/**
 * Shows the Changes view in a tab of the main area, where its diffs have room: the open one if there is one, else
 * a new tab.
 */
export async function openChangesView(app: App): Promise<WorkspaceLeaf> {
  const open = app.workspace.getLeavesOfType(CHANGES_VIEW_TYPE)[0];
  const leaf = open ?? app.workspace.getLeaf('tab');
  if (!open) await leaf.setViewState({ type: CHANGES_VIEW_TYPE, active: true });
  await app.workspace.revealLeaf(leaf);
  return leaf;
}
