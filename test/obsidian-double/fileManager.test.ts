// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { TFile } from 'obsidian';
import type { App, TAbstractFile } from 'obsidian';
import { createTestApp, setVaultConfig } from './harness';

function at(app: App, path: string): TAbstractFile {
  const found = app.vault.getAbstractFileByPath(path);
  if (!found) throw new Error(`test setup: nothing at ${path}`);
  return found;
}

async function text(app: App, path: string): Promise<string> {
  const file = at(app, path);
  if (!(file instanceof TFile)) throw new Error(`test setup: ${path} is not a file`);
  return app.vault.read(file);
}

describe('obsidian double: FileManager.renameFile', () => {
  it('should rewrite wiki links, aliases and embeds in other notes', async () => {
    const app = createTestApp({ files: { 'Old.md': 'old', 'A.md': 'See [[Old]], [[Old|the old one]] and ![[Old]].' } });
    await app.fileManager.renameFile(at(app, 'Old.md'), 'New.md');
    expect(await text(app, 'A.md')).toBe('See [[New]], [[New|the old one]] and ![[New]].');
  });

  it('should keep the heading of a path link and write the shortest link by default', async () => {
    const app = createTestApp({ files: { 'Folder/Old.md': 'old', 'A.md': 'See [[Folder/Old#Plan|plan]].' } });
    await app.fileManager.renameFile(at(app, 'Folder/Old.md'), 'Folder/New.md');
    expect(await text(app, 'A.md')).toBe('See [[New#Plan|plan]].');
  });

  it('should write the full path when the "absolute" link format is set', async () => {
    const app = createTestApp({ files: { 'Folder/Old.md': 'old', 'A.md': '[[Folder/Old#Plan]]' } });
    setVaultConfig(app, 'newLinkFormat', 'absolute');
    await app.fileManager.renameFile(at(app, 'Folder/Old.md'), 'Folder/New.md');
    expect(await text(app, 'A.md')).toBe('[[Folder/New#Plan]]');
  });

  it('should write the full path when another note has the same name', async () => {
    const app = createTestApp({ files: { 'Old.md': 'old', 'Other/New.md': 'other', 'Moved/': '', 'A.md': '[[Old]]' } });
    await app.fileManager.renameFile(at(app, 'Old.md'), 'Moved/New.md');
    expect(await text(app, 'A.md')).toBe('[[Moved/New]]');
  });

  it('should rewrite markdown links, keeping their text and subpath and encoding spaces', async () => {
    const app = createTestApp({
      files: { 'Old.md': 'old', 'A.md': '[x](Old.md) and [y](Old.md#Part%20two) and ![i](Old.md)' },
    });
    await app.fileManager.renameFile(at(app, 'Old.md'), 'My New.md');
    expect(await text(app, 'A.md')).toBe('[x](My%20New.md) and [y](My%20New.md#Part%20two) and ![i](My%20New.md)');
  });

  it('should update links to every note inside a renamed folder', async () => {
    const app = createTestApp({ files: { 'Folder/Old.md': 'old', 'A.md': '[[Folder/Old]] [x](Folder/Old.md)' } });
    setVaultConfig(app, 'newLinkFormat', 'absolute');
    await app.fileManager.renameFile(at(app, 'Folder'), 'Archive');
    expect(await text(app, 'A.md')).toBe('[[Archive/Old]] [x](Archive/Old.md)');
  });

  it('should leave links in code, external links and links to other notes alone', async () => {
    const content = '`[[Old]]`\n```\n[[Old]]\n```\n[[Other]] [web](https://example.com/Old.md)';
    const app = createTestApp({ files: { 'Old.md': 'old', 'Other.md': 'other', 'A.md': content } });
    await app.fileManager.renameFile(at(app, 'Old.md'), 'New.md');
    expect(await text(app, 'A.md')).toBe(content);
  });

  it('should only move the file when "Automatically update internal links" is off', async () => {
    const app = createTestApp({ files: { 'Old.md': 'old', 'A.md': '[[Old]]' } });
    setVaultConfig(app, 'alwaysUpdateLinks', false);
    await app.fileManager.renameFile(at(app, 'Old.md'), 'New.md');
    expect(await text(app, 'A.md')).toBe('[[Old]]');
    expect(await text(app, 'New.md')).toBe('old');
  });

  it('should keep resolvedLinks populated across a rename', async () => {
    const app = createTestApp({ files: { 'A.md': '[[Old]] [[Old]] [[Nowhere]]', 'Old.md': 'old' } });
    expect(app.metadataCache.resolvedLinks['A.md']).toEqual({ 'Old.md': 2 });
    expect(app.metadataCache.unresolvedLinks['A.md']).toEqual({ Nowhere: 1 });
    await app.fileManager.renameFile(at(app, 'Old.md'), 'New.md');
    expect(app.metadataCache.resolvedLinks['A.md']).toEqual({ 'New.md': 2 });
    expect(app.metadataCache.resolvedLinks['New.md']).toEqual({});
    expect(app.metadataCache.resolvedLinks['Old.md']).toBeUndefined();
  });

  it('should resolve a link to a note created after the linking note', async () => {
    const app = createTestApp({ files: { 'A.md': '[[Later]]', 'Sub/': '' } });
    expect(app.metadataCache.unresolvedLinks['A.md']).toEqual({ Later: 1 });
    await app.vault.create('Sub/Later.md', 'x');
    expect(app.metadataCache.resolvedLinks['A.md']).toEqual({ 'Sub/Later.md': 1 });
    expect(app.metadataCache.getFirstLinkpathDest('Later', 'A.md')?.path).toBe('Sub/Later.md');
  });
});

describe('obsidian double: FileManager.trashFile', () => {
  it('should use the system trash by default', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    await app.fileManager.trashFile(at(app, 'Note.md'));
    expect(app.vault.getAbstractFileByPath('Note.md')).toBeNull();
    expect(await app.vault.adapter.exists('.trash/Note.md')).toBe(false);
  });

  it('should move into .trash when "Move to Obsidian trash" is set', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    setVaultConfig(app, 'trashOption', 'local');
    await app.fileManager.trashFile(at(app, 'Note.md'));
    expect(await app.vault.adapter.read('.trash/Note.md')).toBe('x');
  });

  it('should delete when "Permanently delete" is set', async () => {
    const app = createTestApp({ files: { 'Note.md': 'x' } });
    setVaultConfig(app, 'trashOption', 'none');
    await app.fileManager.trashFile(at(app, 'Note.md'));
    expect(await app.vault.adapter.exists('Note.md')).toBe(false);
    expect(await app.vault.adapter.exists('.trash')).toBe(false);
  });
});
