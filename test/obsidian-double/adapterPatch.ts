import { FileSystemAdapter } from 'obsidian-test-mocks/obsidian';
import type { DataWriteOptions } from 'obsidian';
import { fsError } from './fsErrors';

interface FileMeta {
  ctime: number;
  mtime: number;
  size: number;
}

/** The private state of obsidian-test-mocks' `InMemoryAdapter` (the base of its FileSystemAdapter). */
interface AdapterState {
  basePath: string;
  textFiles: Map<string, string>;
  binaryFiles: Map<string, ArrayBuffer>;
  /** Folder paths; "" is the vault root. */
  directories: Set<string>;
  fileMeta: Map<string, FileMeta>;
  addLowerCaseKey(path: string): void;
  rebuildLowerCaseKeys(): void;
  mkdirSync__(path: string): void;
  exists(path: string): Promise<boolean>;
}

type AdapterMethod = (this: AdapterState, ...args: never[]) => unknown;

/** The vault each adapter serves (set by the Vault constructor, see vaultPatch.ts). */
const vaults = new WeakMap<object, { trigger(name: string, ...data: unknown[]): void }>();

export function serveVault(adapter: object, vault: { trigger(name: string, ...data: unknown[]): void }): void {
  vaults.set(adapter, vault);
}

/**
 * Obsidian's file watcher fires the vault's "raw" event with the vault-relative path of everything that changes on
 * disk, hidden paths included (`.obsidian/…`, `.agentignore`), whoever wrote it; the index events only follow for
 * visible paths. The double fires it as soon as the change is made.
 */
function changed(state: AdapterState, ...paths: string[]): void {
  const vault = vaults.get(state);
  for (const path of paths) vault?.trigger('raw', path);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let lastMtime = 0;

/**
 * Strictly increasing modification times. A disk can give two writes in one millisecond the same mtime; the
 * double does not, so "changed since" checks in tests never depend on timing.
 */
function nextMtime(): number {
  lastMtime = Math.max(Date.now(), lastMtime + 1);
  return lastMtime;
}

function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '' : path.slice(0, index);
}

function isFile(state: AdapterState, path: string): boolean {
  return state.textFiles.has(path) || state.binaryFiles.has(path);
}

function fullPath(state: AdapterState, path: string): string {
  return `${state.basePath}/${path}`;
}

/** Node's fs does not create missing folders, so neither does Obsidian's adapter: the parent must exist. */
function requireParent(state: AdapterState, path: string, syscall: string, dest?: string): void {
  const target = dest ?? path;
  const parent = parentOf(target);
  if (state.directories.has(parent)) return;
  const code = isFile(state, parent) ? 'ENOTDIR' : 'ENOENT';
  throw dest === undefined
    ? fsError(code, syscall, fullPath(state, path))
    : fsError(code, syscall, fullPath(state, path), fullPath(state, dest));
}

function storeText(state: AdapterState, path: string, data: string, options?: DataWriteOptions): void {
  const previous = state.fileMeta.get(path);
  const now = nextMtime();
  state.binaryFiles.delete(path);
  state.textFiles.set(path, data);
  state.addLowerCaseKey(path);
  // Sizes are bytes on disk, as in the real adapter's stat (the mock counts UTF-16 units).
  state.fileMeta.set(path, {
    ctime: options?.ctime ?? previous?.ctime ?? now,
    mtime: options?.mtime ?? now,
    size: encoder.encode(data).byteLength,
  });
}

function storeBinary(state: AdapterState, path: string, data: ArrayBuffer, options?: DataWriteOptions): void {
  const previous = state.fileMeta.get(path);
  const now = nextMtime();
  state.textFiles.delete(path);
  state.binaryFiles.set(path, data.slice(0));
  state.addLowerCaseKey(path);
  state.fileMeta.set(path, {
    ctime: options?.ctime ?? previous?.ctime ?? now,
    mtime: options?.mtime ?? now,
    size: data.byteLength,
  });
}

/** A file's content as text, whichever way it was written; the real adapter reads any file either way. */
function readText(state: AdapterState, path: string): string {
  const text = state.textFiles.get(path);
  if (text !== undefined) return text;
  const binary = state.binaryFiles.get(path);
  if (binary !== undefined) return decoder.decode(binary);
  if (state.directories.has(path)) throw fsError('EISDIR', 'read', fullPath(state, path));
  throw fsError('ENOENT', 'open', fullPath(state, path));
}

