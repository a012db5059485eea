// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ItemView, MarkdownView, Plugin, TFile } from 'obsidian';
import type { App, WorkspaceLeaf } from 'obsidian';
import { createTestApp, manifest } from './harness';

class ChatView extends ItemView {
  events: string[] = [];

  protected override onOpen(): Promise<void> {
    this.events.push('open');
    return Promise.resolve();
  }

  protected override onClose(): Promise<void> {
    this.events.push('close');
    return Promise.resolve();
  }

  getViewType(): string {
    return 'embedded-agent-chat';
  }

  getDisplayText(): string {
    return 'Chat';
  }
}

class TestPlugin extends Plugin {}

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

describe('obsidian double: main area and sidebars', () => {
  it('should give the main-area tab from getLeaf(false) while the chat panel is active', async () => {
    const app = createTestApp({ files: { 'a.md': 'alpha', 'b.md': 'beta' } });
    const noteLeaf = app.workspace.getLeaf(false);
    await noteLeaf.openFile(fileAt(app, 'a.md'), { active: true });
    await openChat(app);
    expect(app.workspace.getLeaf(false)).toBe(noteLeaf);
    expect(app.workspace.getMostRecentLeaf()).toBe(noteLeaf);
  });

  it('should build a registered view in ensureSideLeaf once, open it, and close it on detach', async () => {
    const app = createTestApp();
    const plugin = new TestPlugin(app, manifest('embedded-agent'));
    const views: ChatView[] = [];
    plugin.registerView('embedded-agent-chat', (leaf) => {
      const view = new ChatView(leaf);
      views.push(view);
      return view;
    });
    const leaf = await app.workspace.ensureSideLeaf('embedded-agent-chat', 'right', { active: true, reveal: true });
    const again = await app.workspace.ensureSideLeaf('embedded-agent-chat', 'right', { active: true });
    expect(again).toBe(leaf);
    expect(views).toHaveLength(1);
    expect(app.workspace.getActiveViewOfType(ChatView)).toBe(views[0]);
    expect(app.workspace.getLeavesOfType('embedded-agent-chat')).toEqual([leaf]);
    leaf.detach();
    await Promise.resolve();
    expect(views[0]?.events).toEqual(['open', 'close']);
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
