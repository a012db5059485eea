import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as nodePath from 'node:path';
import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeVault } from '../../src/node/NodeVault';
import { VaultWatcher } from '../../src/node/VaultWatcher';

/** The fs module object itself: Node's own recursive watcher calls its functions through it. */
const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

const settle = (ms = 150): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('VaultWatcher', () => {
  let root: string;
  let watcher: VaultWatcher | null = null;

  beforeEach(async () => {
    root = await mkdtemp(nodePath.join(tmpdir(), 'watcher-'));
    for (let i = 0; i < 20; i++) {
      await mkdir(nodePath.join(root, `Folder ${i}`, '.git'), { recursive: true });
      await writeFile(nodePath.join(root, `Folder ${i}`, `Note ${i}.md`), 'text');
      await writeFile(nodePath.join(root, `Folder ${i}`, '.git', 'HEAD'), 'ref');
    }
  });
  afterEach(async () => {
    watcher?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('should make a watching vault walk the visible tree once, and never into hidden folders', async () => {
    const readdir = vi.spyOn(fs, 'readdirSync');
    const vault = new NodeVault(root, { watch: true });
    try {
      await vault.list('/', true);
      await settle(50);
      const read = readdir.mock.calls.map(([path]) => String(path));
      expect(read.filter((path) => path.includes(`${nodePath.sep}.git`))).toEqual([]);
      expect(read.length - new Set(read).size).toBe(0);
    } finally {
      vault.close();
      readdir.mockRestore();
    }
  });

  it('should report nothing when it starts over a folder that nobody changes', async () => {
    const onDirty = vi.fn();
    watcher = new VaultWatcher(root, onDirty, 10);
    watcher.start();
    watcher.watchFolder('/');
    for (let i = 0; i < 20; i++) watcher.watchFolder(`Folder ${i}`);
    await settle();
    expect(onDirty).not.toHaveBeenCalled();
    expect(watcher.pending).toBe(false);
  });

  it('should report a file made in a watched folder by its vault path, and nothing made in a hidden one', async () => {
    const onDirty = vi.fn();
    watcher = new VaultWatcher(root, onDirty, 10);
    watcher.start();
    watcher.watchFolder('/');
    watcher.watchFolder('Folder 3');
    await writeFile(nodePath.join(root, 'Folder 3', '.git', 'index'), 'x');
    await writeFile(nodePath.join(root, 'Folder 3', 'New.md'), 'new');
    await vi.waitFor(() => expect(onDirty).toHaveBeenCalled(), { timeout: 5000 });
    expect(watcher.drain().paths).toContain('Folder 3/New.md');
    expect(watcher.drain().paths.filter((path) => path.includes('.git'))).toEqual([]);
  });
});