function readBytes(state: AdapterState, path: string): ArrayBuffer {
  const binary = state.binaryFiles.get(path);
  if (binary !== undefined) return binary.slice(0);
  const text = state.textFiles.get(path);
  if (text !== undefined) return encoder.encode(text).buffer;
  if (state.directories.has(path)) throw fsError('EISDIR', 'read', fullPath(state, path));
  throw fsError('ENOENT', 'open', fullPath(state, path));
}

function requireWritable(state: AdapterState, path: string): void {
  if (state.directories.has(path)) throw fsError('EISDIR', 'open', fullPath(state, path));
  requireParent(state, path, 'open');
}

function hasChildren(state: AdapterState, folder: string): boolean {
  const prefix = folder === '' ? '' : `${folder}/`;
  const inside = (path: string): boolean => path !== folder && path.startsWith(prefix);
  return [...state.textFiles.keys(), ...state.binaryFiles.keys(), ...state.directories].some(inside);
}

function splitName(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? { stem: name, extension: '' } : { stem: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * Makes the in-memory adapter fail the way Obsidian's desktop adapter (Node's fs) fails: no missing parent
 * folders are created, a missing file is ENOENT, a folder where a file is expected is EISDIR, and local trash
 * moves into `.trash/`.
 */
export function patchAdapter(): void {
  const proto = Object.getPrototypeOf(FileSystemAdapter.prototype) as Record<string, AdapterMethod>;
  const original = {
    rename: proto['rename'] as (this: AdapterState, from: string, to: string) => Promise<void>,
    rmdir: proto['rmdir'] as (this: AdapterState, path: string, recursive: boolean) => Promise<void>,
    remove: proto['remove'] as (this: AdapterState, path: string) => Promise<void>,
    mkdirSync: proto['mkdirSync__'] as (this: AdapterState, path: string) => void,
    copy: proto['copy'] as (this: AdapterState, from: string, to: string) => Promise<void>,
  };

  const methods: Record<string, AdapterMethod> = {
    read(this: AdapterState, path: string): Promise<string> {
      return Promise.resolve().then(() => readText(this, path));
    },
    readSync__(this: AdapterState, path: string): string {
      return readText(this, path);
    },
    readBinary(this: AdapterState, path: string): Promise<ArrayBuffer> {
      return Promise.resolve().then(() => readBytes(this, path));
    },
    write(this: AdapterState, path: string, data: string, options?: DataWriteOptions): Promise<void> {
      return Promise.resolve().then(() => {
        requireWritable(this, path);
        storeText(this, path, data, options);
        changed(this, path);
      });
    },
    // Test setup only (App.createConfigured__): creates missing parents, as the mock always did.
    writeSync__(this: AdapterState, path: string, data: string, options?: DataWriteOptions): void {
      if (parentOf(path) !== '') original.mkdirSync.call(this, parentOf(path));
      storeText(this, path, data, options);
    },
    writeBinary(this: AdapterState, path: string, data: ArrayBuffer, options?: DataWriteOptions): Promise<void> {
      return Promise.resolve().then(() => {
        requireWritable(this, path);
        storeBinary(this, path, data, options);
        changed(this, path);
      });
    },
    // fs.appendFile creates a missing file, but not a missing folder.
    append(this: AdapterState, path: string, data: string, options?: DataWriteOptions): Promise<void> {
      return Promise.resolve().then(() => {
        requireWritable(this, path);
        storeText(this, path, (isFile(this, path) ? readText(this, path) : '') + data, options);
        changed(this, path);
      });
    },
    appendBinary(this: AdapterState, path: string, data: ArrayBuffer, options?: DataWriteOptions): Promise<void> {
      return Promise.resolve().then(() => {
        requireWritable(this, path);
        const before = new Uint8Array(isFile(this, path) ? readBytes(this, path) : new ArrayBuffer(0));
        const joined = new Uint8Array(before.byteLength + data.byteLength);
        joined.set(before, 0);
        joined.set(new Uint8Array(data), before.byteLength);
        storeBinary(this, path, joined.buffer, options);
        changed(this, path);
      });
    },
    // Recursive, like fs.mkdir(path, { recursive: true }), which the desktop adapter uses.
    mkdir(this: AdapterState, path: string): Promise<void> {
      return Promise.resolve().then(() => {
        for (let folder = path; folder !== ''; folder = parentOf(folder)) {
          if (isFile(this, folder))
            throw fsError(folder === path ? 'EEXIST' : 'ENOTDIR', 'mkdir', fullPath(this, path));
        }
        original.mkdirSync.call(this, path);
        changed(this, path);
      });
    },
    async remove(this: AdapterState, path: string): Promise<void> {
      if (this.directories.has(path)) throw fsError('EISDIR', 'unlink', fullPath(this, path));
      if (!isFile(this, path)) throw fsError('ENOENT', 'unlink', fullPath(this, path));
      await original.remove.call(this, path);
      changed(this, path);
    },
    async rmdir(this: AdapterState, path: string, recursive: boolean): Promise<void> {
      if (!this.directories.has(path))
        throw fsError(isFile(this, path) ? 'ENOTDIR' : 'ENOENT', 'rmdir', fullPath(this, path));
      if (!recursive && hasChildren(this, path)) throw fsError('ENOTEMPTY', 'rmdir', fullPath(this, path));
      await original.rmdir.call(this, path, recursive);
      changed(this, path);
    },
    async rename(this: AdapterState, from: string, to: string): Promise<void> {
      const fail = (code: 'ENOENT' | 'EINVAL' | 'ENOTEMPTY' | 'ENOTDIR' | 'EISDIR'): Error =>
        fsError(code, 'rename', fullPath(this, from), fullPath(this, to));
      const fromIsFolder = this.directories.has(from);
      if (!fromIsFolder && !isFile(this, from)) throw fail('ENOENT');
      if (fromIsFolder && to.startsWith(`${from}/`)) throw fail('EINVAL');
      requireParent(this, from, 'rename', to);
      if (from === to) return;
      // POSIX rename replaces an existing file and an empty folder; Vault.rename refuses both before this.
      if (isFile(this, to)) {
        if (fromIsFolder) throw fail('ENOTDIR');
        await original.remove.call(this, to);
      } else if (this.directories.has(to)) {
        if (!fromIsFolder) throw fail('EISDIR');
        if (hasChildren(this, to)) throw fail('ENOTEMPTY');
        this.directories.delete(to);
      }
      await original.rename.call(this, from, to);
      changed(this, from, to);
    },
    async copy(this: AdapterState, from: string, to: string): Promise<void> {
      if (!isFile(this, from))
        throw fsError(
          this.directories.has(from) ? 'EISDIR' : 'ENOENT',
          'copyfile',
          fullPath(this, from),
          fullPath(this, to),
        );
      requireParent(this, from, 'copyfile', to);
      await original.copy.call(this, from, to);
      const text = this.textFiles.get(to);
      if (text !== undefined) storeText(this, to, text);
      changed(this, to);
    },
    // Obsidian moves the item into the vault's `.trash` folder, keeping the name and adding a number when it is
    // taken. The real app's numbering is not documented; the double uses "Name 2.md", "Name 3.md", … as the
    // project's other vaults do.
    async trashLocal(this: AdapterState, path: string): Promise<void> {
      if (!isFile(this, path) && !this.directories.has(path)) throw fsError('ENOENT', 'rename', fullPath(this, path));
      original.mkdirSync.call(this, '.trash');
      const name = path.slice(path.lastIndexOf('/') + 1);
      const { stem, extension } = isFile(this, path) ? splitName(name) : { stem: name, extension: '' };
      let target = `.trash/${name}`;
      for (let n = 2; isFile(this, target) || this.directories.has(target); n++)
        target = `.trash/${stem} ${n}${extension}`;
      await (this as unknown as { rename(from: string, to: string): Promise<void> }).rename(path, target);
    },
    // The system trash is outside the vault: the item is gone from the vault's point of view.
    async trashSystem(this: AdapterState, path: string): Promise<boolean> {
      if (this.directories.has(path)) await original.rmdir.call(this, path, true);
      else if (isFile(this, path)) await original.remove.call(this, path);
      else return false;
      changed(this, path);
      return true;
    },
  };
  Object.assign(proto, methods);
  patchLowerCaseKeys(proto);
}

const STALE = Symbol('lower-case keys stale');

/**
 * The mock rebuilds its set of lower-cased paths from every file on each remove and rename: O(vault) work per
 * delete that Obsidian does not do, which made a revert of 40 notes in a 50,000-note vault take seconds. Only a
 * case-insensitive `exists` reads the set, so it is rebuilt then, once, when something changed.
 */
function patchLowerCaseKeys(proto: Record<string, AdapterMethod>): void {
  type Lazy = AdapterState & { [STALE]?: boolean };
  const rebuild = proto['rebuildLowerCaseKeys'] as (this: AdapterState) => void;
  const exists = proto['exists'] as (this: AdapterState, path: string, sensitive?: boolean) => Promise<boolean>;
  proto['rebuildLowerCaseKeys'] = function (this: Lazy): void {
    this[STALE] = true;
  };
  proto['exists'] = function (this: Lazy, path: string, sensitive?: boolean): Promise<boolean> {
    if (this[STALE]) {
      rebuild.call(this);
      this[STALE] = false;
    }
    return exists.call(this, path, sensitive);
  };
}
