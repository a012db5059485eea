// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ObsidianEditorTracker } from '../../src/obsidian/ObsidianEditorTracker';
import { createTestApp } from '../obsidian-double/harness';
import { fileAt, focusChat, openNote } from './fixtures';

function setup(files: Record<string, string> = { 'Notes/Idea.md': 'first line\n  second line\nthird' }) {
  const app = createTestApp({ files });
  const tracker = new ObsidianEditorTracker(app.workspace);
  return { app, tracker };
}

describe('ObsidianEditorTracker', () => {
  it('should have no snapshot while no Markdown editor has been open', () => {
    const { tracker } = setup();
    expect(tracker.snapshot()).toBeNull();
    expect(tracker.getLine(0)).toBe('');
  });

  it('should describe the selection, its range and the cursor of the active note', async () => {
    const { app, tracker } = setup();
    const view = await openNote(app, 'Notes/Idea.md');
    view.editor.setSelection({ line: 1, ch: 8 }, { line: 0, ch: 6 });
    expect(tracker.snapshot()).toEqual({
      filePath: 'Notes/Idea.md',
      mode: 'source',
      selection: 'line\n  second',
      range: { from: { line: 0, ch: 6 }, to: { line: 1, ch: 8 } },
      cursor: { line: 0, ch: 6 },
    });
  });

  it('should find the selection of the last note when it is created while the chat panel is active', async () => {
    const app = createTestApp({ files: { 'Notes/Idea.md': 'first line\nsecond' } });
    const view = await openNote(app, 'Notes/Idea.md');
    view.editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: 5 });
    await focusChat(app);
    const tracker = new ObsidianEditorTracker(app.workspace);
    expect(tracker.snapshot()).toMatchObject({ filePath: 'Notes/Idea.md', selection: 'first' });
    expect(tracker.lastFile()?.path).toBe('Notes/Idea.md');
  });

  it('should still read the selection after the user clicks into the chat panel', async () => {
    const { app, tracker } = setup();
    const view = await openNote(app, 'Notes/Idea.md');
    view.editor.setSelection({ line: 0, ch: 0 }, { line: 0, ch: 5 });
    await focusChat(app);
    expect(tracker.snapshot()).toMatchObject({ filePath: 'Notes/Idea.md', selection: 'first' });
    expect(tracker.lastFile()?.path).toBe('Notes/Idea.md');
  });

  it('should replace the remembered selection while the chat panel is active', async () => {
    const { app, tracker } = setup();
    const view = await openNote(app, 'Notes/Idea.md');
    await focusChat(app);
    await tracker.replaceRange('FIRST', { from: { line: 0, ch: 0 }, to: { line: 0, ch: 5 } });
    expect(view.editor.getValue()).toBe('FIRST line\n  second line\nthird');
  });

  it('should follow the note the user switches to', async () => {
    const { app, tracker } = setup({ 'a.md': 'alpha', 'b.md': 'beta' });
    await openNote(app, 'a.md');
    await openNote(app, 'b.md', true);
    expect(tracker.snapshot()?.filePath).toBe('b.md');
  });

  it('should follow a new note opened in the same tab', async () => {
    const { app, tracker } = setup({ 'a.md': 'alpha', 'b.md': 'beta' });
    await openNote(app, 'a.md');
    await app.workspace.getLeaf(false).openFile(fileAt(app, 'b.md'));
    expect(tracker.snapshot()?.filePath).toBe('b.md');
  });

  it('should forget the editor when its tab is closed', async () => {
    const { app, tracker } = setup();
    const view = await openNote(app, 'Notes/Idea.md');
    await focusChat(app);
    view.leaf.detach();
    expect(tracker.snapshot()).toBeNull();
    expect(tracker.lastFile()).toBeNull();
  });

  it('should find a note that was already open when it was created', async () => {
    const app = createTestApp({ files: { 'a.md': 'alpha' } });
    await openNote(app, 'a.md');
    expect(new ObsidianEditorTracker(app.workspace).snapshot()?.filePath).toBe('a.md');
  });

  it('should fail with NO_EDITOR when asked to edit with no editor open', async () => {
    const { tracker } = setup();
    await expect(tracker.replaceRange('x', { from: { line: 0, ch: 0 }, to: { line: 0, ch: 0 } })).rejects.toMatchObject(
      {
        code: 'NO_EDITOR',
        message: 'Cannot replace text: no Markdown editor is open',
      },
    );
    expect(() => tracker.setCursor({ line: 0, ch: 0 })).toThrow('Cannot move the cursor: no Markdown editor is open');
  });

  it('should clamp positions past the end of the note', async () => {
    const { app, tracker } = setup({ 'a.md': 'ab\ncd' });
    const view = await openNote(app, 'a.md');
    await tracker.replaceRange('!', { from: { line: 9, ch: 9 }, to: { line: 9, ch: 9 } });
    expect(view.editor.getValue()).toBe('ab\ncd!');
    tracker.setCursor({ line: 0, ch: 99 });
    expect(tracker.snapshot()?.cursor).toEqual({ line: 0, ch: 2 });
  });

  it('should read a line, and "" past the end', async () => {
    const { app, tracker } = setup();
    await openNote(app, 'Notes/Idea.md');
    expect(tracker.getLine(1)).toBe('  second line');
    expect(tracker.getLine(3)).toBe('');
    expect(tracker.getLine(-1)).toBe('');
  });

  it('should stop tracking after dispose', async () => {
    const { app, tracker } = setup({ 'a.md': 'alpha', 'b.md': 'beta' });
    await openNote(app, 'a.md');
    tracker.dispose();
    await openNote(app, 'b.md', true);
    expect(tracker.snapshot()?.filePath).toBe('a.md');
  });
});
