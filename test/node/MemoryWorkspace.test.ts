import { describe, expect, it } from 'vitest';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace, viewTypeForFile } from '../../src/node/MemoryWorkspace';

function setup() {
  const vault = new MemoryVault({ 'a.md': 'alpha', 'Folder/b.md': 'beta', 'board.canvas': '{}' });
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  return { vault, editor, workspace };
}

describe('MemoryWorkspace', () => {
  it('should start with no leaves, no active file and no active view', () => {
    const { workspace } = setup();
    expect(workspace.openLeaves()).toEqual([]);
    expect(workspace.activeFilePath()).toBeNull();
    expect(workspace.activeViewType()).toBeNull();
  });

  it('should name a note stored under a decomposed (NFD) name as stored, as the Obsidian workspace does', async () => {
    const vault = new MemoryVault({ 'Cafe\u0301.md': 'written on a Mac' });
    const workspace = new MemoryWorkspace({ vault, editor: new MemoryEditor({ vault }) });
    await workspace.openFile('Café.md', { newLeaf: false, focus: true });
    expect(workspace.activeFilePath()).toBe('Cafe\u0301.md');
  });

  it('should open a file in a new leaf when none is open, and load it into the editor', async () => {
    const { workspace, editor } = setup();
    expect(await workspace.openFile('a.md', { newLeaf: false, focus: true })).toEqual({ leafId: 'leaf-1' });
    expect(workspace.openLeaves()).toEqual([{ id: 'leaf-1', viewType: 'markdown', title: 'a', filePath: 'a.md' }]);
    expect(workspace.activeFilePath()).toBe('a.md');
    expect(workspace.activeViewType()).toBe('markdown');
    expect(editor.text()).toBe('alpha');
  });

  it('should reuse the current file leaf unless asked for a new one', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    await workspace.openFile('Folder/b.md', { newLeaf: false, focus: true });
    expect(workspace.openLeaves().map((leaf) => leaf.filePath)).toEqual(['Folder/b.md']);
    expect(editor.filePath()).toBe('Folder/b.md');
    await workspace.openFile('a.md', { newLeaf: true, focus: true });
    expect(workspace.openLeaves().map((leaf) => [leaf.id, leaf.filePath])).toEqual([
      ['leaf-1', 'Folder/b.md'],
      ['leaf-2', 'a.md'],
    ]);
  });

  it('should open a background tab without changing the active file or the editor', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    await workspace.openFile('Folder/b.md', { newLeaf: true, focus: false });
    expect(workspace.activeFilePath()).toBe('a.md');
    expect(workspace.activeLeafId()).toBe('leaf-1');
    expect(editor.filePath()).toBe('a.md');
  });

  it('should keep the active file while a side panel such as the chat has focus', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    const chat = workspace.addLeaf({ viewType: 'embedded-agent-chat', title: 'Chat' });
    await workspace.focus(chat.id);
    expect(workspace.activeViewType()).toBe('embedded-agent-chat');
    expect(workspace.activeFilePath()).toBe('a.md');
    expect(editor.filePath()).toBe('a.md');
    await workspace.openFile('Folder/b.md', { newLeaf: false, focus: false });
    expect(workspace.activeViewType()).toBe('embedded-agent-chat');
    expect(workspace.activeFilePath()).toBe('Folder/b.md');
  });

  it('should load a file leaf into the editor when it is focused', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    await workspace.openFile('Folder/b.md', { newLeaf: true, focus: false });
    await workspace.focus('leaf-2');
    expect(workspace.activeFilePath()).toBe('Folder/b.md');
    expect(editor.text()).toBe('beta');
  });

  it('should close the editor when the tracked leaf shows a file that is not Markdown', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    await workspace.openFile('board.canvas', { newLeaf: false, focus: true });
    expect(workspace.activeViewType()).toBe('canvas');
    expect(editor.snapshot()).toBeNull();
  });

  it('should fail with NOT_FOUND for a missing file and NOT_A_FILE for a folder', async () => {
    const { workspace } = setup();
    await expect(workspace.openFile('nope.md', { newLeaf: false, focus: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: '"nope.md" does not exist',
    });
    await expect(workspace.openFile('Folder', { newLeaf: false, focus: true })).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: '"Folder" is a folder, not a file',
    });
    expect(workspace.openLeaves()).toEqual([]);
  });

  it('should fail to focus an unknown leaf, naming the open ones', async () => {
    const { workspace } = setup();
    await expect(workspace.focus('leaf-9')).rejects.toThrow('No leaf with id "leaf-9"; open leaves: none');
  });

  it('should forget the active file and close the editor when its leaf closes', async () => {
    const { workspace, editor } = setup();
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    workspace.closeLeaf('leaf-1');
    expect(workspace.activeFilePath()).toBeNull();
    expect(workspace.activeViewType()).toBeNull();
    expect(editor.snapshot()).toBeNull();
  });

  it('should work without an editor', async () => {
    const workspace = new MemoryWorkspace({ vault: new MemoryVault({ 'a.md': '' }) });
    await workspace.openFile('a.md', { newLeaf: false, focus: true });
    expect(workspace.activeFilePath()).toBe('a.md');
  });

  it('should name the view Obsidian uses for each kind of file', () => {
    expect(
      ['a.md', 'b.canvas', 'c.PDF', 'd.png', 'e.mp3', 'f.mp4', 'g.base', 'h.xyz', 'noext'].map(viewTypeForFile),
    ).toEqual(['markdown', 'canvas', 'pdf', 'image', 'audio', 'video', 'bases', 'unknown', 'unknown']);
  });
});
