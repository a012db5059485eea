import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VaultEvent } from '../../src/core/ports/vault';
import { NodeVault } from '../../src/node/NodeVault';
import { describeVaultContract } from '../core/ports/vault.contract';

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    await mkdir(nodePath.dirname(nodePath.join(root, path)), { recursive: true });
    await writeFile(nodePath.join(root, path), content);
  }
}

async function tempVault(
  files: Record<string, string>,
  options: { watch?: boolean } = {},
): Promise<{ vault: NodeVault; root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(nodePath.join(tmpdir(), 'node-vault-'));
  await writeTree(root, files);
  const vault = new NodeVault(root, options);
  return {
    vault,
    root,
    cleanup: async () => {
      vault.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

describeVaultContract('NodeVault', (files) => tempVault(files));
describeVaultContract('NodeVault (watching)', (files) => tempVault(files, { watch: true }));

describe('NodeVault', () => {
  let vault: NodeVault;
  let root: string;
  let cleanup: () => Promise<void>;
  let outside: string;

  beforeEach(async () => {
    ({ vault, root, cleanup } = await tempVault({ 'Notes/Idea.md': 'An idea', 'Readme.md': '# Readme' }));
    outside = await mkdtemp(nodePath.join(tmpdir(), 'node-vault-outside-'));
    await writeFile(nodePath.join(outside, 'secret.md'), 'secret');
  });

  afterEach(async () => {
    await cleanup();
    await rm(outside, { recursive: true, force: true });
  });

  describe('confinement to the vault folder', () => {
    it('should refuse paths that climb out with ".."', async () => {
      await expect(vault.read('../secret.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.create('Notes/../../escape.md', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      expect(await readdir(nodePath.dirname(root))).not.toContain('escape.md');
    });

    it('should not follow a linked folder that points outside the vault', async () => {
      await symlink(outside, nodePath.join(root, 'Linked'), 'dir');
      await expect(vault.read('Linked/secret.md')).rejects.toMatchObject({
        code: 'FORBIDDEN_PATH',
        message: expect.stringContaining('Linked/secret.md') as unknown,
      });
      await expect(vault.cachedRead('Linked/secret.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.stat('Linked/secret.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.create('Linked/new.md', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.create('Linked/Sub/new.md', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.modify('Linked/secret.md', 'overwritten')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.delete('Linked/secret.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.list('Linked', true)).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      expect(await readdir(outside)).toEqual(['secret.md']);
      expect(await readFile(nodePath.join(outside, 'secret.md'), 'utf8')).toBe('secret');
    });

    it('should not follow a linked file that points outside the vault', async () => {
      await symlink(nodePath.join(outside, 'secret.md'), nodePath.join(root, 'Notes/secret.md'));
      await expect(vault.read('Notes/secret.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      await expect(vault.append('Notes/secret.md', 'more')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      expect(await readFile(nodePath.join(outside, 'secret.md'), 'utf8')).toBe('secret');
      expect((await vault.list('Notes', false)).map((entry) => entry.path)).toEqual(['Notes/Idea.md']);
    });

    it('should refuse to write through a link whose target is missing', async () => {
      await symlink(nodePath.join(outside, 'not-yet.md'), nodePath.join(root, 'Dangling.md'));
      await expect(vault.create('Dangling.md', 'x')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
      expect(await readdir(outside)).toEqual(['secret.md']);
    });

    it('should follow a link that stays inside the vault', async () => {
      await symlink(nodePath.join(root, 'Notes/Idea.md'), nodePath.join(root, 'Alias.md'));
      expect(await vault.read('Alias.md')).toBe('An idea');
      await vault.modify('Alias.md', 'Changed through the link');
      expect(await vault.read('Notes/Idea.md')).toBe('Changed through the link');
    });

    it('should name the vault path, never the disk path, in error messages', async () => {
      const error: unknown = await vault.read('Notes/Missing.md').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'NOT_FOUND', message: '"Notes/Missing.md" does not exist' });
      expect((error as Error).message).not.toContain(root);
    });

    it('should refuse to move or delete the vault root', async () => {
      await expect(vault.delete('/')).rejects.toMatchObject({ code: 'INVALID_PATH' });
      await expect(vault.trash('/')).rejects.toMatchObject({ code: 'INVALID_PATH' });
      await expect(vault.rename('/', 'Elsewhere')).rejects.toMatchObject({ code: 'INVALID_PATH' });
      expect(await vault.read('Readme.md')).toBe('# Readme');
    });
  });

  describe('writes', () => {
    it('should leave no temporary file behind after a modify', async () => {
      await vault.modify('Notes/Idea.md', 'Rewritten');
      expect(await readdir(nodePath.join(root, 'Notes'))).toEqual(['Idea.md']);
      expect(await readFile(nodePath.join(root, 'Notes/Idea.md'), 'utf8')).toBe('Rewritten');
    });

    it('should keep both files when the same name is trashed twice at once', async () => {
      await vault.create('A/Note.md', 'first');
      await vault.create('B/Note.md', 'second');
      await vault.create('C/Note.md', 'third');
      await Promise.all([vault.trash('A/Note.md'), vault.trash('B/Note.md'), vault.trash('C/Note.md')]);
      expect((await readdir(nodePath.join(root, '.trash'))).sort()).toEqual(['Note 2.md', 'Note 3.md', 'Note.md']);
    });

    it('should trash a note whose name a leftover link in .trash/ takes, under the next free name, leaving the link', async () => {
      await mkdir(nodePath.join(root, '.trash'));
      await symlink(nodePath.join(root, 'gone.md'), nodePath.join(root, '.trash/Idea.md'));
      expect(await vault.trashDestination('Notes/Idea.md')).toBe('.trash/Idea 2.md');
      await vault.trash('Notes/Idea.md');
      expect((await readdir(nodePath.join(root, '.trash'))).sort()).toEqual(['Idea 2.md', 'Idea.md']);
      expect(await readFile(nodePath.join(root, '.trash/Idea 2.md'), 'utf8')).toBe('An idea');
    });

    it('should say before trashing that a .trash link whose target is gone leaves nowhere to put the note', async () => {
      await symlink(nodePath.join(root, 'gone'), nodePath.join(root, '.trash'));
      await expect(vault.trashDestination('Notes/Idea.md')).rejects.toMatchObject({
        code: 'FORBIDDEN_PATH',
        message: '".trash/Idea.md" goes through a link whose target is missing',
      });
      expect(await vault.read('Notes/Idea.md')).toBe('An idea');
    });

    it('should create many files at once', async () => {
      const paths = Array.from({ length: 300 }, (_, i) => `Bulk/${i % 10}/Note ${i}.md`);
      await Promise.all(paths.map((path) => vault.create(path, path)));
      expect((await vault.list('Bulk', true)).filter((entry) => entry.kind === 'file')).toHaveLength(300);
    });
  });

  describe('index', () => {
    it('should list every file of a large nested tree', async () => {
      const files: Record<string, string> = {};
      for (let i = 0; i < 1500; i++) files[`Big/${i % 7}/${i % 13}/Note ${i}.md`] = `note ${i}`;
      await writeTree(root, files);
      const listed = await vault.list('Big', true);
      expect(listed.filter((entry) => entry.kind === 'file')).toHaveLength(1500);
      expect(listed.filter((entry) => entry.kind === 'folder')).toHaveLength(7 + 7 * 13);
    });

    it('should find a folder made by another program without a rescan', async () => {
      await vault.list('/', true);
      await writeTree(root, { 'Outside/Made.md': 'made elsewhere' });
      expect((await vault.list('Outside', false)).map((entry) => entry.path)).toEqual(['Outside/Made.md']);
    });

    it('should report outside changes as events on rescan', async () => {
      await vault.list('/', true);
      const events: VaultEvent[] = [];
      vault.onChange((event) => events.push(event));
      await writeTree(root, { 'New.md': 'new', 'Notes/Idea.md': 'An idea, edited elsewhere' });
      await rm(nodePath.join(root, 'Readme.md'));
      await vault.rescan();
      expect(events).toEqual(
        expect.arrayContaining([
          { type: 'create', path: 'New.md' },
          { type: 'modify', path: 'Notes/Idea.md' },
          { type: 'delete', path: 'Readme.md' },
        ]),
      );
      expect((await vault.list('/', true)).map((entry) => entry.path)).toEqual(['New.md', 'Notes', 'Notes/Idea.md']);
      expect(await vault.cachedRead('Notes/Idea.md')).toBe('An idea, edited elsewhere');
    });

    it('should keep what this vault writes while the first scan runs', async () => {
      await Promise.all([vault.list('/', true), vault.create('During scan.md', 'x'), vault.delete('Readme.md')]);
      expect((await vault.list('/', true)).map((entry) => entry.path)).toEqual([
        'During scan.md',
        'Notes',
        'Notes/Idea.md',
      ]);
    });

    it('should keep what this vault writes while a rescan runs, and report no false deletions', async () => {
      await writeTree(
        root,
        Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`Old/${i % 20}/Note ${i}.md`, 'old'])),
      );
      await vault.list('/', true);
      const events: VaultEvent[] = [];
      vault.onChange((event) => events.push(event));
      const created = Array.from({ length: 40 }, (_, i) => `Old/${i % 20}/New ${i}.md`);
      await Promise.all([
        vault.rescan(),
        ...created.map((path) => vault.create(path, 'new')),
        vault.rename('Notes', 'Renamed'),
      ]);
      const listed = (await vault.list('/', true)).map((entry) => entry.path);
      expect(listed).toEqual(expect.arrayContaining([...created, 'Renamed/Idea.md']));
      expect(listed).not.toContain('Notes');
      expect(events.filter((event) => event.type !== 'create')).toEqual([
        { type: 'rename', path: 'Renamed', oldPath: 'Notes' },
      ]);
      expect(events).toHaveLength(41);
    });

    it('should serve cachedRead the content read() just found on disk', async () => {
      expect(await vault.cachedRead('Notes/Idea.md')).toBe('An idea');
      await writeFile(nodePath.join(root, 'Notes/Idea.md'), 'Edited elsewhere, longer');
      expect(await vault.read('Notes/Idea.md')).toBe('Edited elsewhere, longer');
      expect(await vault.cachedRead('Notes/Idea.md')).toBe('Edited elsewhere, longer');
      expect((await vault.stat('Notes/Idea.md'))?.sizeBytes).toBe(24);
    });
  });

  describe('watching', () => {
    it('should notice files made by another program', async () => {
      const watched = await tempVault({ 'Readme.md': '# Readme' }, { watch: true });
      try {
        await watched.vault.list('/', true);
        const events: VaultEvent[] = [];
        watched.vault.onChange((event) => events.push(event));
        await writeTree(watched.root, { 'Inbox/From outside.md': 'hello' });
        await vi.waitFor(() => expect(events).toContainEqual({ type: 'create', path: 'Inbox/From outside.md' }), {
          timeout: 5000,
        });
        expect((await watched.vault.list('/', true)).map((entry) => entry.path)).toEqual([
          'Inbox',
          'Inbox/From outside.md',
          'Readme.md',
        ]);
      } finally {
        await watched.cleanup();
      }
    });

    it('should notice files made later in a folder that another program made', async () => {
      const watched = await tempVault({ 'Readme.md': '# Readme' }, { watch: true });
      try {
        await watched.vault.list('/', true);
        const events: VaultEvent[] = [];
        watched.vault.onChange((event) => events.push(event));
        await writeTree(watched.root, { 'New/Deep/First.md': 'one' });
        await vi.waitFor(() => expect(events).toContainEqual({ type: 'create', path: 'New/Deep/First.md' }), {
          timeout: 5000,
        });
        await writeTree(watched.root, { 'New/Deep/Second.md': 'two' });
        await vi.waitFor(() => expect(events).toContainEqual({ type: 'create', path: 'New/Deep/Second.md' }), {
          timeout: 5000,
        });
      } finally {
        await watched.cleanup();
      }
    });

    it('should not report its own writes twice', async () => {
      const watched = await tempVault({ 'Readme.md': '# Readme' }, { watch: true });
      try {
        await watched.vault.list('/', true);
        const events: VaultEvent[] = [];
        watched.vault.onChange((event) => events.push(event));
        await watched.vault.create('Mine.md', 'mine');
        await watched.vault.modify('Readme.md', 'changed');
        await new Promise((resolve) => setTimeout(resolve, 200));
        await watched.vault.list('/', true);
        expect(events).toEqual([
          { type: 'create', path: 'Mine.md' },
          { type: 'modify', path: 'Readme.md' },
        ]);
      } finally {
        await watched.cleanup();
      }
    });
  });
});
