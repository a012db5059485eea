import { FileView, TFile, TFolder, View } from 'obsidian';
import type { Vault, Workspace, WorkspaceLeaf } from 'obsidian';
import { AgentError } from '../core/errors';
import type { LeafInfo, WorkspacePort } from '../core/ports/workspace';
import { indexedPath } from './indexedPath';

/** Ids for leaves that have none of their own. */
const assignedIds = new WeakMap<WorkspaceLeaf, string>();
let nextId = 1;

/**
 * A leaf's id: Obsidian's own `leaf.id` (present in the app, not in obsidian.d.ts), or one assigned here that
 * stays the same for the leaf's lifetime.
 */
export function leafIdOf(leaf: WorkspaceLeaf): string {
  const own: unknown = 'id' in leaf ? Reflect.get(leaf, 'id') : undefined;
  if (typeof own === 'string' && own !== '') return own;
  let id = assignedIds.get(leaf);
  if (id === undefined) {
    id = `leaf-${nextId++}`;
    assignedIds.set(leaf, id);
  }
  return id;
}

/**
 * The workspace through Obsidian's API. The active file is the tracked one (see ObsidianEditorTracker), so it
 * survives the user clicking into the chat panel; Obsidian's `getActiveFile()` is the fallback.
 */
export class ObsidianWorkspace implements WorkspacePort {
  private readonly workspace: Workspace;
  private readonly vault: Vault;
  private readonly tracker: { lastFile(): TFile | null };

  constructor(workspace: Workspace, vault: Vault, tracker: { lastFile(): TFile | null }) {
    this.workspace = workspace;
    this.vault = vault;
    this.tracker = tracker;
  }

  activeFilePath(): string | null {
    return (this.tracker.lastFile() ?? this.workspace.getActiveFile())?.path ?? null;
  }

  activeViewType(): string | null {
    return this.workspace.getActiveViewOfType(View)?.getViewType() ?? null;
  }

  openLeaves(): LeafInfo[] {
    const leaves: LeafInfo[] = [];
    this.workspace.iterateAllLeaves((leaf) => leaves.push(describeLeaf(leaf)));
    return leaves;
  }

  async openFile(path: string, options: { newLeaf: boolean; focus: boolean }): Promise<{ leafId?: string }> {
    const target = indexedPath(this.vault, path);
    const found = this.vault.getAbstractFileByPath(target);
    if (found instanceof TFolder)
      throw new AgentError('NOT_A_FILE', `"${target}" is a folder, not a file`, { path: target });
    if (!(found instanceof TFile)) throw new AgentError('NOT_FOUND', `"${target}" does not exist`, { path: target });
    const leaf = this.workspace.getLeaf(options.newLeaf ? 'tab' : false);
    await leaf.openFile(found, { active: options.focus });
    return { leafId: leafIdOf(leaf) };
  }
}

/**
 * The view state tells the type and file even of a leaf Obsidian has not loaded yet (a deferred tab, whose
 * `view` is a placeholder); the view itself answers when the state is empty.
 */
function describeLeaf(leaf: WorkspaceLeaf): LeafInfo {
  const state = leaf.getViewState();
  // Typed as always present, but empty until the leaf loads a view.
  const view: View | null = leaf.view;
  const stateFile: unknown = state.state?.file;
  const filePath = typeof stateFile === 'string' ? stateFile : view instanceof FileView ? view.file?.path : undefined;
  const info: LeafInfo = { id: leafIdOf(leaf), viewType: state.type || (view?.getViewType() ?? 'empty') };
  const title = leaf.getDisplayText();
  if (title) info.title = title;
  if (filePath) info.filePath = filePath;
  return info;
}
