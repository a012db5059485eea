import { describe, expect, it } from 'vitest';
import { expandFolder, touchedByRename } from '../../../src/core/checkpoints/touchedPaths';
import { MemoryVault } from '../../../src/node/MemoryVault';

const vault = (): MemoryVault => new MemoryVault({ 'Notes/a.md': 'a', 'Notes/Deep/b.md': 'b', 'Top.md': 't' });

describe('expandFolder', () => {
  it('should list every file below a folder, and the folder with its subfolders', async () => {
    expect(await expandFolder(vault(), 'Notes')).toEqual({
      paths: ['Notes/Deep/b.md', 'Notes/a.md'],
      folders: ['Notes', 'Notes/Deep'],
    });
  });

  it('should give a file as itself', async () => {
    expect(await expandFolder(vault(), 'Top.md')).toEqual({ paths: ['Top.md'], folders: [] });
  });

  it('should give a missing path as a folder, so a checkpoint records it as absent', async () => {
    expect(await expandFolder(vault(), 'Nope')).toEqual({ paths: [], folders: ['Nope'] });
  });
});

describe('touchedByRename', () => {
  it('should give both paths of a file move', async () => {
    expect(await touchedByRename(vault(), 'Top.md', 'Archive/Top.md')).toEqual({
      paths: ['Top.md', 'Archive/Top.md'],
      folders: [],
    });
  });

  it('should give every entry of a folder move on both sides', async () => {
    expect(await touchedByRename(vault(), 'Notes', 'Old/Notes')).toEqual({
      paths: ['Notes/Deep/b.md', 'Notes/a.md', 'Old/Notes/Deep/b.md', 'Old/Notes/a.md'],
      folders: ['Notes', 'Notes/Deep', 'Old/Notes', 'Old/Notes/Deep'],
    });
  });
});
