import type { Workspace, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';

/** Leaves made in a sidebar (getRightLeaf, getLeftLeaf, ensureSideLeaf), by side; every other leaf is in the main area. */
const sidebarLeaves = new WeakMap<WorkspaceLeaf, 'left' | 'right'>();
/** Main-area leaves in the order they were last active, most recent last. */
const mainHistory = new WeakMap<Workspace, WorkspaceLeaf[]>();

export function markSidebar(leaf: WorkspaceLeaf, side: 'left' | 'right' = 'right'): void {
  sidebarLeaves.set(leaf, side);
}

/** Which sidebar a leaf is in, or null for the main area. */
export function sidebarOf(leaf: WorkspaceLeaf): 'left' | 'right' | null {
  return sidebarLeaves.get(leaf) ?? null;
}

export function isSidebar(leaf: WorkspaceLeaf): boolean {
  return sidebarLeaves.has(leaf);
}

export function isAttached(workspace: Workspace, leaf: WorkspaceLeaf): boolean {
  let found = false;
  workspace.iterateAllLeaves((candidate) => {
    if (candidate === leaf) found = true;
  });
  return found;
}

export function noteActive(workspace: Workspace, leaf: WorkspaceLeaf): void {
  if (isSidebar(leaf)) return;
  const history = (mainHistory.get(workspace) ?? []).filter((entry) => entry !== leaf);
  history.push(leaf);
  mainHistory.set(workspace, history);
}

/** The main-area leaf the user was in last, even while a sidebar leaf (the chat panel) is active. */
export function mostRecentMainLeaf(workspace: Workspace): WorkspaceLeaf | null {
  const history = mainHistory.get(workspace) ?? [];
  for (let index = history.length - 1; index >= 0; index--) {
    const leaf = history[index];
    if (leaf && isAttached(workspace, leaf)) return leaf;
  }
  let first: WorkspaceLeaf | null = null;
  workspace.iterateAllLeaves((leaf) => {
    if (!first && !isSidebar(leaf)) first = leaf;
  });
  return first;
}
