import { mkdtemp, mkdir, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeVault } from '../../src/node/NodeVault';

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function setup(): Promise<{ root: string; outside: string }> {
  const base = await mkdtemp(join(tmpdir(), 'ea-cold-read-'));
  folders.push(base);
  const root = join(base, 'vault');
  const outside = join(base, 'outside');
  await mkdir(join(root, 'Notes'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.md'), 'SECRET');
  await writeFile(join(outside, 'same-size.md'), 'outside!');
  await writeFile(join(root, 'Notes', 'a.md'), 'inside!!');
  return { root, outside };
}

describe('NodeVault cold reads of indexed files', () => {
  it('should not follow a file that was swapped for a link to outside the vault after indexing', async () => {
    const { root, outside } = await setup();
    const vault = new NodeVault(root);
    await vault.list('/', true);
    await unlink(join(root, 'Notes', 'a.md'));
    await symlink(join(outside, 'same-size.md'), join(root, 'Notes', 'a.md'));
    await expect(vault.cachedRead('Notes/a.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
  });

  it('should not follow a folder that was swapped for a link to outside the vault after indexing', async () => {
    const { root, outside } = await setup();
    const vault = new NodeVault(root);
    await vault.list('/', true);
    await rm(join(root, 'Notes'), { recursive: true });
    await writeFile(join(outside, 'a.md'), 'inside!!');
    await symlink(outside, join(root, 'Notes'));
    await expect(vault.cachedRead('Notes/a.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
  });

  it('should not follow a folder higher up that was swapped for a link to outside the vault after indexing', async () => {
    const { root, outside } = await setup();
    await mkdir(join(root, 'Notes', 'Deep'));
    await writeFile(join(root, 'Notes', 'Deep', 'b.md'), 'inside!!');
    const vault = new NodeVault(root);
    await vault.list('/', true);
    await rm(join(root, 'Notes'), { recursive: true });
    await mkdir(join(outside, 'Deep'));
    await writeFile(join(outside, 'Deep', 'b.md'), 'outside!');
    await symlink(outside, join(root, 'Notes'));
    await expect(vault.cachedRead('Notes/Deep/b.md')).rejects.toMatchObject({ code: 'FORBIDDEN_PATH' });
  });

  it('should read an indexed file once from disk and then from memory', async () => {
    const { root } = await setup();
    const vault = new NodeVault(root);
    await vault.list('/', true);
    expect(await vault.cachedRead('Notes/a.md')).toBe('inside!!');
    await writeFile(join(root, 'Notes', 'a.md'), 'changed!');
    expect(await vault.read('Notes/a.md')).toBe('changed!');
  });

  it('should read many files at once, in order, with null for one that is gone', async () => {
    const { root } = await setup();
    await writeFile(join(root, 'b.md'), 'bee');
    const vault = new NodeVault(root);
    await vault.list('/', true);
    await unlink(join(root, 'b.md'));
    expect(await vault.cachedReadMany(['Notes/a.md', 'b.md', 'Notes/a.md'])).toEqual(['inside!!', null, 'inside!!']);
  });
});
