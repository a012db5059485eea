// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MarkdownView } from 'obsidian';
import type { App } from 'obsidian';
import { ObsidianEditorTracker } from '../../src/obsidian/ObsidianEditorTracker';
import { ObsidianWorkspace, leafIdOf } from '../../src/obsidian/ObsidianWorkspace';
import { createTestApp } from '../obsidian-double/harness';
import { focusChat, openNote } from './fixtures';

function setup(files: Record<string, string> = { 'a.md': 'alpha', 'Folder/b.md': 'beta', 'doc.pdf': '%PDF' }): {
  app: App;
  workspace: ObsidianWorkspace;
} {
  const app = createTestApp({ files });
  const tracker = new ObsidianEditorTracker(app.workspace);
  return { app, workspace: new ObsidianWorkspace(app.workspace, app.vault, tracker) };
}

describe('ObsidianWorkspace', () => {
  it('should have no active file or view before anything is open', () => {
    const { workspace } = setup();
    expect(workspace.activeFilePath()).toBeNull();
    expect(workspace.activeViewType()).toBeNull();
    expect(workspace.openLeaves()).toEqual([]);
  });

  it('should open a file, focused, and report the leaf it opened in', async () => {
    const { app, workspace } = setup();
    const { leafId } = await workspace.openFile('Folder/b.md', { newLeaf: false, focus: true });
    expect(app.workspace.getActiveViewOfType(MarkdownView)?.file?.path).toBe('Folder/b.md');
    expect(workspace.activeFilePath()).toBe('Folder/b.md');
    expect(workspace.activeViewType()).toBe('markdown');
    expect(workspace.openLeaves()).toEqual([{ id: leafId, viewType: 'markdown', title: 'b', filePath: 'Folder/b.md' }]);
  });

  it('should open a note stored under a decomposed (NFD) name by its composed name', async () => {
    const { workspace } = setup({ 'Cafe\u0301.md': 'written on a Mac' });
    await workspace.openFile('Café.md', { newLeaf: false, focus: true });
    expect(workspace.activeFilePath()).toBe('Cafe\u0301.md');
  });

  it('should reuse the current tab unless asked for a new one', async () => {
    const { workspace } = setup();
    const first = await workspace.openFile('a.md', { newLeaf: false, focus: true });
    const same = await workspace.openFile('Folder/b.md', { newLeaf: false, focus: true });
    const other = await workspace.openFile('a.md', { newLeaf: true, focus: true });
    expect(same.leafId).toBe(first.leafId);
    expect(other.leafId).not.toBe(first.leafId);
    expect(workspace.openLeaves().map((leaf) => leaf.filePath)).toEqual(['Folder/b.md', 'a.md']);
  });

  it('should open without focus and leave the active leaf alone', async () => {
    const { workspace } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    await workspace.openFile('Folder/b.md', { newLeaf: true, focus: false });
    expect(workspace.activeFilePath()).toBe('a.md');
  });

  it('should keep the active file and report the chat view while the chat panel is active', async () => {
    const { app, workspace } = setup();
    await openNote(app, 'a.md');
    await focusChat(app);
    expect(workspace.activeViewType()).toBe('embedded-agent-chat');
    expect(workspace.activeFilePath()).toBe('a.md');
    expect(workspace.openLeaves().map((leaf) => leaf.viewType)).toEqual(['markdown', 'embedded-agent-chat']);
  });

  it('should open a file in the note tab, not in the chat panel, while the chat panel is active', async () => {
    const { app, workspace } = setup();
    const noteLeaf = (await openNote(app, 'a.md')).leaf;
    const chatLeaf = await focusChat(app);
    const { leafId } = await workspace.openFile('Folder/b.md', { newLeaf: false, focus: false });
    expect(leafId).toBe(leafIdOf(noteLeaf));
    expect(chatLeaf.view.getViewType()).toBe('embedded-agent-chat');
    expect(workspace.activeViewType()).toBe('embedded-agent-chat');
  });

  it('should report a PDF as the active file in its own view type', async () => {
    const { workspace } = setup();
    await workspace.openFile('doc.pdf', { newLeaf: true, focus: true });
    expect(workspace.activeFilePath()).toBe('doc.pdf');
    expect(workspace.activeViewType()).toBe('pdf');
  });

  it('should fail with NOT_FOUND or NOT_A_FILE naming the path', async () => {
    const { workspace } = setup();
    await expect(workspace.openFile('Missing.md', { newLeaf: false, focus: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: '"Missing.md" does not exist',
    });
    await expect(workspace.openFile('Folder', { newLeaf: false, focus: true })).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: '"Folder" is a folder, not a file',
    });
  });

  it('should normalize the path it is given', async () => {
    const { workspace } = setup();
    await workspace.openFile('/Folder//b.md', { newLeaf: false, focus: true });
    expect(workspace.activeFilePath()).toBe('Folder/b.md');
  });
});

describe('leafIdOf', () => {
  it("should use the leaf's own id when Obsidian gave it one", async () => {
    const { app } = setup();
    const leaf = (await openNote(app, 'a.md')).leaf;
    Object.assign(leaf, { id: 'c0ffee' });
    expect(leafIdOf(leaf)).toBe('c0ffee');
  });

  it('should otherwise give each leaf one id that stays the same', async () => {
    const { app } = setup();
    const first = (await openNote(app, 'a.md')).leaf;
    const second = (await openNote(app, 'Folder/b.md', true)).leaf;
    expect(leafIdOf(first)).toBe(leafIdOf(first));
    expect(leafIdOf(first)).not.toBe(leafIdOf(second));
  });
});
