import { describe, expect, it } from 'vitest';
import { LowercaseCache } from '../../../src/core/search/LowercaseCache';

describe('LowercaseCache', () => {
  it('should return the lowercase text', () => {
    expect(new LowercaseCache().lowercase('a.md', 'Hello WÖRLD')).toBe('hello wörld');
  });

  it('should reuse the copy for the same text and make a new one when the text changed', () => {
    const cache = new LowercaseCache();
    const first = cache.lowercase('a.md', 'ABC');
    expect(cache.lowercase('a.md', 'ABC')).toBe(first);
    expect(cache.lowercase('a.md', 'XYZ')).toBe('xyz');
    expect(cache.size).toBe(1);
  });

  it('should drop the oldest copies to stay within its size, and never keep a text larger than it', () => {
    const cache = new LowercaseCache(10);
    cache.lowercase('a.md', 'AAAA');
    cache.lowercase('b.md', 'BBBB');
    cache.lowercase('c.md', 'CCCC');
    expect(cache.size).toBe(2);
    expect(cache.lowercase('huge.md', 'X'.repeat(11))).toBe('x'.repeat(11));
    expect(cache.size).toBe(2);
  });
});
