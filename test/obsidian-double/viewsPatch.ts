import { Plugin, Workspace, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { View, ViewCreator, ViewState } from 'obsidian';
import { isAttached, markSidebar, sidebarOf } from './leafPlacement';
import { originalOf } from './original';

// Keyed by workspace: the mock hands leaves the App before it is wrapped in its proxy, plugins the wrapped one.
const creators = new WeakMap<Workspace, Map<string, ViewCreator>>();

function creatorsOf(workspace: Workspace): Map<string, ViewCreator> {
  let map = creators.get(workspace);
  if (!map) creators.set(workspace, (map = new Map<string, ViewCreator>()));
  return map;
}

/** Calls a view's protected lifecycle hook, as the workspace does. */
async function lifecycle(view: View | null, hook: 'onOpen' | 'onClose'): Promise<void> {
  const run = (view as unknown as Record<string, (() => Promise<void>) | undefined> | null)?.[hook];
  if (view && typeof run === 'function') await run.call(view);
}

/**
 * Registered views come alive as in Obsidian: `Plugin.registerView` records the creator, `setViewState({ type })`
 * builds the view in the leaf and runs its `onOpen`, `detach` runs `onClose`, and `ensureSideLeaf` reuses the
 * leaf that already shows the type. The mock stores view states but never builds a view.
 */
export function patchViews(): void {
  const pluginProto = Plugin.prototype;
  const originalRegisterView = originalOf(pluginProto, 'registerView');
  pluginProto.registerView = function (this: Plugin, type: string, creator: ViewCreator): void {
    originalRegisterView.call(this, type, creator);
    const map = creatorsOf(this.app.workspace);
    map.set(type, creator);
    this.register(() => map.delete(type));
  };

  const leafProto = WorkspaceLeaf.prototype;
  const originalSetViewState = originalOf(leafProto, 'setViewState');
  leafProto.setViewState = async function (
    this: WorkspaceLeaf,
    viewState: ViewState,
    eState?: Record<string, unknown>,
  ): Promise<void> {
    await originalSetViewState.call(this, viewState, eState);
    const creator = creatorsOf(this.app__.workspace).get(viewState.type);
    const current: View | null = this.view;
    if (creator && current?.getViewType() !== viewState.type) {
      await lifecycle(current, 'onClose');
      const view = creator(this as never);
      this.view = view;
      // In Obsidian a leaf's view is in the document before its onOpen runs; the mock keeps it detached.
      if (typeof document !== 'undefined' && !view.containerEl.isConnected) document.body.appendChild(view.containerEl);
      await lifecycle(view, 'onOpen');
    }
    if (viewState.active) this.app__.workspace.setActiveLeaf(this, { focus: true });
  };

  const originalDetach = originalOf(leafProto, 'detach');
  leafProto.detach = function (this: WorkspaceLeaf): void {
    const view: View | null = this.view;
    originalDetach.call(this);
    void lifecycle(view, 'onClose').then(() => view?.containerEl.remove());
  };

  const workspaceProto = Workspace.prototype;
  for (const name of ['getRightLeaf', 'getLeftLeaf'] as const) {
    const original = originalOf(workspaceProto, name);
    workspaceProto[name] = function (this: Workspace, split: boolean): WorkspaceLeaf | null {
      const leaf = original.call(this, split);
      if (leaf) markSidebar(leaf, name === 'getLeftLeaf' ? 'left' : 'right');
      return leaf;
    };
  }

  // A sidebar leaf's root is its sidedock, and revealing it expands a collapsed sidebar, as in Obsidian; the mock's
  // sidebar leaves have no such root, and its revealLeaf leaves the sidebar collapsed.
  const originalGetRoot = originalOf(leafProto, 'getRoot');
  // The mock types getRoot as returning a leaf; obsidian.d.ts says a WorkspaceItem, which a sidedock is.
  leafProto.getRoot = function (this: WorkspaceLeaf): unknown {
    const side = sidebarOf(this);
    if (side === null) return originalGetRoot.call(this);
    const workspace = this.app__.workspace;
    return side === 'left' ? workspace.leftSplit : workspace.rightSplit;
  } as unknown as typeof leafProto.getRoot;
  const originalRevealLeaf = originalOf(workspaceProto, 'revealLeaf');
  workspaceProto.revealLeaf = async function (this: Workspace, leaf: WorkspaceLeaf): Promise<void> {
    await originalRevealLeaf.call(this, leaf);
    const side = sidebarOf(leaf);
    if (side !== null) (side === 'left' ? this.leftSplit : this.rightSplit).expand();
  };

  workspaceProto.ensureSideLeaf = async function (
    this: Workspace,
    type: string,
    side: 'left' | 'right',
    options: { active?: boolean; split?: boolean; reveal?: boolean; state?: unknown } = {},
  ): Promise<WorkspaceLeaf> {
    const existing = this.getLeavesOfType(type).find((leaf) => isAttached(this, leaf));
    const leaf =
      existing ??
      (side === 'left' ? this.getLeftLeaf(options.split ?? false) : this.getRightLeaf(options.split ?? false));
    if (!leaf) throw new Error(`No ${side} sidebar leaf`);
    if (!existing) await leaf.setViewState({ type, state: options.state as Record<string, unknown> | undefined });
    if (options.active) this.setActiveLeaf(leaf, { focus: true });
    if (options.reveal) await this.revealLeaf(leaf);
    return leaf;
  };
}
