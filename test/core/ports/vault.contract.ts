import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VaultEntry, VaultEvent, VaultPort } from '../../../src/core/ports/vault';

export type MakeVault = (
  initial: Record<string, string>,
) => Promise<{ vault: VaultPort; cleanup?: () => Promise<void> }>;

/** The vault every contract test starts from. Hidden entries are there to prove `list` leaves them out. */
export const CONTRACT_FILES: Readonly<Record<string, string>> = {
  'Readme.md': '# Readme',
  'Empty.md': '',
  'Notes/Idea.md': 'An idea',
  'Notes/Deep/Nested.md': 'Nested note',
  'Unicode/Grüße.md': 'Grüße 🌍 — naïve café',
  'Unicode/Café ☕ 🚀.md': 'emoji name',
  '.obsidian/app.json': '{}',
  'Notes/.hidden/secret.md': 'hidden',
};

const bytes = (text: string): number => new TextEncoder().encode(text).length;
const pathsOf = (entries: VaultEntry[]): string[] => entries.map((entry) => entry.path);
const codeUnitSorted = (paths: string[]): string[] => [...paths].sort();

/**
 * The behaviour every VaultPort implementation must show. Tests observe the vault only through the port, so the
 * same suite runs over memory, disk and the Obsidian adapter.
 */
