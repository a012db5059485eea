import { describe, expect, it } from 'vitest';
import { ToolRepetitionDetector } from '../../../src/core/tool-execution/ToolRepetitionDetector';

describe('ToolRepetitionDetector', () => {
  it('should block the third identical call, naming the tool', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.readFile', { path: 'a.md' });
    detector.check('vault.readFile', { path: 'a.md' });
    expect(() => detector.check('vault.readFile', { path: 'a.md' })).toThrow(
      'vault.readFile was called 3 times with the same input within the last 15 calls; the result will not change. Use the earlier result or try a different approach.',
    );
  });

  it('should treat inputs with keys in another order as identical', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.listFiles', { prefix: 'a', recursive: true });
    detector.check('vault.listFiles', { recursive: true, prefix: 'a' });
    expect(() => detector.check('vault.listFiles', { prefix: 'a', recursive: true })).toThrow(/3 times/);
  });

  it('should allow different inputs and forget calls that left the 15-call window', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.readFile', { path: 'a.md' });
    detector.check('vault.readFile', { path: 'a.md' });
    for (let i = 0; i < 14; i++) detector.check('vault.readFile', { path: `other-${i}.md` });
    expect(() => detector.check('vault.readFile', { path: 'a.md' })).not.toThrow();
  });

  it('should block a third search whose query words mostly overlap', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.searchText', { query: 'meeting notes project alpha' });
    detector.check('vault.searchText', { query: 'project alpha meeting' });
    expect(() => detector.check('vault.searchText', { query: 'alpha meeting project notes' })).toThrow(
      /nearly the same query/,
    );
  });

  it('should let a search read on from an offset, part after part, but still block the same part asked for a third time', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.searchText', { query: 'graph view', limit: 200 });
    for (const offset of [60, 120, 180, 240])
      expect(() => detector.check('vault.searchText', { query: 'graph view', limit: 200, offset })).not.toThrow();
    detector.check('vault.searchText', { query: 'graph view', limit: 200, offset: 240 });
    expect(() => detector.check('vault.searchText', { query: 'graph view', limit: 200, offset: 240 })).toThrow(
      /same input/,
    );
  });

  it('should not compare queries of tools that are not searches', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.createFile', { path: 'a.md', content: 'x', query: 'a b' });
    detector.check('vault.createFile', { path: 'b.md', content: 'x', query: 'a b' });
    expect(() => detector.check('vault.createFile', { path: 'c.md', content: 'x', query: 'a b' })).not.toThrow();
  });

  it('should let searches with different words through', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('vault.searchText', { query: 'budget 2026' });
    detector.check('vault.searchText', { query: 'travel plans' });
    expect(() => detector.check('vault.searchText', { query: 'recipe ideas' })).not.toThrow();
  });

  it('should compare by meaning the field a tool outside the table names as its search query', () => {
    const detector = new ToolRepetitionDetector();
    detector.check('notes.find', { terms: 'meeting notes project alpha' }, 'terms');
    detector.check('notes.find', { terms: 'project alpha meeting' }, 'terms');
    expect(() => detector.check('notes.find', { terms: 'alpha meeting project notes' }, 'terms')).toThrow(
      /nearly the same query/,
    );
  });
});
