import { FileView, MarkdownView, TFile, Workspace, WorkspaceLeaf } from 'obsidian-test-mocks/obsidian';
import type { App } from 'obsidian-test-mocks/obsidian';
import type { MarkdownFileInfo, OpenViewState, PaneType, View } from 'obsidian';
import { isSidebar, mostRecentMainLeaf, noteActive } from './leafPlacement';
import { originalOf } from './original';

/** The view Obsidian opens for a file that is not Markdown, by extension (core view types). */
const VIEW_TYPES: Record<string, string> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  bmp: 'image',
  svg: 'image',
  webp: 'image',
  avif: 'image',
  pdf: 'pdf',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  flac: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  canvas: 'canvas',
  base: 'bases',
};

/** A file view for the non-Markdown core views (image, pdf, audio, video, canvas, bases). */
export class CoreFileView extends FileView {
  private readonly viewType: string;

  constructor(leaf: WorkspaceLeaf, viewType: string) {
    super(leaf);
    this.viewType = viewType;
  }

  override getViewType(): string {
    return this.viewType;
  }
}

interface LeafState {
  file: TFile | null;
  viewState: { type: string; state?: Record<string, unknown> };
}

const lastActiveFile = new WeakMap<Workspace, TFile>();

function asView(view: FileView): View {
  return view as unknown as View;
}

/**
 * Makes leaves show what they open: `WorkspaceLeaf.openFile` puts a `MarkdownView` (with the note's text in its
 * editor) or a core file view in the leaf, sets its view state, activates it when `active` is set and fires
 * "file-open"; `setActiveLeaf` keeps `activeEditor` and "file-open" in step; `getActiveViewOfType` and
 * `getActiveFile` answer from the active leaf as in obsidian.d.ts. The mock answers null to both and leaves
 * `leaf.view` empty.
 */
export function patchWorkspace(): void {
  const leafProto = WorkspaceLeaf.prototype;
  const originalOpenFile = originalOf(leafProto, 'openFile');
  leafProto.openFile = async function (this: WorkspaceLeaf, file: TFile, openState?: OpenViewState): Promise<void> {
    await originalOpenFile.call(this, file, openState);
    const workspace = this.app__.workspace;
    let view: FileView;
    if (file.extension === 'md') {
      const markdown = new MarkdownView(this);
      markdown.setViewData(await this.app__.vault.read(file), true);
      view = markdown;
    } else {
      view = new CoreFileView(this, VIEW_TYPES[file.extension.toLowerCase()] ?? 'empty');
    }
    view.file = file;
    this.view = asView(view);
    (this as unknown as LeafState).viewState = { type: view.getViewType(), state: { file: file.path } };
    if (openState?.active) workspace.setActiveLeaf(this, { focus: true });
    else if (workspace.activeLeaf === this) announceActive(workspace, this);
  };

  // The view's data is the editor's text, and `save` writes it to the note when it differs, as in Obsidian; the
  // mock keeps data apart from the editor and saves nothing. Obsidian also saves on its own a moment after each
  // edit (requestSave); tests call `save` for that.
  MarkdownView.prototype.getViewData = function (this: MarkdownView): string {
    return this.editor.getValue();
  };
  MarkdownView.prototype.save = async function (this: MarkdownView): Promise<void> {
    const file = this.file;
    if (!file) return;
    const data = this.getViewData();
    if (data !== (await this.app.vault.read(file))) await this.app.vault.modify(file, data);
  };

  const workspaceProto = Workspace.prototype;
  const originalSetActiveLeaf = originalOf(workspaceProto, 'setActiveLeaf');
  workspaceProto.setActiveLeaf = function (this: Workspace, leaf: WorkspaceLeaf, params?: { focus?: boolean }): void {
    originalSetActiveLeaf.call(this, leaf, params);
    noteActive(this, leaf);
    announceActive(this, leaf);
  };

  // getLeaf(false) and getMostRecentLeaf() look in the main area only: with the chat panel active, a note opens
  // in the tab the user was in, not in the panel (the mock returns whatever leaf is active).
  const originalGetLeaf = originalOf(workspaceProto, 'getLeaf');
  workspaceProto.getLeaf = function (this: Workspace, newLeaf?: boolean | PaneType): WorkspaceLeaf {
    if (newLeaf) return originalGetLeaf.call(this, newLeaf);
    return mostRecentMainLeaf(this) ?? originalGetLeaf.call(this, 'tab');
  };
  workspaceProto.getMostRecentLeaf = function (this: Workspace): WorkspaceLeaf | null {
    return mostRecentMainLeaf(this);
  };
  workspaceProto.iterateRootLeaves = function (this: Workspace, callback: (leaf: WorkspaceLeaf) => unknown): void {
    this.iterateAllLeaves((leaf) => {
      if (!isSidebar(leaf)) callback(leaf);
    });
  };

  workspaceProto.getActiveViewOfType = function <T>(
    this: Workspace,
    type: abstract new (...args: never[]) => T,
  ): T | null {
    const view: unknown = this.activeLeaf?.view;
    return view instanceof type ? view : null;
  };

  // obsidian.d.ts: "the file for the current view if it's a FileView. Otherwise, the most recently active file."
  workspaceProto.getActiveFile = function (this: Workspace): TFile | null {
    const view: unknown = this.activeLeaf?.view;
    if (view instanceof FileView && view.file) return view.file;
    const last = lastActiveFile.get(this);
    const vault = (this as unknown as { app: App }).app.vault;
    return last && vault.getAbstractFileByPath(last.path) === last ? last : null;
  };
}

/** What Obsidian does when a leaf becomes active or its active file changes. */
function announceActive(workspace: Workspace, leaf: WorkspaceLeaf): void {
  const view: unknown = leaf.view;
  // The active editor belongs to the active leaf only: in the chat panel it is null.
  workspace.activeEditor = view instanceof MarkdownView ? (view as unknown as MarkdownFileInfo) : null;
  if (view instanceof FileView && view.file) {
    lastActiveFile.set(workspace, view.file);
    workspace.trigger('file-open', view.file);
  }
}
