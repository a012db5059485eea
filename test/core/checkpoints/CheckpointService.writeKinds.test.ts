import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandFolder, touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import { makeHarness, snapshot, write, type Harness, type VaultSnapshot } from './harness';

const FILES = {
  'Readme.md': '# Readme\r\nWindows line endings\r\n',
  'Empty.md': '',
  'Notes/Idea.md': 'An idea',
  'Notes/Deep/Nested.md': 'Nested note',
  'Unicode/Grüße 🌍.md': 'Grüße 🌍 — naïve café',
  'Bom.md': '\uFEFFstarts with a BOM',
};

/** Bytes that are not valid UTF-8: a PNG header, a lone continuation byte, NULs. */
const BINARY = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x80, 0xc3, 0x28, 0x00]);

describe('CheckpointService: revert of each write kind', () => {
  let h: Harness;
  let before: VaultSnapshot;

  beforeEach(async () => {
    h = await makeHarness({ ...FILES });
    await h.vault.writeBinary('Assets/image.png', BINARY);
    before = await snapshot(h.vault);
    h.service.beginRun('run-1');
  });

  afterEach(async () => {
    await h.cleanup();
  });

  const revertAndCompare = async (): Promise<void> => {
    await h.service.endRun('run-1');
    const result = await h.service.revert('run-1');
    expect(result.skipped).toEqual([]);
    expect(await snapshot(h.vault)).toEqual(before);
  };

  it('should remove a created file and the folders its creation made', async () => {
    await write(h.service, 'run-1', { tool: 'vault.createFile', paths: ['New/Sub/Note.md'] }, () =>
      h.vault.create('New/Sub/Note.md', 'hi'),
    );
    await revertAndCompare();
  });

  it('should give a modified file its exact bytes back, line endings and BOM included', async () => {
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['Readme.md'] }, () =>
      h.vault.modify('Readme.md', 'rewritten\n'),
    );
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['Bom.md'] }, () =>
      h.vault.modify('Bom.md', 'no BOM'),
    );
    await revertAndCompare();
  });

  it('should undo an append', async () => {
    await write(h.service, 'run-1', { tool: 'vault.append', paths: ['Notes/Idea.md'] }, () =>
      h.vault.append('Notes/Idea.md', '\nmore'),
    );
    await revertAndCompare();
  });

  it('should undo an editor edit, which reaches the vault as a modify', async () => {
    await write(h.service, 'run-1', { tool: 'editor.replaceSelection', paths: ['Empty.md'] }, () =>
      h.vault.modify('Empty.md', 'typed'),
    );
    await revertAndCompare();
  });

  it('should move a renamed file back: the old path gets its bytes, the new path becomes absent', async () => {
    const touched = await touchedByRename(h.vault, 'Notes/Idea.md', 'Archive/2026/Idea.md');
    expect(touched).toEqual({ paths: ['Notes/Idea.md', 'Archive/2026/Idea.md'], folders: [] });
    await write(h.service, 'run-1', { tool: 'vault.rename', ...touched }, () =>
      h.vault.rename('Notes/Idea.md', 'Archive/2026/Idea.md'),
    );
    await revertAndCompare();
  });

  it('should move a renamed folder back with everything in it', async () => {
    const touched = await touchedByRename(h.vault, 'Notes', 'Moved/Notes');
    await write(h.service, 'run-1', { tool: 'vault.rename', ...touched }, () => h.vault.rename('Notes', 'Moved/Notes'));
    await revertAndCompare();
  });

  it('should restore a deleted file, binary or text', async () => {
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['Assets/image.png'] }, () =>
      h.vault.delete('Assets/image.png'),
    );
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['Unicode/Grüße 🌍.md'] }, () =>
      h.vault.delete('Unicode/Grüße 🌍.md'),
    );
    await revertAndCompare();
  });

  it('should restore a file moved to the trash', async () => {
    await write(h.service, 'run-1', { tool: 'vault.trash', paths: ['Notes/Idea.md'] }, () =>
      h.vault.trash('Notes/Idea.md'),
    );
    await revertAndCompare();
  });

  it('should restore a deleted folder with its subfolders and files', async () => {
    await h.vault.createFolder('Notes/Empty folder');
    before = await snapshot(h.vault);
    const touched = await expandFolder(h.vault, 'Notes');
    await write(h.service, 'run-1', { tool: 'vault.delete', ...touched }, () => h.vault.delete('Notes'));
    await revertAndCompare();
  });

  it('should remove a folder that ensureFolder created, with its new parents', async () => {
    await write(h.service, 'run-1', { tool: 'vault.ensureFolder', paths: [], folders: ['Projects/2026/Q1'] }, () =>
      h.vault.createFolder('Projects/2026/Q1'),
    );
    await revertAndCompare();
  });

  it('should give a binary file its exact bytes back after it was overwritten', async () => {
    const other = new Uint8Array([0, 1, 2, 3, 0xfe]);
    await write(h.service, 'run-1', { tool: 'vault.writeBinary', paths: ['Assets/image.png'] }, () =>
      h.vault.writeBinary('Assets/image.png', other),
    );
    await revertAndCompare();
    expect(await h.vault.readBinary('Assets/image.png')).toEqual(BINARY);
  });

  it('should undo a sequence touching the same file several times', async () => {
    await write(h.service, 'run-1', { tool: 'vault.createFile', paths: ['Log.md'] }, () =>
      h.vault.create('Log.md', 'a'),
    );
    await write(h.service, 'run-1', { tool: 'vault.append', paths: ['Log.md'] }, () => h.vault.append('Log.md', 'b'));
    const touched = await touchedByRename(h.vault, 'Log.md', 'Unicode/Café ☕.md');
    await write(h.service, 'run-1', { tool: 'vault.rename', ...touched }, () =>
      h.vault.rename('Log.md', 'Unicode/Café ☕.md'),
    );
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['Readme.md'] }, () =>
      h.vault.modify('Readme.md', 'x'),
    );
    await write(h.service, 'run-1', { tool: 'vault.delete', paths: ['Readme.md'] }, () => h.vault.delete('Readme.md'));
    await revertAndCompare();
  });

  it('should leave a folder the run created when the user has put a file in it, and say so', async () => {
    await write(h.service, 'run-1', { tool: 'vault.ensureFolder', paths: [], folders: ['Inbox'] }, () =>
      h.vault.createFolder('Inbox'),
    );
    await h.vault.create('Inbox/Mine.md', 'the user wrote this');
    await h.service.endRun('run-1');
    const result = await h.service.revert('run-1');
    expect(result.keptFolders).toEqual(['Inbox']);
    expect(await h.vault.read('Inbox/Mine.md')).toBe('the user wrote this');
  });

  it('should change nothing and start no revert run when the vault is already as before the run', async () => {
    await write(h.service, 'run-1', { tool: 'vault.writeFile', paths: ['Empty.md'] }, () =>
      h.vault.modify('Empty.md', ''),
    );
    await h.service.endRun('run-1');
    expect(await h.service.revert('run-1')).toEqual({
      runId: 'run-1',
      toSeq: 1,
      revertRunId: null,
      applied: [],
      skipped: [],
      keptFolders: [],
    });
    expect((await h.service.listRuns()).map((run) => run.runId)).toEqual(['run-1']);
  });
});
