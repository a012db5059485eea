import { MetadataCache, TFolder } from 'obsidian-test-mocks/obsidian';
import type { App, TFile, Vault } from 'obsidian-test-mocks/obsidian';
import { LinkResolver, linktextFor, scanLinks } from './links';
import type { LinkFormat } from './links';
import { originalOf } from './original';

type LinkCounts = Record<string, Record<string, number>>;

/** The user's "New link format" setting (`newLinkFormat`), "shortest" by default as in Obsidian. */
export function linkFormatOf(vault: Vault): LinkFormat {
  const value = vault.getConfig__('newLinkFormat');
  return value === 'relative' || value === 'absolute' ? value : 'shortest';
}

function stripSubpath(linkpath: string): string {
  const hash = linkpath.indexOf('#');
  return hash === -1 ? linkpath : linkpath.slice(0, hash);
}

function computeLinks(vault: Vault): { resolved: LinkCounts; unresolved: LinkCounts } {
  const resolver = new LinkResolver(vault.getFiles());
  const resolved: LinkCounts = {};
  const unresolved: LinkCounts = {};
  for (const file of vault.getMarkdownFiles()) {
    let content: string;
    try {
      content = vault.readSync__(file);
    } catch {
      continue;
    }
    const fileResolved: Record<string, number> = {};
    const fileUnresolved: Record<string, number> = {};
    for (const link of scanLinks(content)) {
      if (link.linkpath === '') continue;
      const target = resolver.resolve(link.linkpath, file.path);
      if (target) fileResolved[target.path] = (fileResolved[target.path] ?? 0) + 1;
      else fileUnresolved[link.linkpath] = (fileUnresolved[link.linkpath] ?? 0) + 1;
    }
    resolved[file.path] = fileResolved;
    unresolved[file.path] = fileUnresolved;
  }
  return { resolved, unresolved };
}

function rekey<T>(
  map: Map<string, T> | Record<string, T>,
  oldPath: string,
  newPath: string | null,
  isFolder: boolean,
): void {
  // A file has one key; only a folder's descendants need a pass over every key.
  const keys = !isFolder ? [oldPath] : map instanceof Map ? [...map.keys()] : Object.keys(map);
  for (const key of keys) {
    if (key !== oldPath && !key.startsWith(`${oldPath}/`)) continue;
    const value = map instanceof Map ? map.get(key) : map[key];
    if (map instanceof Map) map.delete(key);
    else Reflect.deleteProperty(map, key);
    if (newPath === null || value === undefined) continue;
    const moved = newPath + key.slice(oldPath.length);
    if (map instanceof Map) map.set(moved, value);
    else map[moved] = value;
  }
}

/**
 * Keeps `resolvedLinks` / `unresolvedLinks` right after every create, modify, rename and delete (the mock fills
 * them at creation only, against the files that existed then, and never after a rename), follows renames and
 * deletions in the per-file cache, and resolves links and link text as Obsidian does. Real Obsidian resolves in
 * the background and fires "resolved"; the double recomputes on the next read, so tests need not wait.
 */
export function patchMetadataCache(): void {
  const proto = MetadataCache.prototype as unknown as {
    constructor2__(this: MetadataCache, app: App, vault: Vault): void;
  };
  const originalHook = originalOf(proto, 'constructor2__');
  proto.constructor2__ = function (this: MetadataCache, app: App, vault: Vault): void {
    originalHook.call(this, app, vault);
    let links: { resolved: LinkCounts; unresolved: LinkCounts } | null = null;
    const current = (): { resolved: LinkCounts; unresolved: LinkCounts } => (links ??= computeLinks(vault));
    const stale = (): void => {
      links = null;
    };
    Object.defineProperty(this, 'resolvedLinks', {
      configurable: true,
      enumerable: true,
      get: () => current().resolved,
      set: stale,
    });
    Object.defineProperty(this, 'unresolvedLinks', {
      configurable: true,
      enumerable: true,
      get: () => current().unresolved,
      set: stale,
    });
    vault.on('create', stale);
    vault.on('modify', stale);
    vault.on('delete', (...data: unknown[]) => {
      const file = data[0] as { path: string };
      rekey(this.cache__, file.path, null, file instanceof TFolder);
      rekey(this.fileCache__, file.path, null, file instanceof TFolder);
      stale();
    });
    vault.on('rename', (...data: unknown[]) => {
      const [file, oldPath] = data as [{ path: string }, string];
      rekey(this.cache__, oldPath, file.path, file instanceof TFolder);
      rekey(this.fileCache__, oldPath, file.path, file instanceof TFolder);
      stale();
    });
  };

  // The mock refreshes a changed note's links by writing into `resolvedLinks`, which would make the getter above
  // recompute every note's links on every create and modify: O(vault) work Obsidian does not do (it updates the
  // one note). The getter is always current, so the mock's own update has nothing left to do.
  (MetadataCache.prototype as unknown as { updateLinks(): void }).updateLinks = function (): void {};

  MetadataCache.prototype.getFirstLinkpathDest = function (
    this: MetadataCache,
    linkpath: string,
    sourcePath: string,
  ): TFile | null {
    return new LinkResolver(this.app__.vault.getFiles()).resolve(stripSubpath(linkpath), sourcePath);
  };

  // obsidian.d.ts: `omitMdExtension` defaults to true.
  MetadataCache.prototype.fileToLinktext = function (
    this: MetadataCache,
    file: TFile,
    sourcePath: string,
    omitMdExtension = true,
  ): string {
    const vault = this.app__.vault;
    return linktextFor(file, sourcePath, omitMdExtension, linkFormatOf(vault), new LinkResolver(vault.getFiles()));
  };
}
