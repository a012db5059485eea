import { describe, expect, it } from 'vitest';
import { FilterStore } from '../../../src/core/search/FilterStore';
import { buildTrigramFilter, trigramHashes } from '../../../src/core/search/trigramFilter';

interface Stored {
  mtime: number;
  size: number;
  text: string;
}

describe('FilterStore', () => {
  it('should answer for each note from its own filter through many sets, deletes and moves (slots reused, pool compacted)', () => {
    const store = new FilterStore();
    const model = new Map<string, Stored>();
    let state = 7;
    const rand = (n: number): number => (state = (state * 1103515245 + 12345) % 2147483648) % n;
    const words = ['alpha', 'budget', 'café', 'ΣΊΣΥΦΟΣ', 'rocket 🚀', 'zebra', 'meeting agenda'];
    for (let step = 0; step < 20_000; step++) {
      const path = `n${rand(300)}.md`;
      const roll = rand(10);
      if (roll < 6) {
        const text = Array.from({ length: 1 + rand(400) }, () => words[rand(words.length)]).join(' ');
        store.set(path, step, text.length, buildTrigramFilter(text));
        model.set(path, { mtime: step, size: text.length, text });
      } else if (roll < 8) {
        store.delete(path);
        model.delete(path);
      } else {
        const to = `m${rand(300)}.md`;
        const moved = model.get(path);
        store.move(path, to);
        if (moved) {
          model.delete(path);
          model.set(to, moved);
        }
      }
      if (step % 5000 === 4999) store.trim();
    }
    expect(store.size).toBe(model.size);
    for (const [path, { mtime, size, text }] of model) {
      for (const word of words) {
        const answer = store.ask(path, mtime, size, trigramHashes(word));
        if (text.includes(word)) expect(answer, `${path} holds "${word}"`).toBe('may');
      }
      expect(store.ask(path, mtime, size, trigramHashes('zqxj-not-there'))).toBe('out');
    }
  });

  it('should say "unknown" for a note whose mtime or size differ from the ones indexed, or that it never saw', () => {
    const store = new FilterStore();
    store.set('a.md', 10, 5, buildTrigramFilter('alpha'));
    expect(store.ask('a.md', 10, 5, trigramHashes('alpha'))).toBe('may');
    expect(store.ask('a.md', 10, 5, trigramHashes('zqxj'))).toBe('out');
    expect(store.ask('a.md', 11, 5, trigramHashes('alpha'))).toBe('unknown');
    expect(store.ask('a.md', 10, 6, trigramHashes('alpha'))).toBe('unknown');
    expect(store.ask('b.md', 10, 5, trigramHashes('alpha'))).toBe('unknown');
  });
});
