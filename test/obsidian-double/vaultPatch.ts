import { TFile, TFolder, Vault } from 'obsidian-test-mocks/obsidian';
import type { TAbstractFile } from 'obsidian-test-mocks/obsidian';
import type { DataWriteOptions, FileStats } from 'obsidian';
import { serveVault } from './adapterPatch';
import { originalOf } from './original';

interface AdapterMeta {
  fileMeta?: Map<string, FileStats>;
  insensitive__?: boolean;
  trashSystem(path: string): Promise<boolean>;
  trashLocal(path: string): Promise<void>;
}

interface SyncAdapter {
  writeSync__(path: string, content: string): void;
  mkdirSync__(path: string): void;
}

function isHidden(path: string): boolean {
  return path.split('/').some((segment) => segment.startsWith('.'));
}

/** What the real vault returns for a hidden path it wrote: null, though obsidian.d.ts types the result as a file. */
function unindexed<T>(): T {
  return null as T;
}

function adapterOf(vault: Vault): AdapterMeta {
  return vault.adapter;
}

/** What is at `path`, case-insensitively on a case-insensitive disk, as the real vault checks. */
function occupant(vault: Vault, path: string): TAbstractFile | null {
  return adapterOf(vault).insensitive__
    ? vault.getAbstractFileByPathInsensitive__(path)
    : vault.getAbstractFileByPath(path);
}

/**
 * Brings `Vault` in line with the real one where obsidian-test-mocks differs: the "already exists" errors,
 * `trash(file, system)` honouring `system`, removing a folder's descendants from the index, and `TFile.stat`
 * reflecting the file on disk.
 */
export function patchVault(): void {
  const proto = Vault.prototype;
  const original = {
    create: originalOf(proto, 'create'),
    createBinary: originalOf(proto, 'createBinary'),
    createFolder: originalOf(proto, 'createFolder'),
    rename: originalOf(proto, 'rename'),
    deleteVaultAbstractFile: originalOf(proto, 'deleteVaultAbstractFile__'),
  };

  // The real vault leaves hidden paths out of its index even when it writes them itself: create, createBinary and
  // createFolder do write, but return null and fire no "create" (obsidianmd/obsidian-developer-docs#186). The
  // mock indexes them like any other path.
  proto.create = async function (this: Vault, path: string, data: string, options?: DataWriteOptions): Promise<TFile> {
    if (occupant(this, path)) throw new Error('File already exists.');
    if (isHidden(path)) return this.adapter.write(path, data, options).then(unindexed<TFile>);
    return original.create.call(this, path, data, options);
  };

  proto.createBinary = async function (
    this: Vault,
    path: string,
    data: ArrayBuffer,
    options?: DataWriteOptions,
  ): Promise<TFile> {
    if (occupant(this, path)) throw new Error('File already exists.');
    if (isHidden(path)) return this.adapter.writeBinary(path, data, options).then(unindexed<TFile>);
    return original.createBinary.call(this, path, data, options);
  };

  proto.createFolder = async function (this: Vault, path: string) {
    if (occupant(this, path)) throw new Error('Folder already exists.');
    if (isHidden(path)) return this.adapter.mkdir(path).then(unindexed<TFolder>);
    return original.createFolder.call(this, path);
  };

  proto.rename = async function (this: Vault, file, newPath: string): Promise<void> {
    const existing = occupant(this, newPath);
    // Only a change of letter case may land on the file itself.
    if (existing && existing !== file) throw new Error('Destination file already exists!');
    if (newPath === file.path) return;
    await original.rename.call(this, file, newPath);
  };

  // System trash first when asked, local `.trash/` when not or when the system trash fails (obsidian.d.ts).
  proto.trash = async function (this: Vault, file, system: boolean): Promise<void> {
    const adapter = adapterOf(this);
    if (!system || !(await adapter.trashSystem(file.path))) await adapter.trashLocal(file.path);
    this.deleteVaultAbstractFile__(file.path);
    this.trigger('delete', file);
  };

  // Test setup (App.createConfigured__) writes straight to disk. A real vault loaded from disk leaves hidden
  // files and folders (".obsidian", ".trash", "Notes/.drafts") out of its index, so the double does too.
  const originalCreateSync = originalOf(proto, 'createSync__');
  const originalCreateFolderSync = originalOf(proto, 'createFolderSync__');
  proto.createSync__ = function (this: Vault, path: string, content: string): TFile {
    if (!isHidden(path)) return originalCreateSync.call(this, path, content);
    (this.adapter as unknown as SyncAdapter).writeSync__(path, content);
    return TFile.create__(this, path);
  };
  proto.createFolderSync__ = function (this: Vault, path: string): TFolder {
    if (!isHidden(path)) return originalCreateFolderSync.call(this, path);
    (this.adapter as unknown as SyncAdapter).mkdirSync__(path);
    return TFolder.create__(this, path);
  };

  // The mock drops only the entry itself, leaving a deleted folder's children findable by path.
  proto.deleteVaultAbstractFile__ = function (this: Vault, path: string): void {
    // Only a folder has descendants; looking for them costs a pass over the whole index.
    if (!(this.fileMap__[path] instanceof TFolder)) return original.deleteVaultAbstractFile.call(this, path);
    const prefix = `${path}/`;
    const descendants = Object.keys(this.fileMap__).filter((key) => key.startsWith(prefix));
    for (const key of descendants.sort((a, b) => b.length - a.length)) original.deleteVaultAbstractFile.call(this, key);
    original.deleteVaultAbstractFile.call(this, path);
  };

  // The adapter reports every change on disk to its vault ("raw"), as Obsidian's file watcher does.
  const vaultHooks = proto as unknown as { constructor2__(this: Vault, adapter: object): void };
  const originalVaultHook = originalOf(vaultHooks, 'constructor2__');
  vaultHooks.constructor2__ = function (this: Vault, adapter: object): void {
    originalVaultHook.call(this, adapter);
    serveVault(adapter, this);
  };

  // The mock's TFile.stat stays { ctime: 0, mtime: 0, size: 0 }; the real one follows the file on disk.
  const tfileProto = TFile.prototype as unknown as { constructor2__(this: TFile, vault: Vault, path: string): void };
  const originalTFileHook = originalOf(tfileProto, 'constructor2__');
  tfileProto.constructor2__ = function (this: TFile, vault: Vault, path: string): void {
    originalTFileHook.call(this, vault, path);
    let last: FileStats = { ctime: 0, mtime: 0, size: 0 };
    Object.defineProperty(this, 'stat', {
      configurable: true,
      enumerable: true,
      get: (): FileStats => {
        const meta = adapterOf(this.vault).fileMeta?.get(this.path);
        if (meta) last = { ctime: meta.ctime, mtime: meta.mtime, size: meta.size };
        return last;
      },
      set: (value: FileStats) => {
        last = value;
      },
    });
  };
}
