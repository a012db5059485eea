import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../src/node/MemoryVault';

const BYTES = new Uint8Array([0x89, 0x50, 0x00, 0xff, 0x80]);

describe('MemoryVault.writeBinary', () => {
  it('should create a file, with its parents, that reads back byte for byte', async () => {
    const vault = new MemoryVault();
    expect(await vault.writeBinary('Assets/img.png', BYTES)).toMatchObject({
      path: 'Assets/img.png',
      kind: 'file',
      sizeBytes: 5,
    });
    expect(await vault.readBinary('Assets/img.png')).toEqual(BYTES);
    expect(await vault.stat('Assets')).toMatchObject({ kind: 'folder' });
  });

  it('should replace an existing file and report a modify', async () => {
    const vault = new MemoryVault({ 'a.md': 'text' });
    const events: string[] = [];
    vault.onChange((event) => events.push(`${event.type} ${event.path}`));
    await vault.writeBinary('a.md', BYTES);
    expect(await vault.readBinary('a.md')).toEqual(BYTES);
    expect(events).toEqual(['modify a.md']);
  });

  it('should not let a caller change the stored bytes through its own array', async () => {
    const vault = new MemoryVault();
    const data = BYTES.slice();
    await vault.writeBinary('f.bin', data);
    data[0] = 0;
    (await vault.readBinary('f.bin'))[1] = 0;
    expect(await vault.readBinary('f.bin')).toEqual(BYTES);
  });

  it('should go back to text when a binary file is modified as text', async () => {
    const vault = new MemoryVault();
    await vault.writeBinary('f.bin', BYTES);
    await vault.modify('f.bin', 'é');
    expect(await vault.readBinary('f.bin')).toEqual(new Uint8Array([0xc3, 0xa9]));
  });

  it('should refuse to write over a folder', async () => {
    const vault = new MemoryVault({ 'Notes/a.md': 'a' });
    await expect(vault.writeBinary('Notes', BYTES)).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: '"Notes" is a folder, not a file',
    });
  });
});
