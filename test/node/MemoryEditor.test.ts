import { describe, expect, it } from 'vitest';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';

const at = (line: number, ch: number) => ({ line, ch });

describe('MemoryEditor', () => {
  it('should have no snapshot when no document is open', () => {
    expect(new MemoryEditor().snapshot()).toBeNull();
  });

  it('should open a document with the cursor at the start and nothing selected', () => {
    const editor = new MemoryEditor().setDocument('a.md', 'hello\nworld');
    expect(editor.snapshot()).toEqual({
      filePath: 'a.md',
      mode: 'source',
      selection: '',
      range: { from: at(0, 0), to: at(0, 0) },
      cursor: at(0, 0),
    });
  });

  it('should convert CRLF and CR line breaks to "\\n", as CodeMirror does', () => {
    const editor = new MemoryEditor().setDocument('a.md', 'one\r\ntwo\rthree');
    expect(editor.text()).toBe('one\ntwo\nthree');
    expect(editor.getLine(2)).toBe('three');
  });

  it('should report a forward selection with the cursor at its end', () => {
    const editor = new MemoryEditor().setDocument('a.md', 'hello\nworld').select(at(0, 1), at(1, 2));
    expect(editor.snapshot()).toMatchObject({
      selection: 'ello\nwo',
      range: { from: at(0, 1), to: at(1, 2) },
      cursor: at(1, 2),
    });
  });

  it('should order a backwards selection from start to end and keep the cursor at the head', () => {
    const editor = new MemoryEditor().setDocument('a.md', 'hello\nworld').select(at(1, 2), at(0, 1));
    expect(editor.snapshot()).toMatchObject({
      selection: 'ello\nwo',
      range: { from: at(0, 1), to: at(1, 2) },
      cursor: at(0, 1),
    });
  });

  it('should clamp positions past the end of a line or the document', () => {
    const editor = new MemoryEditor().setDocument('a.md', 'ab\ncd').select(at(0, 99), at(9, 9));
    expect(editor.snapshot()).toMatchObject({ selection: '\ncd', range: { from: at(0, 2), to: at(1, 2) } });
  });

  it('should replace a range and select the new text when the selection was that range', async () => {
    const editor = new MemoryEditor().setDocument('a.md', 'hello world').select(at(0, 6), at(0, 11));
    await editor.replaceRange('there\nfriend', { from: at(0, 6), to: at(0, 11) });
    expect(editor.text()).toBe('hello there\nfriend');
    expect(editor.snapshot()).toMatchObject({ selection: 'there\nfriend', cursor: at(1, 6) });
  });

  it('should keep a cursor before text inserted at it, as CodeMirror maps it', async () => {
    const editor = new MemoryEditor().setDocument('a.md', 'abc');
    editor.setCursor(at(0, 1));
    await editor.replaceRange('XY', { from: at(0, 1), to: at(0, 1) });
    expect(editor.text()).toBe('aXYbc');
    expect(editor.snapshot()?.cursor).toEqual(at(0, 1));
  });

  it('should shift a selection after the edited range', async () => {
    const editor = new MemoryEditor().setDocument('a.md', 'abcdef').select(at(0, 4), at(0, 6));
    await editor.replaceRange('XYZ', { from: at(0, 0), to: at(0, 1) });
    expect(editor.snapshot()).toMatchObject({ selection: 'ef', range: { from: at(0, 6), to: at(0, 8) } });
  });

  it('should accept a range given end first', async () => {
    const editor = new MemoryEditor().setDocument('a.md', 'abcdef');
    await editor.replaceRange('-', { from: at(0, 4), to: at(0, 1) });
    expect(editor.text()).toBe('a-ef');
  });

  it('should store inserted CRLF text with "\\n" line breaks', async () => {
    const editor = new MemoryEditor().setDocument('a.md', '');
    await editor.replaceRange('a\r\nb', { from: at(0, 0), to: at(0, 0) });
    expect(editor.text()).toBe('a\nb');
  });

  it('should save each edit to the file when it has a vault', async () => {
    const vault = new MemoryVault({ 'Notes/a.md': 'hello' });
    const editor = new MemoryEditor({ vault });
    await editor.open('Notes/a.md');
    await editor.replaceRange('!', { from: at(0, 5), to: at(0, 5) });
    expect(vault.dump()).toEqual({ 'Notes/a.md': 'hello!' });
  });

  it('should leave the text unchanged when saving fails', async () => {
    const vault = new MemoryVault({});
    const editor = new MemoryEditor({ vault }).setDocument('gone.md', 'hello');
    await expect(editor.replaceRange('!', { from: at(0, 5), to: at(0, 5) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(editor.text()).toBe('hello');
  });

  it('should not write an unsaved buffer to the vault', async () => {
    const vault = new MemoryVault({});
    const editor = new MemoryEditor({ vault }).setDocument(null, 'draft');
    await editor.replaceRange(' text', { from: at(0, 5), to: at(0, 5) });
    expect(editor.text()).toBe('draft text');
    expect(vault.dump()).toEqual({});
  });

  it('should refuse to open a file without a vault', async () => {
    await expect(new MemoryEditor().open('a.md')).rejects.toThrow(
      'MemoryEditor cannot open "a.md": it was created without a vault',
    );
  });

  it('should fail with NO_EDITOR when editing with no document open', async () => {
    const editor = new MemoryEditor();
    await expect(editor.replaceRange('x', { from: at(0, 0), to: at(0, 0) })).rejects.toMatchObject({
      code: 'NO_EDITOR',
      message: 'Cannot replaceRange: no Markdown editor is open',
    });
    expect(() => editor.setCursor(at(0, 0))).toThrow('Cannot setCursor: no Markdown editor is open');
  });

  it('should return "" for lines past the end, before the start, or with no document', () => {
    const editor = new MemoryEditor();
    expect(editor.getLine(0)).toBe('');
    editor.setDocument('a.md', 'only');
    expect(editor.getLine(1)).toBe('');
    expect(editor.getLine(-1)).toBe('');
  });

  it('should count ch in UTF-16 code units, so an emoji is 2 wide', () => {
    const editor = new MemoryEditor().setDocument('a.md', '👍ok').select(at(0, 0), at(0, 2));
    expect(editor.snapshot()?.selection).toBe('👍');
  });

  it('should close the document and report the mode it was given', () => {
    const editor = new MemoryEditor({ mode: 'preview' }).setDocument('a.md', 'x');
    expect(editor.snapshot()?.mode).toBe('preview');
    editor.close();
    expect(editor.snapshot()).toBeNull();
    expect(editor.text()).toBe('');
  });
});
