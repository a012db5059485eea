import { FileView, MarkdownView } from 'obsidian';
import type { Editor, EventRef, TFile, Workspace, WorkspaceLeaf } from 'obsidian';
import { AgentError } from '../core/errors';
import type { EditorPort, EditorPosition, EditorRange, EditorSnapshot } from '../core/ports/editor';
import { comparePositions } from '../core/util/editorPositions';

/**
 * The Markdown editor the user last worked in, tracked through "active-leaf-change" and "file-open". Once the
 * user clicks into the chat panel, that panel is the active leaf and `getActiveViewOfType(MarkdownView)` and
 * `workspace.activeEditor` are null, yet the note's editor still holds the selection the user made: this tracker
 * keeps pointing at it for as long as its tab is open and shows a note. It also remembers the last leaf that
 * showed any file (a note, a PDF, an image), for `ObsidianWorkspace.activeFilePath`.
 *
 * Call `dispose()` when the plugin unloads, or hand it to `Plugin.register`.
 */
export class ObsidianEditorTracker implements EditorPort {
  private readonly workspace: Workspace;
  private readonly refs: EventRef[];
  private markdownLeaf: WorkspaceLeaf | null = null;
  private fileLeaf: WorkspaceLeaf | null = null;

  constructor(workspace: Workspace) {
    this.workspace = workspace;
    this.refs = [
      workspace.on('active-leaf-change', (leaf) => {
        if (leaf) this.remember(leaf);
      }),
      // A leaf that stays active can open another file; its view may change with it.
      workspace.on('file-open', () => this.rememberActive()),
    ];
    this.rememberActive();
    // Built on first use, which is often while the chat panel is the active leaf: the note the user worked in
    // is then the most recent leaf of the main area, and its selection is the one they mean.
    const recent = workspace.getMostRecentLeaf();
    if (recent && (!this.markdownLeaf || !this.fileLeaf)) {
      if (!this.markdownLeaf && recent.view instanceof MarkdownView) this.markdownLeaf = recent;
      if (!this.fileLeaf && recent.view instanceof FileView && recent.view.file) this.fileLeaf = recent;
    }
  }

  dispose(): void {
    for (const ref of this.refs) this.workspace.offref(ref);
  }

  /** The tracked Markdown view, or null once its tab is closed or shows something else. */
  markdownView(): MarkdownView | null {
    const view = this.markdownLeaf && this.isOpen(this.markdownLeaf) ? this.markdownLeaf.view : null;
    return view instanceof MarkdownView ? view : null;
  }

  /** The file in the last file view the user was in, while that tab still shows one. */
  lastFile(): TFile | null {
    const view = this.fileLeaf && this.isOpen(this.fileLeaf) ? this.fileLeaf.view : null;
    return view instanceof FileView ? view.file : null;
  }

  snapshot(): EditorSnapshot | null {
    const view = this.markdownView();
    if (!view) return null;
    const editor = view.editor;
    const from = position(editor.getCursor('from'));
    const to = position(editor.getCursor('to'));
    return {
      filePath: view.file?.path ?? null,
      mode: modeOf(view),
      // Read from the range so that text and range always describe the same (main) selection.
      selection: comparePositions(from, to) === 0 ? '' : editor.getRange(from, to),
      range: { from, to },
      cursor: position(editor.getCursor('head')),
    };
  }

  /**
   * Edits the editor, then saves the note at once rather than a moment later as Obsidian would: the checkpoint
   * records what the file holds right after the write, and an edit saved later would look like the user's own.
   */
  async replaceRange(text: string, range: EditorRange): Promise<void> {
    const view = this.requireView('replace text');
    const editor = view.editor;
    const [start, end] = comparePositions(range.from, range.to) <= 0 ? [range.from, range.to] : [range.to, range.from];
    editor.replaceRange(text, clamp(editor, start), clamp(editor, end));
    await view.save();
  }

  setCursor(cursor: EditorPosition): void {
    const editor = this.requireEditor('move the cursor');
    editor.setCursor(clamp(editor, cursor));
  }

  getLine(line: number): string {
    const editor = this.markdownView()?.editor;
    if (!editor || line < 0 || line > editor.lastLine()) return '';
    return editor.getLine(line);
  }

  private requireEditor(operation: string): Editor {
    return this.requireView(operation).editor;
  }

  private requireView(operation: string): MarkdownView {
    const view = this.markdownView();
    if (view) return view;
    throw new AgentError('NO_EDITOR', `Cannot ${operation}: no Markdown editor is open`);
  }

  private remember(leaf: WorkspaceLeaf): void {
    const view = leaf.view;
    if (view instanceof MarkdownView) this.markdownLeaf = leaf;
    if (view instanceof FileView && view.file) this.fileLeaf = leaf;
  }

  private rememberActive(): void {
    const markdown = this.workspace.getActiveViewOfType(MarkdownView);
    if (markdown) this.markdownLeaf = markdown.leaf;
    const fileView = this.workspace.getActiveViewOfType(FileView);
    if (fileView?.file) this.fileLeaf = fileView.leaf;
  }

  /** Whether the leaf is still in the workspace (a closed tab is detached). */
  private isOpen(leaf: WorkspaceLeaf): boolean {
    let found = false;
    this.workspace.iterateAllLeaves((candidate) => {
      if (candidate === leaf) found = true;
    });
    return found;
  }
}

function position(value: EditorPosition): EditorPosition {
  return { line: value.line, ch: value.ch };
}

/** Positions past the end are clamped to it, as the port's other editors do; CodeMirror would throw. */
function clamp(editor: Editor, value: EditorPosition): EditorPosition {
  const line = Math.min(Math.max(0, Math.floor(value.line)), editor.lastLine());
  return { line, ch: Math.min(Math.max(0, Math.floor(value.ch)), editor.getLine(line).length) };
}

function modeOf(view: MarkdownView): EditorSnapshot['mode'] {
  const mode = view.getMode();
  return mode === 'source' || mode === 'preview' ? mode : 'unknown';
}
