import type { App } from 'obsidian';

/** What the vault was asked, by kind, and which paths were read. */
export interface VaultAccess {
  /** `Vault.read/cachedRead/readBinary`, adapter `read/readBinary`: one per file read. */
  reads: number;
  /** Adapter `stat/exists`. Index lookups (`getAbstractFileByPath`) are not counted: they touch no disk. */
  stats: number;
  /** Adapter `list`, and `Vault.getFiles/getMarkdownFiles/getAllLoadedFiles`, which walk the whole index. */
  lists: number;
  readPaths: string[];
  /** Each counted list as "method(path)", to tell which one came back. */
  listCalls: string[];
  reset(): void;
  /** Stops counting: the methods are put back. */
  restore(): void;
}

const READS = { vault: ['read', 'cachedRead', 'readBinary'], adapter: ['read', 'readBinary'] } as const;
const STATS = { adapter: ['stat', 'exists'] } as const;
const LISTS = { vault: ['getFiles', 'getMarkdownFiles', 'getAllLoadedFiles'], adapter: ['list'] } as const;

/**
 * Counts the vault access of everything that runs on `app`, so a test can say "a create in an existing folder
 * reads nothing but what it writes" and fail when a change brings back work that grows with the vault. A call the
 * double makes inside another counted call (Vault.read reading through the adapter) counts once. Walks of the
 * index through `TFolder.children` are not seen: a benchmark's time shows those.
 */
export function countVaultAccess(app: App): VaultAccess {
  const access: VaultAccess = {
    reads: 0,
    stats: 0,
    lists: 0,
    readPaths: [],
    listCalls: [],
    reset() {
      access.reads = access.stats = access.lists = 0;
      access.readPaths = [];
      access.listCalls = [];
    },
    restore() {
      for (const undo of undos.splice(0)) undo();
    },
  };
  const undos: (() => void)[] = [];
  let depth = 0;
  const wrap = (target: object, names: readonly string[], kind: 'reads' | 'stats' | 'lists'): void => {
    const record = target as Record<string, unknown>;
    for (const name of names) {
      const original = record[name];
      if (typeof original !== 'function') continue;
      const had = Object.prototype.hasOwnProperty.call(record, name);
      record[name] = function (this: unknown, ...args: unknown[]): unknown {
        if (depth === 0) {
          access[kind]++;
          if (kind === 'reads') access.readPaths.push(pathOf(args[0]));
          if (kind === 'lists') access.listCalls.push(`${name}(${args.length > 0 ? pathOf(args[0]) : ''})`);
        }
        // The double's Vault.read calls the adapter before its first await: only that synchronous part nests.
        depth++;
        try {
          return (original as (...a: unknown[]) => unknown).apply(this, args);
        } finally {
          depth--;
        }
      };
      undos.push(() => {
        if (had) record[name] = original;
        else delete record[name];
      });
    }
  };
  wrap(app.vault, READS.vault, 'reads');
  wrap(app.vault.adapter, READS.adapter, 'reads');
  wrap(app.vault.adapter, STATS.adapter, 'stats');
  wrap(app.vault, LISTS.vault, 'lists');
  wrap(app.vault.adapter, LISTS.adapter, 'lists');
  return access;
}

function pathOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null && 'path' in arg && typeof arg.path === 'string') return arg.path;
  return String(arg);
}
