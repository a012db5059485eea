import { isInside } from '../core/paths/normalizePath';

interface Cached {
  content: string;
  mtimeMs: number;
  sizeBytes: number;
}

/**
 * Text of recently read files, valid only while the file's (mtime, size) is what it was when read. Bounded by
 * total characters; the oldest entries go first (a Map keeps insertion order, and a hit re-inserts).
 */
export class ContentCache {
  private readonly items = new Map<string, Cached>();
  private chars = 0;

  constructor(private readonly maxChars = 64 * 1024 * 1024) {}

  get(path: string, mtimeMs: number, sizeBytes: number): string | undefined {
    const hit = this.items.get(path);
    if (!hit) return undefined;
    if (hit.mtimeMs !== mtimeMs || hit.sizeBytes !== sizeBytes) {
      this.delete(path);
      return undefined;
    }
    this.items.delete(path);
    this.items.set(path, hit);
    return hit.content;
  }

  set(path: string, content: string, mtimeMs: number, sizeBytes: number): void {
    this.delete(path);
    if (content.length > this.maxChars / 4) return; // one huge file should not flush everything else
    this.items.set(path, { content, mtimeMs, sizeBytes });
    this.chars += content.length;
    for (const [oldest, item] of this.items) {
      if (this.chars <= this.maxChars) break;
      this.items.delete(oldest);
      this.chars -= item.content.length;
    }
  }

  delete(path: string): void {
    const item = this.items.get(path);
    if (!item) return;
    this.items.delete(path);
    this.chars -= item.content.length;
  }

  /** Forgets `path` and everything under it. */
  deleteTree(path: string): void {
    for (const key of [...this.items.keys()]) if (isInside(key, path)) this.delete(key);
  }

  /** Re-keys `fromPath` and everything under it to `toPath`; the files themselves did not change. */
  move(fromPath: string, toPath: string): void {
    for (const [key, item] of [...this.items]) {
      if (!isInside(key, fromPath)) continue;
      this.delete(key);
      this.set(toPath + key.slice(fromPath.length), item.content, item.mtimeMs, item.sizeBytes);
    }
  }

  clear(): void {
    this.items.clear();
    this.chars = 0;
  }
}
