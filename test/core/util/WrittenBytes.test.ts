// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { WrittenBytes } from '../../../src/core/util/WrittenBytes';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { createTestApp } from '../../obsidian-double/harness';

const text = (bytes: Uint8Array | null): string | null => (bytes === null ? null : new TextDecoder().decode(bytes));

describe('WrittenBytes', () => {
  it('should give what was written once, and only while size and time are what the write left', () => {
    const written = new WrittenBytes();
    written.remember('a.md', 'héllo', { sizeBytes: 6, mtimeMs: 10 });
    expect(text(written.take('a.md', { sizeBytes: 6, mtimeMs: 10 }))).toBe('héllo');
    expect(written.take('a.md', { sizeBytes: 6, mtimeMs: 10 })).toBeNull();
    written.remember('a.md', 'héllo', { sizeBytes: 6, mtimeMs: 10 });
    expect(written.take('a.md', { sizeBytes: 6, mtimeMs: 11 })).toBeNull();
    written.remember('a.md', 'héllo', { sizeBytes: 6, mtimeMs: 10 });
    expect(written.take('a.md', null)).toBeNull();
    // A platform that stored other bytes than it was given (its size says so) is read instead.
    written.remember('b.md', 'abc', { sizeBytes: 4, mtimeMs: 1 });
    expect(written.take('b.md', { sizeBytes: 4, mtimeMs: 1 })).toBeNull();
  });

  it('should forget a path and what is below it, and keep at most its limit', () => {
    const written = new WrittenBytes(2);
    written.remember('F/a.md', 'a', { sizeBytes: 1, mtimeMs: 1 });
    written.remember('F.md', 'b', { sizeBytes: 1, mtimeMs: 1 });
    written.forget('F');
    expect(written.take('F/a.md', { sizeBytes: 1, mtimeMs: 1 })).toBeNull();
    expect(text(written.take('F.md', { sizeBytes: 1, mtimeMs: 1 }))).toBe('b');
    for (const name of ['1', '2', '3']) written.remember(name, name, { sizeBytes: 1, mtimeMs: 1 });
    expect(written.take('1', { sizeBytes: 1, mtimeMs: 1 })).toBeNull();
    expect(text(written.take('3', { sizeBytes: 1, mtimeMs: 1 }))).toBe('3');
  });
});

describe('ObsidianVault.takeWritten', () => {
  it('should give the bytes of its own create and modify, and nothing once the note changed after', async () => {
    const app = createTestApp({ files: { 'Old.md': 'old' } });
    const vault = new ObsidianVault(app.vault, app.fileManager, app.metadataCache);
    await vault.create('New.md', 'new text');
    expect(text(await vault.takeWritten('New.md'))).toBe('new text');
    await vault.modify('Old.md', 'changed');
    // Another editor writes after the agent: what the agent wrote is no longer the file's content.
    await app.vault.adapter.write('Old.md', 'changed by someone else');
    expect(await vault.takeWritten('Old.md')).toBeNull();
    await vault.modify('Old.md', 'again');
    await vault.append('Old.md', ' and more');
    expect(await vault.takeWritten('Old.md')).toBeNull();
  });
});
