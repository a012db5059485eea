import { describe, expect, it } from 'vitest';
import { TextCache, textCacheFor } from '../../../src/core/search/TextCache';
import { MemoryVault } from '../../../src/node/MemoryVault';

const entry = (path: string, mtimeMs: number, sizeBytes: number) => ({
  path,
  kind: 'file' as const,
  mtimeMs,
  sizeBytes,
});

describe('TextCache', () => {
  it('should return a text only while the file has the mtime and size it was read with', () => {
    const cache = new TextCache();
    cache.set(entry('a.md', 1, 3), 'abc');
    expect(cache.get(entry('a.md', 1, 3))).toBe('abc');
    expect(cache.get(entry('a.md', 2, 3))).toBeUndefined();
    expect(cache.get(entry('a.md', 1, 4))).toBeUndefined();
  });

  it('should drop the oldest texts beyond its character budget', () => {
    const cache = new TextCache(80);
    cache.set(entry('a.md', 1, 10), 'a'.repeat(10));
    cache.set(entry('b.md', 1, 10), 'b'.repeat(10));
    for (let i = 0; i < 8; i++) cache.set(entry(`c${i}.md`, 1, 10), 'c'.repeat(10));
    expect(cache.get(entry('a.md', 1, 10))).toBeUndefined();
    expect(cache.get(entry('c7.md', 1, 10))).toBe('c'.repeat(10));
  });

  it('should keep one cache per vault object', () => {
    const one = new MemoryVault();
    expect(textCacheFor(one)).toBe(textCacheFor(one));
    expect(textCacheFor(one)).not.toBe(textCacheFor(new MemoryVault()));
  });
});
