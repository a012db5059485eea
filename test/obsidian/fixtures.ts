import { ItemView, MarkdownView, TFile } from 'obsidian';
import type { App, WorkspaceLeaf } from 'obsidian';

/** Stands in for the plugin's chat panel: a non-Markdown view in the right sidebar. */
export class ChatView extends ItemView {
  getViewType(): string {
    return 'embedded-agent-chat';
  }

  getDisplayText(): string {
    return 'Embedded Agent';
  }
}

export function fileAt(app: App, path: string): TFile {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) throw new Error(`test setup: no file at ${path}`);
  return file;
}

/** Opens a note as clicking it in the file explorer does, and returns its Markdown view. */
export async function openNote(app: App, path: string, newTab = false): Promise<MarkdownView> {
  const leaf = app.workspace.getLeaf(newTab ? 'tab' : false);
  await leaf.openFile(fileAt(app, path), { active: true });
  if (!(leaf.view instanceof MarkdownView)) throw new Error(`test setup: ${path} did not open in a Markdown view`);
  return leaf.view;
}

/** The user clicks into the chat panel: it becomes the active leaf. */
export async function focusChat(app: App): Promise<WorkspaceLeaf> {
  const leaf = app.workspace.getRightLeaf(false);
  if (!leaf) throw new Error('test setup: no right leaf');
  await leaf.open(new ChatView(leaf));
  app.workspace.setActiveLeaf(leaf, { focus: true });
  return leaf;
}
