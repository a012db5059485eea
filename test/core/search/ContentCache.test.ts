import { describe, expect, it } from 'vitest';
import { ContentCache } from '../../../src/core/search/ContentCache';

/** Raw UTF-8 bytes as a byte string (one char per byte), as the disk vault holds a note it has not decoded. */
const latin1 = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');
const decode = (bytes: string): string => Buffer.from(bytes, 'latin1').toString('utf8');

describe('ContentCache', () => {
  it('should return a text only while the file has the mtime and size it was read with', () => {
    const cache = new ContentCache();
    cache.setText('a.md', 'abc', 1, 3);
    expect(cache.get('a.md', 1, 3)).toBe('abc');
    expect(cache.get('a.md', 2, 3)).toBeUndefined();
    expect(cache.get('a.md', 1, 4)).toBeUndefined();
  });

  it('should drop the oldest texts beyond its character budget', () => {
    const cache = new ContentCache(null, 80);
    cache.setText('a.md', 'a'.repeat(10), 1, 10);
    cache.setText('b.md', 'b'.repeat(10), 1, 10);
    for (let i = 0; i < 8; i++) cache.setText(`c${i}.md`, 'c'.repeat(10), 1, 10);
    expect(cache.get('a.md', 1, 10)).toBeUndefined();
    expect(cache.get('c7.md', 1, 10)).toBe('c'.repeat(10));
  });

  it('should decode raw bytes on first use and keep the text decoded', () => {
    const cache = new ContentCache(decode);
    cache.set('Café.md', { content: latin1('Café ☕'), raw: true }, 1, 9);
    expect(cache.peek('Café.md', 1, 9)).toEqual({ content: latin1('Café ☕'), raw: true, mtimeMs: 1, sizeBytes: 9 });
    expect(cache.get('Café.md', 1, 9)).toBe('Café ☕');
    expect(cache.peek('Café.md', 1, 9)?.raw).toBe(false);
  });

  it('should refuse raw bytes when it was built without a decoder', () => {
    expect(() => new ContentCache().set('a.md', { content: 'abc', raw: true }, 1, 3)).toThrow(
      'ContentCache: raw bytes for "a.md" in a cache built without a decoder',
    );
  });

  it('should move and forget a folder with everything in it', () => {
    const cache = new ContentCache();
    cache.setText('A/x.md', 'x', 1, 1);
    cache.setText('A/B/y.md', 'y', 1, 1);
    cache.setText('AB.md', 'z', 1, 1);
    cache.move('A', 'C');
    expect([cache.get('C/x.md', 1, 1), cache.get('C/B/y.md', 1, 1), cache.get('A/x.md', 1, 1)]).toEqual([
      'x',
      'y',
      undefined,
    ]);
    cache.deleteTree('C');
    expect([cache.get('C/x.md', 1, 1), cache.get('AB.md', 1, 1)]).toEqual([undefined, 'z']);
  });
});
