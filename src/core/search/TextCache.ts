import type { VaultEntry, VaultPort } from '../ports/vault';

interface Cached {
  text: string;
  mtimeMs: number;
  sizeBytes: number;
}

/**
 * Note texts kept between searches, each valid only while the file's (mtime, size) from the listing is what it
 * was when read. Looking one up is synchronous, so a warm search over 10k notes is one tight loop instead of 10k
 * awaited reads. The strings are the ones the vault's own cache handed out, so holding them costs little extra.
 * Bounded in characters; the oldest entries go first.
 */
export class TextCache {
  private readonly items = new Map<string, Cached>();
  private chars = 0;

  constructor(private readonly maxChars = 48_000_000) {}

  get(entry: VaultEntry): string | undefined {
    const hit = this.items.get(entry.path);
    if (hit && hit.mtimeMs === entry.mtimeMs && hit.sizeBytes === entry.sizeBytes) return hit.text;
    return undefined;
  }

  set(entry: VaultEntry, text: string): void {
    const old = this.items.get(entry.path);
    if (old) {
      this.items.delete(entry.path);
      this.chars -= old.text.length;
    }
    if (text.length > this.maxChars / 8) return;
    this.items.set(entry.path, { text, mtimeMs: entry.mtimeMs, sizeBytes: entry.sizeBytes });
    this.chars += text.length;
    for (const [path, item] of this.items) {
      if (this.chars <= this.maxChars) break;
      this.items.delete(path);
      this.chars -= item.text.length;
    }
  }
}

/** One cache per vault object, gone with it; tools stay stateless. */
const caches = new WeakMap<VaultPort, TextCache>();

export function textCacheFor(vault: VaultPort): TextCache {
  let cache = caches.get(vault);
  if (!cache) {
    cache = new TextCache();
    caches.set(vault, cache);
  }
  return cache;
}