export function describeVaultContract(name: string, makeVault: MakeVault): void {
  describe(`VaultPort contract: ${name}`, () => {
    let vault: VaultPort;
    let cleanup: (() => Promise<void>) | undefined;

    beforeEach(async () => {
      ({ vault, cleanup } = await makeVault({ ...CONTRACT_FILES }));
    });

    afterEach(async () => {
      await cleanup?.();
    });

    const expectError = async (promise: Promise<unknown>, code: string, path: string): Promise<void> => {
      await expect(promise).rejects.toMatchObject({ code, message: expect.stringContaining(path) as unknown });
    };

    describe('stat', () => {
      it('should describe a file with its size in UTF-8 bytes and a modification time', async () => {
        const entry = await vault.stat('Unicode/Grüße.md');
        expect(entry).toMatchObject({
          path: 'Unicode/Grüße.md',
          kind: 'file',
          sizeBytes: bytes(CONTRACT_FILES['Unicode/Grüße.md']!),
        });
        expect(entry!.mtimeMs).toBeGreaterThan(0);
      });

      it('should describe a folder with a size of zero', async () => {
        expect(await vault.stat('Notes/Deep')).toMatchObject({ path: 'Notes/Deep', kind: 'folder', sizeBytes: 0 });
      });

      it('should describe the root as a folder', async () => {
        expect(await vault.stat('/')).toMatchObject({ kind: 'folder' });
      });

      it('should return null for a missing path', async () => {
        expect(await vault.stat('Missing.md')).toBeNull();
        expect(await vault.stat('Missing/Deeper.md')).toBeNull();
      });
    });

    describe('read, cachedRead and readBinary', () => {
      it('should read unicode content exactly', async () => {
        expect(await vault.read('Unicode/Grüße.md')).toBe('Grüße 🌍 — naïve café');
        expect(await vault.cachedRead('Unicode/Grüße.md')).toBe('Grüße 🌍 — naïve café');
      });

      it('should read an empty file as an empty string', async () => {
        expect(await vault.read('Empty.md')).toBe('');
        expect(await vault.cachedRead('Empty.md')).toBe('');
      });

      it('should read the new content after a modify', async () => {
        await vault.cachedRead('Notes/Idea.md');
        await vault.modify('Notes/Idea.md', 'A better idea');
        expect(await vault.read('Notes/Idea.md')).toBe('A better idea');
        expect(await vault.cachedRead('Notes/Idea.md')).toBe('A better idea');
      });

      it('should read the UTF-8 bytes of a file', async () => {
        const data = await vault.readBinary('Unicode/Grüße.md');
        expect(new TextDecoder().decode(data)).toBe('Grüße 🌍 — naïve café');
        expect(data.length).toBe(bytes('Grüße 🌍 — naïve café'));
      });

      it('should fail with NOT_FOUND naming the path when the file is missing', async () => {
        await expectError(vault.read('Notes/Missing.md'), 'NOT_FOUND', 'Notes/Missing.md');
        await expectError(vault.cachedRead('Notes/Missing.md'), 'NOT_FOUND', 'Notes/Missing.md');
        await expectError(vault.readBinary('Notes/Missing.md'), 'NOT_FOUND', 'Notes/Missing.md');
      });

      it('should fail with NOT_A_FILE when reading a folder', async () => {
        await expectError(vault.read('Notes'), 'NOT_A_FILE', 'Notes');
        await expectError(vault.cachedRead('Notes'), 'NOT_A_FILE', 'Notes');
        await expectError(vault.readBinary('Notes'), 'NOT_A_FILE', 'Notes');
      });
    });

    describe('create', () => {
      it('should create a file and return its entry', async () => {
        const entry = await vault.create('New.md', 'Hello 🌍');
        expect(entry).toMatchObject({ path: 'New.md', kind: 'file', sizeBytes: bytes('Hello 🌍') });
        expect(entry.mtimeMs).toBeGreaterThan(0);
        expect(await vault.read('New.md')).toBe('Hello 🌍');
      });

      it('should create missing parent folders', async () => {
        await vault.create('Projects/2026/Plan.md', 'plan');
        expect(await vault.stat('Projects')).toMatchObject({ kind: 'folder' });
        expect(await vault.stat('Projects/2026')).toMatchObject({ kind: 'folder' });
        expect(await vault.read('Projects/2026/Plan.md')).toBe('plan');
      });

      it('should fail with EXISTS and keep the content when a file is at the path', async () => {
        await expectError(vault.create('Notes/Idea.md', 'overwritten'), 'EXISTS', 'Notes/Idea.md');
        expect(await vault.read('Notes/Idea.md')).toBe('An idea');
      });

      it('should fail with EXISTS when a folder is at the path', async () => {
        await expectError(vault.create('Notes/Deep', 'text'), 'EXISTS', 'Notes/Deep');
        expect(await vault.stat('Notes/Deep')).toMatchObject({ kind: 'folder' });
      });

      it('should fail with NOT_A_FOLDER when a parent is a file', async () => {
        await expectError(vault.create('Readme.md/Child.md', 'text'), 'NOT_A_FOLDER', 'Readme.md');
        expect(await vault.stat('Readme.md')).toMatchObject({ kind: 'file' });
        expect(await vault.read('Readme.md')).toBe('# Readme');
      });

      it('should handle unicode and emoji in names', async () => {
        await vault.create('Ideen/Über 🚀 Café.md', 'Ü');
        expect(await vault.read('Ideen/Über 🚀 Café.md')).toBe('Ü');
        expect(pathsOf(await vault.list('Ideen', false))).toEqual(['Ideen/Über 🚀 Café.md']);
        expect(await vault.read('Unicode/Café ☕ 🚀.md')).toBe('emoji name');
      });

      it('should handle spaces in folder and file names', async () => {
        await vault.create('My Notes/Meeting notes 2026.md', 'agenda');
        expect(await vault.read('My Notes/Meeting notes 2026.md')).toBe('agenda');
        expect(await vault.stat('My Notes')).toMatchObject({ kind: 'folder' });
      });
    });

    describe('modify and append', () => {
      it('should replace the content and return the new size', async () => {
        const entry = await vault.modify('Notes/Idea.md', 'Ünïcode ✓');
        expect(entry).toMatchObject({ path: 'Notes/Idea.md', kind: 'file', sizeBytes: bytes('Ünïcode ✓') });
        expect(await vault.read('Notes/Idea.md')).toBe('Ünïcode ✓');
      });

      it('should empty a file when modified to an empty string', async () => {
        await vault.modify('Notes/Idea.md', '');
        expect(await vault.read('Notes/Idea.md')).toBe('');
        expect(await vault.stat('Notes/Idea.md')).toMatchObject({ sizeBytes: 0 });
      });

      it('should fail with NOT_FOUND and create nothing when modifying a missing file', async () => {
        await expectError(vault.modify('Notes/Missing.md', 'text'), 'NOT_FOUND', 'Notes/Missing.md');
        expect(await vault.stat('Notes/Missing.md')).toBeNull();
      });

      it('should fail with NOT_A_FILE when modifying a folder', async () => {
        await expectError(vault.modify('Notes', 'text'), 'NOT_A_FILE', 'Notes');
      });

      it('should append to the end of a file', async () => {
        const entry = await vault.append('Notes/Idea.md', '\n- more ✓');
        expect(await vault.read('Notes/Idea.md')).toBe('An idea\n- more ✓');
        expect(entry.sizeBytes).toBe(bytes('An idea\n- more ✓'));
      });

      it('should fail with NOT_FOUND and create nothing when appending to a missing file', async () => {
        await expectError(vault.append('Missing.md', 'text'), 'NOT_FOUND', 'Missing.md');
        expect(await vault.stat('Missing.md')).toBeNull();
      });
    });

    describe('writeBinary', () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80]);

      it('should create a file with bytes that are not UTF-8 text, and its parent folders', async () => {
        const entry = await vault.writeBinary('Attachments/2026/image.png', png);
        expect(entry).toMatchObject({ path: 'Attachments/2026/image.png', kind: 'file', sizeBytes: png.length });
        expect(Array.from(await vault.readBinary('Attachments/2026/image.png'))).toEqual(Array.from(png));
        expect(await vault.stat('Attachments/2026')).toMatchObject({ kind: 'folder' });
      });

      it('should replace the content of an existing file', async () => {
        await vault.writeBinary('Readme.md', new TextEncoder().encode('bytes ✓'));
        expect(await vault.read('Readme.md')).toBe('bytes ✓');
        expect(await vault.cachedRead('Readme.md')).toBe('bytes ✓');
        expect(await vault.stat('Readme.md')).toMatchObject({ sizeBytes: bytes('bytes ✓') });
      });

      it('should fail with NOT_A_FILE when a folder is at the path', async () => {
        await expectError(vault.writeBinary('Notes', png), 'NOT_A_FILE', 'Notes');
      });
    });

    describe('createFolder', () => {
      it('should create a folder and its missing parents', async () => {
        await vault.createFolder('Archive/2026/January');
        expect(await vault.stat('Archive')).toMatchObject({ kind: 'folder' });
        expect(await vault.stat('Archive/2026/January')).toMatchObject({ kind: 'folder' });
        expect(await vault.list('Archive/2026/January', true)).toEqual([]);
      });

      it('should do nothing when the folder already exists', async () => {
        await vault.createFolder('Notes');
        await vault.createFolder('Notes');
        expect(await vault.read('Notes/Idea.md')).toBe('An idea');
      });

      it('should fail with EXISTS when a file is at the path', async () => {
        await expectError(vault.createFolder('Readme.md'), 'EXISTS', 'Readme.md');
        expect(await vault.stat('Readme.md')).toMatchObject({ kind: 'file' });
      });
    });

    describe('rename', () => {
      it('should move a file to a new path', async () => {
        await vault.rename('Notes/Idea.md', 'Notes/Better idea.md');
        expect(await vault.stat('Notes/Idea.md')).toBeNull();
        expect(await vault.read('Notes/Better idea.md')).toBe('An idea');
      });

      it('should create missing parent folders of the target', async () => {
        await vault.rename('Readme.md', 'Docs/Guides/Readme.md');
        expect(await vault.stat('Docs/Guides')).toMatchObject({ kind: 'folder' });
        expect(await vault.read('Docs/Guides/Readme.md')).toBe('# Readme');
      });

      it('should move a folder with all its descendants', async () => {
        await vault.rename('Notes', 'Archive/Old notes');
        expect(await vault.stat('Notes')).toBeNull();
        expect(await vault.stat('Notes/Deep/Nested.md')).toBeNull();
        expect(await vault.read('Archive/Old notes/Idea.md')).toBe('An idea');
        expect(await vault.read('Archive/Old notes/Deep/Nested.md')).toBe('Nested note');
        expect(pathsOf(await vault.list('Archive', true))).toEqual([
          'Archive/Old notes',
          'Archive/Old notes/Deep',
          'Archive/Old notes/Deep/Nested.md',
          'Archive/Old notes/Idea.md',
        ]);
      });

      it('should fail with EXISTS and change nothing when the target is taken', async () => {
        await expectError(vault.rename('Readme.md', 'Notes/Idea.md'), 'EXISTS', 'Notes/Idea.md');
        expect(await vault.read('Readme.md')).toBe('# Readme');
        expect(await vault.read('Notes/Idea.md')).toBe('An idea');
      });

      it('should fail with EXISTS when a folder is moved onto an existing folder', async () => {
        await vault.createFolder('Other');
        await expectError(vault.rename('Notes/Deep', 'Other'), 'EXISTS', 'Other');
        expect(await vault.read('Notes/Deep/Nested.md')).toBe('Nested note');
      });

      it('should fail with NOT_FOUND when the source is missing', async () => {
        await expectError(vault.rename('Missing.md', 'Found.md'), 'NOT_FOUND', 'Missing.md');
        expect(await vault.stat('Found.md')).toBeNull();
      });

      it('should refuse to move a folder into itself', async () => {
        await expectError(vault.rename('Notes', 'Notes/Deep/Notes'), 'INVALID_PATH', 'Notes');
        expect(await vault.read('Notes/Deep/Nested.md')).toBe('Nested note');
        expect(await vault.stat('Notes/Deep/Notes')).toBeNull();
      });
    });

    describe('trash', () => {
      it('should move a file into the .trash folder at the vault root', async () => {
        await vault.trash('Notes/Idea.md');
        expect(await vault.stat('Notes/Idea.md')).toBeNull();
        expect(await vault.read('.trash/Idea.md')).toBe('An idea');
      });

      it('should move a folder with its contents into the trash', async () => {
        await vault.trash('Notes/Deep');
        expect(await vault.stat('Notes/Deep')).toBeNull();
        expect(await vault.read('.trash/Deep/Nested.md')).toBe('Nested note');
      });

      it('should keep both files when two with the same name are trashed', async () => {
        await vault.create('A/Note.md', 'first');
        await vault.create('B/Note.md', 'second');
        await vault.trash('A/Note.md');
        await vault.trash('B/Note.md');
        expect(await vault.read('.trash/Note.md')).toBe('first');
        expect(await vault.read('.trash/Note 2.md')).toBe('second');
      });

      it('should leave trashed files out of list', async () => {
        await vault.trash('Readme.md');
        expect(pathsOf(await vault.list('/', true))).not.toContain('.trash/Readme.md');
        expect(pathsOf(await vault.list('/', true))).not.toContain('Readme.md');
      });

      it('should fail with NOT_FOUND when trashing a missing path', async () => {
        await expectError(vault.trash('Missing.md'), 'NOT_FOUND', 'Missing.md');
      });
    });

    describe('delete', () => {
      it('should delete a file', async () => {
        await vault.delete('Notes/Idea.md');
        expect(await vault.stat('Notes/Idea.md')).toBeNull();
        expect(await vault.stat('Notes')).toMatchObject({ kind: 'folder' });
      });

      it('should delete a folder with everything inside it', async () => {
        await vault.delete('Notes');
        expect(await vault.stat('Notes')).toBeNull();
        expect(await vault.stat('Notes/Deep/Nested.md')).toBeNull();
        expect(pathsOf(await vault.list('/', true)).filter((path) => path.startsWith('Notes'))).toEqual([]);
      });

      it('should fail with NOT_FOUND when deleting a missing path', async () => {
        await expectError(vault.delete('Missing.md'), 'NOT_FOUND', 'Missing.md');
      });
    });

    describe('deleteEmptyFolder', () => {
      it('should delete an empty folder and say so', async () => {
        await vault.createFolder('Inbox/Empty');
        expect(await vault.deleteEmptyFolder('Inbox/Empty')).toBe(true);
        expect(await vault.stat('Inbox/Empty')).toBeNull();
        expect(await vault.stat('Inbox')).toMatchObject({ kind: 'folder' });
      });

      it('should keep a folder that holds anything, hidden entries included, and change nothing', async () => {
        expect(await vault.deleteEmptyFolder('Notes/Deep')).toBe(false);
        expect(await vault.read('Notes/Deep/Nested.md')).toBe('Nested note');
        await vault.delete('Notes/Deep');
        await vault.delete('Notes/Idea.md');
        expect(await vault.list('Notes', true)).toEqual([]);
        expect(await vault.deleteEmptyFolder('Notes')).toBe(false);
        expect(await vault.read('Notes/.hidden/secret.md')).toBe('hidden');
      });

      it('should refuse a missing path and a file', async () => {
        await expectError(vault.deleteEmptyFolder('Missing'), 'NOT_FOUND', 'Missing');
        await expectError(vault.deleteEmptyFolder('Readme.md'), 'NOT_A_FOLDER', 'Readme.md');
      });
    });

    describe('hiddenEntries', () => {
      it('should name the hidden entries list leaves out, a hidden folder once, at any depth', async () => {
        await vault.create('Notes/Deep/.draft.md', 'x');
        expect(await vault.hiddenEntries('Notes')).toEqual(['Notes/.hidden', 'Notes/Deep/.draft.md']);
        expect(await vault.hiddenEntries('/')).toEqual(
          expect.arrayContaining(['.obsidian', 'Notes/.hidden', 'Notes/Deep/.draft.md']),
        );
      });

      it('should name none for a folder without them, and for a missing one', async () => {
        expect(await vault.hiddenEntries('Unicode')).toEqual([]);
        expect(await vault.hiddenEntries('Missing')).toEqual([]);
      });
    });

    describe('list', () => {
      it('should list only the direct children of the root when not recursive', async () => {
        expect(pathsOf(await vault.list('/', false))).toEqual(['Empty.md', 'Notes', 'Readme.md', 'Unicode']);
      });

      it('should list every visible entry, sorted by path, when recursive', async () => {
        expect(pathsOf(await vault.list('/', true))).toEqual([
          'Empty.md',
          'Notes',
          'Notes/Deep',
          'Notes/Deep/Nested.md',
          'Notes/Idea.md',
          'Readme.md',
          'Unicode',
          'Unicode/Café ☕ 🚀.md',
          'Unicode/Grüße.md',
        ]);
      });

      it('should list a folder without the folder itself', async () => {
        expect(pathsOf(await vault.list('Notes', false))).toEqual(['Notes/Deep', 'Notes/Idea.md']);
        expect(pathsOf(await vault.list('Notes', true))).toEqual([
          'Notes/Deep',
          'Notes/Deep/Nested.md',
          'Notes/Idea.md',
        ]);
      });

      it('should sort by path whatever the order of creation', async () => {
        for (const path of [
          'Sort/b.md',
          'Sort/C.md',
          'Sort/a b.md',
          'Sort/a.md',
          'Sort/a/z.md',
          'Sort/10.md',
          'Sort/2.md',
        ]) {
          await vault.create(path, path);
        }
        const paths = pathsOf(await vault.list('Sort', true));
        expect(paths).toEqual(codeUnitSorted(paths));
        expect(paths).toHaveLength(8);
      });

      it('should leave out hidden files and folders', async () => {
        const paths = pathsOf(await vault.list('/', true));
        expect(paths.some((path) => path.split('/').some((segment) => segment.startsWith('.')))).toBe(false);
      });

      it('should report file sizes in UTF-8 bytes and folder sizes as zero', async () => {
        const entries = await vault.list('Unicode', false);
        expect(entries).toEqual([
          expect.objectContaining({ path: 'Unicode/Café ☕ 🚀.md', kind: 'file', sizeBytes: bytes('emoji name') }),
          expect.objectContaining({
            path: 'Unicode/Grüße.md',
            kind: 'file',
            sizeBytes: bytes('Grüße 🌍 — naïve café'),
          }),
        ]);
        expect((await vault.list('/', false)).find((entry) => entry.path === 'Notes')).toMatchObject({
          kind: 'folder',
          sizeBytes: 0,
        });
      });

      it('should give every file a modification time', async () => {
        for (const entry of await vault.list('/', true)) {
          if (entry.kind === 'file') expect(entry.mtimeMs).toBeGreaterThan(0);
        }
      });

      it('should reflect creates, renames and deletes', async () => {
        await vault.create('Notes/Added.md', 'added');
        await vault.rename('Notes/Idea.md', 'Notes/Deep/Idea.md');
        await vault.delete('Notes/Deep/Nested.md');
        expect(pathsOf(await vault.list('Notes', true))).toEqual([
          'Notes/Added.md',
          'Notes/Deep',
          'Notes/Deep/Idea.md',
        ]);
      });

      it('should report the new size after a modify', async () => {
        await vault.modify('Notes/Idea.md', 'A much longer idea than before');
        const entry = (await vault.list('Notes', false)).find((candidate) => candidate.path === 'Notes/Idea.md');
        expect(entry?.sizeBytes).toBe(bytes('A much longer idea than before'));
      });

      it('should fail with NOT_FOUND when the folder is missing', async () => {
        await expectError(vault.list('Missing', false), 'NOT_FOUND', 'Missing');
      });

      it('should fail with NOT_A_FOLDER when the path is a file', async () => {
        await expectError(vault.list('Readme.md', true), 'NOT_A_FOLDER', 'Readme.md');
      });
    });

    describe('names that differ only by Unicode normalization or by case', () => {
      // "Café" as macOS and some sync tools write it (e + U+0301), and as everything else does (é): one name.
      const DECOMPOSED = 'Cafe\u0301';
      const COMPOSED = 'Café';

      beforeEach(async () => {
        await cleanup?.();
        ({ vault, cleanup } = await makeVault({
          ...CONTRACT_FILES,
          [`Names/${DECOMPOSED}.md`]: 'written on a Mac',
          [`Names/${DECOMPOSED} folder/Inside.md`]: 'inside',
          'Names/Résumé.md': 'composed',
          'Names/Note.md': 'capital',
        }));
      });

      it('should reach a decomposed name by its composed form, and name it as stored', async () => {
        expect(await vault.stat(`Names/${COMPOSED}.md`)).toMatchObject({
          path: `Names/${DECOMPOSED}.md`,
          kind: 'file',
        });
        expect(await vault.read(`Names/${COMPOSED}.md`)).toBe('written on a Mac');
        expect(await vault.cachedRead(`Names/${COMPOSED}.md`)).toBe('written on a Mac');
        expect(new TextDecoder().decode(await vault.readBinary(`Names/${COMPOSED}.md`))).toBe('written on a Mac');
        expect(await vault.read(`Names/${COMPOSED} folder/Inside.md`)).toBe('inside');
        expect(pathsOf(await vault.list(`Names/${COMPOSED} folder`, false))).toEqual([
          `Names/${DECOMPOSED} folder/Inside.md`,
        ]);
      });

      it('should reach a composed name by its decomposed form', async () => {
        expect(await vault.read('Names/Re\u0301sume\u0301.md')).toBe('composed');
        expect(await vault.stat('Names/Re\u0301sume\u0301.md')).toMatchObject({ path: 'Names/Résumé.md' });
      });

      it('should append to and modify the stored file, never make a second one', async () => {
        await vault.append(`Names/${COMPOSED}.md`, ' long ago');
        await vault.writeBinary(`Names/${COMPOSED} folder/Inside.md`, new TextEncoder().encode('bytes'));
        expect(await vault.read(`Names/${DECOMPOSED}.md`)).toBe('written on a Mac long ago');
        await vault.modify(`Names/${COMPOSED}.md`, 'rewritten');
        expect(await vault.read(`Names/${DECOMPOSED}.md`)).toBe('rewritten');
        expect(pathsOf(await vault.list('Names', true))).toEqual([
          `Names/${DECOMPOSED} folder`,
          `Names/${DECOMPOSED} folder/Inside.md`,
          `Names/${DECOMPOSED}.md`,
          'Names/Note.md',
          'Names/Résumé.md',
        ]);
        expect(await vault.read(`Names/${DECOMPOSED} folder/Inside.md`)).toBe('bytes');
      });

      it('should refuse to create a name that differs from a stored one only by normalization', async () => {
        await expectError(vault.create(`Names/${COMPOSED}.md`, 'twin'), 'EXISTS', 'Names/');
        await vault.create(`Names/${COMPOSED} folder/New.md`, 'new');
        expect(await vault.read(`Names/${DECOMPOSED}.md`)).toBe('written on a Mac');
        expect(pathsOf(await vault.list('Names', false))).toEqual([
          `Names/${DECOMPOSED} folder`,
          `Names/${DECOMPOSED}.md`,
          'Names/Note.md',
          'Names/Résumé.md',
        ]);
        expect(pathsOf(await vault.list(`Names/${DECOMPOSED} folder`, false))).toEqual([
          `Names/${DECOMPOSED} folder/Inside.md`,
          `Names/${DECOMPOSED} folder/New.md`,
        ]);
      });

      it('should create, move and delete a new name in the form it is given', async () => {
        await vault.create('Fresh/Ame\u0301lie.md', 'decomposed on purpose');
        expect(pathsOf(await vault.list('Fresh', false))).toEqual(['Fresh/Ame\u0301lie.md']);
        await vault.rename(`Names/${COMPOSED}.md`, 'Fresh/Moved.md');
        await vault.rename('Fresh/Moved.md', `Names/${DECOMPOSED}.md`);
        expect(pathsOf(await vault.list('Names', false))).toContain(`Names/${DECOMPOSED}.md`);
        await vault.delete(`Names/${COMPOSED}.md`);
        expect(await vault.stat(`Names/${DECOMPOSED}.md`)).toBeNull();
      });

      it('should rename a note to a name that differs only by case, and back', async () => {
        await vault.rename('Names/Note.md', 'Names/note.md');
        expect(pathsOf(await vault.list('Names', false))).toContain('Names/note.md');
        expect(pathsOf(await vault.list('Names', false))).not.toContain('Names/Note.md');
        expect(await vault.read('Names/note.md')).toBe('capital');
        await vault.rename('Names/note.md', 'Names/Note.md');
        expect(await vault.read('Names/Note.md')).toBe('capital');
        expect(await vault.stat('Names/note.md')).toBeNull();
      });
    });

    describe('onChange', () => {
      let events: VaultEvent[];
      let unsubscribe: () => void;

      beforeEach(() => {
        events = [];
        unsubscribe = vault.onChange((event) => events.push(event));
      });

      afterEach(() => unsubscribe());

      it('should report a created file', async () => {
        await vault.create('Fresh.md', 'new');
        expect(events).toContainEqual({ type: 'create', path: 'Fresh.md' });
      });

      it('should report a created folder', async () => {
        await vault.createFolder('Fresh folder');
        expect(events).toContainEqual({ type: 'create', path: 'Fresh folder' });
      });

      it('should report a binary write as a create, then as a modify', async () => {
        await vault.writeBinary('image.png', new Uint8Array([1, 2, 3]));
        await vault.writeBinary('image.png', new Uint8Array([4, 5]));
        expect(events).toContainEqual({ type: 'create', path: 'image.png' });
        expect(events).toContainEqual({ type: 'modify', path: 'image.png' });
        expect(events.findIndex((event) => event.type === 'create')).toBeLessThan(
          events.findIndex((event) => event.type === 'modify'),
        );
      });

      it('should report a modify and an append', async () => {
        await vault.modify('Notes/Idea.md', 'changed');
        expect(events).toContainEqual({ type: 'modify', path: 'Notes/Idea.md' });
        events.length = 0;
        await vault.append('Readme.md', '\nmore');
        expect(events).toContainEqual({ type: 'modify', path: 'Readme.md' });
      });

      it('should report a delete and a trash as deletions', async () => {
        await vault.delete('Notes/Idea.md');
        expect(events).toContainEqual({ type: 'delete', path: 'Notes/Idea.md' });
        events.length = 0;
        await vault.trash('Readme.md');
        expect(events).toContainEqual({ type: 'delete', path: 'Readme.md' });
      });

      it('should report a rename with the old path', async () => {
        await vault.rename('Notes/Idea.md', 'Ideas/Idea.md');
        expect(events).toContainEqual({ type: 'rename', path: 'Ideas/Idea.md', oldPath: 'Notes/Idea.md' });
      });

      it('should report a folder rename with the old path', async () => {
        await vault.rename('Notes', 'Notebook');
        expect(events).toContainEqual({ type: 'rename', path: 'Notebook', oldPath: 'Notes' });
      });

      it('should report nothing for a failed operation', async () => {
        await expect(vault.create('Readme.md', 'again')).rejects.toMatchObject({ code: 'EXISTS' });
        await expect(vault.modify('Missing.md', 'text')).rejects.toMatchObject({ code: 'NOT_FOUND' });
        expect(events).toEqual([]);
      });

      it('should stop reporting after unsubscribing', async () => {
        unsubscribe();
        await vault.create('Quiet.md', 'quiet');
        await vault.modify('Quiet.md', 'still quiet');
        await vault.delete('Quiet.md');
        expect(events).toEqual([]);
      });
    });
  });
}
