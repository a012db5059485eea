// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ItemView, MarkdownView, TFile } from 'obsidian';
import type { App, WorkspaceLeaf } from 'obsidian';
import { createTestApp } from './harness';

class ChatView extends ItemView {
  getViewType(): string {
    return 'embedded-agent-chat';
  }

  getDisplayText(): string {
    return 'Chat';
  }
}

function fileAt(app: App, path: string): TFile {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) throw new Error(`test setup: no file at ${path}`);
  return file;
}

async function openChat(app: App): Promise<WorkspaceLeaf> {
  const leaf = app.workspace.getRightLeaf(false);
  if (!leaf) throw new Error('test setup: no right leaf');
  await leaf.open(new ChatView(leaf));
  app.workspace.setActiveLeaf(leaf, { focus: true });
  return leaf;
}

describe('obsidian double: Workspace', () => {
  it('should open a note in a Markdown view whose editor holds the note, and make it active', async () => {
    const app = createTestApp({ files: { 'Note.md': 'line one\nline two' } });
    const opened: (string | null)[] = [];
    app.workspace.on('file-open', (file) => opened.push(file?.path ?? null));
    const leaf = app.workspace.getLeaf(false);
    await leaf.openFile(fileAt(app, 'Note.md'), { active: true });
    const view = app.workspace.getActiveViewOfType(MarkdownView);
    expect(view?.editor.getValue()).toBe('line one\nline two');
    expect(view?.file?.path).toBe('Note.md');
    expect(leaf.getViewState()).toMatchObject({ type: 'markdown', state: { file: 'Note.md' } });
    expect(app.workspace.activeEditor).toBe(view);
    expect(opened).toEqual(['Note.md']);
  });

  it('should have no active Markdown view and no active editor once the chat panel is active', async () => {
    const app = createTestApp({ files: { 'Note.md': 'text' } });
    await app.workspace.getLeaf(false).openFile(fileAt(app, 'Note.md'), { active: true });
    await openChat(app);
    expect(app.workspace.getActiveViewOfType(MarkdownView)).toBeNull();
    expect(app.workspace.getActiveViewOfType(ChatView)).toBeInstanceOf(ChatView);
    expect(app.workspace.activeEditor).toBeNull();
  });

  it('should still give the most recently active file from getActiveFile while the chat panel is active', async () => {
    const app = createTestApp({ files: { 'Note.md': 'text' } });
    await app.workspace.getLeaf(false).openFile(fileAt(app, 'Note.md'), { active: true });
    await openChat(app);
    expect(app.workspace.getActiveFile()?.path).toBe('Note.md');
  });

  it('should open a non-Markdown file in its core view type', async () => {
    const app = createTestApp({ files: { 'doc.pdf': '%PDF' } });
    const leaf = app.workspace.getLeaf('tab');
    await leaf.openFile(fileAt(app, 'doc.pdf'), { active: true });
    expect(leaf.view.getViewType()).toBe('pdf');
    expect(app.workspace.getActiveViewOfType(MarkdownView)).toBeNull();
  });
});

describe('obsidian double: Editor.replaceRange', () => {
  it('should map the selection through an edit before it, as CodeMirror does', async () => {
    const app = createTestApp({ files: { 'Note.md': 'abc def' } });
    await app.workspace.getLeaf(false).openFile(fileAt(app, 'Note.md'), { active: true });
    const editor = app.workspace.getActiveViewOfType(MarkdownView)!.editor;
    editor.setSelection({ line: 0, ch: 4 }, { line: 0, ch: 7 });
    editor.replaceRange('XY', { line: 0, ch: 0 }, { line: 0, ch: 3 });
    expect(editor.getValue()).toBe('XY def');
    expect(editor.getSelection()).toBe('def');
  });
});
