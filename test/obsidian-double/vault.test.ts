// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { TFile, TFolder, normalizePath } from 'obsidian';
import type { App, Events, Vault } from 'obsidian';
import { createTestApp } from './harness';

/** These tests are about Vault.trash and Vault.delete themselves, which plugins reach through FileManager. */
function remover(app: App): Pick<Vault, 'trash' | 'delete'> {
  return app.vault;
}

function fileAt(app: App, path: string): TFile {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) throw new Error(`test setup: no file at ${path}`);
  return file;
}

describe('obsidian double: Vault', () => {
  it("should refuse to create a file where a file or a folder already is, with Obsidian's message", async () => {
    const app = createTestApp({ files: { 'Note.md': 'x', 'Folder/': '' } });
    await expect(app.vault.create('Note.md', 'y')).rejects.toThrow(new Error('File already exists.'));
    await expect(app.vault.create('Folder', 'y')).rejects.toThrow(new Error('File already exists.'));
    expect(await app.vault.read(fileAt(app, 'Note.md'))).toBe('x');
  });

  it('should write a hidden file or folder on create but neither index nor return it, as the real app does', async () => {
    const app = createTestApp({ files: { 'Notes/Idea.md': 'x' } });
    const created: string[] = [];
    app.vault.on('create', (file) => created.push(file.path));
    expect(await app.vault.createFolder('Notes/.drafts')).toBeNull();
    expect(await app.vault.create('Notes/.drafts/Draft.md', 'draft')).toBeNull();
    expect(await app.vault.createBinary('.bytes', new ArrayBuffer(2))).toBeNull();
    expect(await app.vault.adapter.read('Notes/.drafts/Draft.md')).toBe('draft');
    expect(app.vault.getAbstractFileByPath('Notes/.drafts/Draft.md')).toBeNull();
    expect(app.vault.getAbstractFileByPath('Notes/.drafts')).toBeNull();
    expect(created).toEqual([]);
  });

  it('should fire "raw" with the path of every change on disk, hidden ones included, as the file watcher does', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    const raw: unknown[] = [];
    // "raw" is not among Vault's typed events; Events.on takes any name.
    const events: Events = app.vault;
    events.on('raw', (path) => raw.push(path));
    await app.vault.adapter.write('.agentignore', 'Private/');
    await app.vault.modify(fileAt(app, 'Note.md'), 'y');
    await app.vault.adapter.remove('.agentignore');
    expect(raw).toEqual(['.agentignore', 'Note.md', '.agentignore']);
  });

  it('should not create missing parent folders on create, as the real app does not', async () => {
    const app = createTestApp();
    await expect(app.vault.create('Missing/Note.md', 'x')).rejects.toMatchObject({
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, open '/mock-vault/Missing/Note.md'",
    });
    expect(app.vault.getAbstractFileByPath('Missing/Note.md')).toBeNull();
    expect(await app.vault.adapter.exists('Missing')).toBe(false);
  });

  it('should not create missing parent folders on adapter.write either', async () => {
    const app = createTestApp();
    await expect(app.vault.adapter.write('a/b/c.md', 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    await app.vault.adapter.mkdir('a/b');
    await app.vault.adapter.write('a/b/c.md', 'x');
    expect(await app.vault.adapter.read('a/b/c.md')).toBe('x');
  });

  it("should refuse to create a folder that exists, with Obsidian's message", async () => {
    const app = createTestApp({ files: { 'Folder/': '' } });
    await expect(app.vault.createFolder('Folder')).rejects.toThrow(new Error('Folder already exists.'));
  });

  it('should create a folder with its missing parents', async () => {
    const app = createTestApp();
    await app.vault.createFolder('a/b/c');
    expect(app.vault.getAbstractFileByPath('a')).toBeInstanceOf(TFolder);
    expect(app.vault.getAbstractFileByPath('a/b/c')).toBeInstanceOf(TFolder);
  });

  it("should refuse to rename onto an existing file, with Obsidian's message, and move nothing", async () => {
    const app = createTestApp({ files: { 'A.md': 'a', 'B.md': 'b' } });
    await expect(app.vault.rename(fileAt(app, 'A.md'), 'B.md')).rejects.toThrow(
      new Error('Destination file already exists!'),
    );
    expect(await app.vault.read(fileAt(app, 'A.md'))).toBe('a');
    expect(await app.vault.read(fileAt(app, 'B.md'))).toBe('b');
  });

  it('should not create a missing target folder on rename', async () => {
    const app = createTestApp({ files: { 'A.md': 'a' } });
    await expect(app.vault.rename(fileAt(app, 'A.md'), 'Missing/A.md')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(app.vault.getAbstractFileByPath('A.md')).toBeInstanceOf(TFile);
  });

  it('should move a file into .trash, numbering a name that is taken, when local trash is asked for', async () => {
    const app = createTestApp({ files: { 'A/Note.md': 'first', 'B/Note.md': 'second' } });
    await remover(app).trash(fileAt(app, 'A/Note.md'), false);
    await remover(app).trash(fileAt(app, 'B/Note.md'), false);
    expect(await app.vault.adapter.read('.trash/Note.md')).toBe('first');
    expect(await app.vault.adapter.read('.trash/Note 2.md')).toBe('second');
    expect(app.vault.getAbstractFileByPath('A/Note.md')).toBeNull();
  });

  it('should remove a file from the vault when the system trash is asked for', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    await remover(app).trash(fileAt(app, 'Note.md'), true);
    expect(app.vault.getAbstractFileByPath('Note.md')).toBeNull();
    expect(await app.vault.adapter.exists('.trash/Note.md')).toBe(false);
  });

  it('should forget the contents of a deleted folder', async () => {
    const app = createTestApp({ files: { 'F/a.md': 'a', 'F/Sub/b.md': 'b' } });
    const folder = app.vault.getAbstractFileByPath('F');
    if (!folder) throw new Error('test setup');
    await remover(app).delete(folder, true);
    expect(app.vault.getAbstractFileByPath('F/a.md')).toBeNull();
    expect(app.vault.getAbstractFileByPath('F/Sub/b.md')).toBeNull();
    expect(app.vault.getAbstractFileByPath('F/Sub')).toBeNull();
  });

  it('should keep TFile.stat in step with the file, sizes in UTF-8 bytes', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    const file = fileAt(app, 'Note.md');
    const before = file.stat.mtime;
    await app.vault.modify(file, 'Grüße 🌍');
    expect(file.stat.size).toBe(new TextEncoder().encode('Grüße 🌍').length);
    expect(file.stat.mtime).toBeGreaterThan(before);
  });

  it('should read a text file as bytes and a binary file as text', async () => {
    const app = createTestApp({ files: { 'Note.md': 'Grüße' } });
    expect(new TextDecoder().decode(await app.vault.readBinary(fileAt(app, 'Note.md')))).toBe('Grüße');
    const binary = await app.vault.createBinary('data.txt', new TextEncoder().encode('bytes').buffer);
    expect(await app.vault.read(binary)).toBe('bytes');
  });

  it('should keep hidden setup files on disk but out of the index, as a vault loaded from disk does', async () => {
    const app = createTestApp({ files: { '.obsidian/app.json': '{}', 'Notes/.drafts/x.md': 'x', 'Notes/a.md': 'a' } });
    expect(app.vault.getAbstractFileByPath('.obsidian')).toBeNull();
    expect(app.vault.getAbstractFileByPath('Notes/.drafts/x.md')).toBeNull();
    expect(await app.vault.adapter.read('Notes/.drafts/x.md')).toBe('x');
    expect(app.vault.getFiles().map((file) => file.path)).toEqual(['Notes/a.md']);
  });

  it('should start with the config folder on disk, as every real vault has it', async () => {
    const app = createTestApp();
    expect(await app.vault.adapter.stat(app.vault.configDir)).toMatchObject({ type: 'folder' });
  });
});

describe('obsidian double: normalizePath', () => {
  it('should behave as Obsidian\'s: root is "/", slashes collapse, non-breaking spaces become spaces', () => {
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('//a\\\\b//')).toBe('a/b');
    expect(normalizePath('a\u00A0b')).toBe('a b');
    expect(normalizePath('Cafe\u0301.md')).toBe('Café.md');
  });
});
