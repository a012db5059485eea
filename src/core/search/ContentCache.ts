import { isInside } from '../paths/normalizePath';

/** A file's content as the cache holds it: decoded text, or raw bytes not yet decoded. */
export interface CachedContent {
  /** The decoded text, or the file's raw UTF-8 bytes as a byte string (one char per byte) when `raw`. */
  readonly content: string;
  readonly raw: boolean;
}

interface Cached extends CachedContent {
  readonly mtimeMs: number;
  readonly sizeBytes: number;
}

/**
 * Content of recently read files, valid only while the file's (mtime, size) is what it was when read: the one
 * text cache, for the disk vault's `cachedRead` and for search's texts over a vault that has no cache of its own
 * (see SearchIndex). Looking one up is synchronous, so a warm search over 10k notes is one tight loop instead of
 * 10k awaited reads. A file is held as decoded text, or, where the cache was given a decoder, as its raw UTF-8
 * bytes when a search only needed to see that it cannot match (a byte string costs one byte a char; decoding is
 * the expensive part of a cold search and is done on first real use). Bounded by total characters; the oldest
 * entries go first (a Map keeps insertion order, and a hit re-inserts).
 */
export class ContentCache {
  private readonly items = new Map<string, Cached>();
  private chars = 0;

  /** `decode` turns raw bytes into text; a cache without one holds decoded text only. */
  constructor(
    private readonly decode: ((bytes: string) => string) | null = null,
    private readonly maxChars = 64 * 1024 * 1024,
  ) {}

  /** The decoded text; raw bytes are decoded now and kept decoded. */
  get(path: string, mtimeMs: number, sizeBytes: number): string | undefined {
    const hit = this.lookup(path, mtimeMs, sizeBytes);
    if (!hit) return undefined;
    if (!hit.raw) return hit.content;
    const text = (this.decode as (bytes: string) => string)(hit.content);
    this.setText(path, text, mtimeMs, sizeBytes);
    return text;
  }

  /** What is held, without decoding, and without counting as a use: a search peeks at every file. */
  peek(path: string, mtimeMs: number, sizeBytes: number): CachedContent | undefined {
    const hit = this.items.get(path);
    return hit && hit.mtimeMs === mtimeMs && hit.sizeBytes === sizeBytes ? hit : undefined;
  }

  setText(path: string, text: string, mtimeMs: number, sizeBytes: number): void {
    this.put(path, { content: text, raw: false, mtimeMs, sizeBytes });
  }

  set(path: string, { content, raw }: CachedContent, mtimeMs: number, sizeBytes: number): void {
    if (raw && !this.decode)
      throw new Error(`ContentCache: raw bytes for "${path}" in a cache built without a decoder`);
    this.put(path, { content, raw, mtimeMs, sizeBytes });
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
      this.put(toPath + key.slice(fromPath.length), item);
    }
  }

  clear(): void {
    this.items.clear();
    this.chars = 0;
  }

  private lookup(path: string, mtimeMs: number, sizeBytes: number): Cached | undefined {
    const hit = this.items.get(path);
    if (!hit) return undefined;
    if (hit.mtimeMs !== mtimeMs || hit.sizeBytes !== sizeBytes) {
      this.delete(path);
      return undefined;
    }
    this.items.delete(path);
    this.items.set(path, hit);
    return hit;
  }

  private put(path: string, item: Cached): void {
    this.delete(path);
    if (item.content.length > this.maxChars / 4) return; // one huge file should not flush everything else
    this.items.set(path, item);
    this.chars += item.content.length;
    for (const [oldest, old] of this.items) {
      if (this.chars <= this.maxChars) break;
      this.items.delete(oldest);
      this.chars -= old.content.length;
    }
  }
}
