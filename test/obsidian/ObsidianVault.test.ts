// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { App } from 'obsidian';
import type { VaultEvent } from '../../src/core/ports/vault';
import { IgnoreService } from '../../src/core/tool-execution/IgnoreService';
import { ObsidianVault } from '../../src/obsidian/ObsidianVault';
import { createTestApp, setVaultConfig } from '../obsidian-double/harness';

function setup(files: Record<string, string>): { app: App; vault: ObsidianVault } {
  const app = createTestApp({ files });
  return { app, vault: new ObsidianVault(app.vault, app.fileManager) };
}

describe('ObsidianVault', () => {
  it('should update links in other notes when it renames a note', async () => {
    const { vault } = setup({
      'Projects/Plan.md': '# Plan',
      'Index.md': 'See [[Plan]], [[Projects/Plan#Goals|goals]] and [the plan](Projects/Plan.md).',
    });
    await vault.rename('Projects/Plan.md', 'Archive/2026/Old plan.md');
    expect(await vault.read('Index.md')).toBe(
      'See [[Old plan]], [[Old plan#Goals|goals]] and [the plan](Old%20plan.md).',
    );
  });

  it('should update links to the notes of a renamed folder', async () => {
    const { app, vault } = setup({ 'Projects/Plan.md': '# Plan', 'Index.md': '[[Projects/Plan]]' });
    setVaultConfig(app, 'newLinkFormat', 'absolute');
    await vault.rename('Projects', 'Archive/Projects');
    expect(await vault.read('Index.md')).toBe('[[Archive/Projects/Plan]]');
  });

  it('should trash where the user\'s "Deleted files" setting says: the system trash by default', async () => {
    const { app, vault } = setup({ 'Note.md': 'x' });
    await vault.trash('Note.md');
    expect(await vault.stat('Note.md')).toBeNull();
    expect(await app.vault.adapter.exists('.trash/Note.md')).toBe(false);
  });

  it('should read hidden files, which the vault index does not hold, through the adapter', async () => {
    const { vault } = setup({ 'Notes/.drafts/Draft.md': 'draft' });
    expect(await vault.read('Notes/.drafts/Draft.md')).toBe('draft');
    expect(await vault.stat('Notes/.drafts/Draft.md')).toMatchObject({ kind: 'file', sizeBytes: 5 });
    expect(await vault.stat('Notes/.drafts')).toMatchObject({ kind: 'folder' });
    await expect(vault.read('Notes/.drafts/Missing.md')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: '"Notes/.drafts/Missing.md" does not exist',
    });
  });

  it('should write hidden files, which Obsidian writes but does not index or return, through the adapter', async () => {
    const { app, vault } = setup({ 'Notes/Idea.md': 'idea' });
    expect(await vault.create('Notes/.drafts/Draft.md', 'one')).toMatchObject({
      path: 'Notes/.drafts/Draft.md',
      kind: 'file',
      sizeBytes: 3,
    });
    await expect(vault.create('Notes/.drafts/Draft.md', 'again')).rejects.toMatchObject({ code: 'EXISTS' });
    expect(await vault.modify('Notes/.drafts/Draft.md', 'two')).toMatchObject({ kind: 'file', sizeBytes: 3 });
    await vault.append('Notes/.drafts/Draft.md', '+');
    await vault.writeBinary('.scratch/bytes.bin', new Uint8Array([1, 2]));
    await vault.createFolder('.scratch/empty');
    expect(await app.vault.adapter.read('Notes/.drafts/Draft.md')).toBe('two+');
    expect(await vault.stat('.scratch/empty')).toMatchObject({ kind: 'folder' });
    expect(await vault.list('.scratch', true)).toEqual([]);
    await expect(vault.list('.scratch/bytes.bin', false)).rejects.toMatchObject({ code: 'NOT_A_FOLDER' });
    expect(app.vault.getAbstractFileByPath('Notes/.drafts/Draft.md')).toBeNull();

    await vault.rename('Notes/.drafts/Draft.md', '.scratch/Draft.md');
    expect(await vault.read('.scratch/Draft.md')).toBe('two+');
    await expect(vault.rename('Notes/Idea.md', '.scratch/Draft.md')).rejects.toMatchObject({ code: 'EXISTS' });
    await vault.delete('.scratch/Draft.md');
    await vault.trash('.scratch/empty');
    expect(await vault.stat('.scratch/Draft.md')).toBeNull();
    expect(await vault.stat('.scratch/empty')).toBeNull();
    await expect(vault.modify('.scratch/Missing.md', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(vault.append('.scratch', 'x')).rejects.toMatchObject({ code: 'NOT_A_FILE' });
    await expect(vault.writeBinary('.scratch', new Uint8Array([1]))).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });

  it('should report changes to hidden files, which only the file watcher\'s "raw" event names, so .agentignore edits apply', async () => {
    const { app, vault } = setup({ 'Private/Diary.md': 'dear diary' });
    const ignore = new IgnoreService(vault, {
      configDir: '.obsidian',
      pluginFolder: '.obsidian/plugins/embedded-agent',
    });
    await ignore.ensureLoaded();
    expect(ignore.denial('Private/Diary.md', 'read')).toBeNull();

    // Written outside Obsidian's Vault API, as a text editor would.
    await app.vault.adapter.write('.agentignore', 'Private/\n');
    await vi.waitFor(async () => {
      await ignore.ensureLoaded();
      expect(ignore.denial('Private/Diary.md', 'read')).not.toBeNull();
    });

    const events: VaultEvent[] = [];
    const unsubscribe = vault.onChange((event) => events.push(event));
    await app.vault.adapter.remove('.agentignore');
    await vi.waitFor(() => expect(events).toEqual([{ type: 'delete', path: '.agentignore' }]));
    unsubscribe();
    ignore.dispose();
  });

  it('should create two notes in the same missing folder at once', async () => {
    const { vault } = setup({});
    await Promise.all([vault.create('New/a.md', 'a'), vault.create('New/b.md', 'b')]);
    expect((await vault.list('New', false)).map((entry) => entry.path)).toEqual(['New/a.md', 'New/b.md']);
  });

  it('should normalize paths as Obsidian does', async () => {
    const { vault } = setup({ 'Notes/Idea.md': 'idea' });
    expect(await vault.read('/Notes//Idea.md/')).toBe('idea');
    expect(await vault.stat('')).toMatchObject({ path: '/', kind: 'folder' });
  });

  it('should refuse to delete the vault root', async () => {
    const { vault } = setup({ 'a.md': 'a' });
    await expect(vault.delete('/')).rejects.toMatchObject({
      code: 'INVALID_PATH',
      message: 'Cannot delete the vault root',
    });
    expect(await vault.read('a.md')).toBe('a');
  });

  it("should keep Obsidian's message when a failure has no better code", async () => {
    const { app, vault } = setup({ 'a.md': 'a' });
    vi.spyOn(app.vault, 'modify').mockRejectedValue(new Error('EACCES: permission denied'));
    await expect(vault.modify('a.md', 'b')).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'Obsidian could not complete the operation on "a.md": EACCES: permission denied',
    });
  });

  it('should write bytes to a new file and over an existing one', async () => {
    const { vault } = setup({ 'a.md': 'a' });
    await vault.writeBinary('img/pixel.png', new Uint8Array([137, 80, 78, 71]));
    expect([...(await vault.readBinary('img/pixel.png'))]).toEqual([137, 80, 78, 71]);
    const entry = await vault.writeBinary('a.md', new TextEncoder().encode('bytes'));
    expect(entry).toMatchObject({ path: 'a.md', kind: 'file', sizeBytes: 5 });
    expect(await vault.read('a.md')).toBe('bytes');
    await expect(vault.writeBinary('img', new Uint8Array([1]))).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });

  it("should give the config folder's name", () => {
    expect(setup({}).vault.configDir).toBe('.obsidian');
  });
});
