import { describe, expect, it } from 'vitest';
import { CallReads } from '../../../src/core/tool-execution/CallReads';
import { MemoryVault } from '../../../src/node/MemoryVault';

function countingVault(files: Record<string, string>): { vault: MemoryVault; reads: string[] } {
  const vault = new MemoryVault(files);
  const reads: string[] = [];
  const readBinary = vault.readBinary.bind(vault);
  vault.readBinary = (path: string) => {
    reads.push(path);
    return readBinary(path);
  };
  return { vault, reads };
}

describe('CallReads', () => {
  it('should read a note once per phase, and afresh after forget', async () => {
    const { vault, reads } = countingVault({ 'a.md': 'one' });
    const call = new CallReads(vault);
    expect(new TextDecoder().decode(await call.vault.readBinary('a.md'))).toBe('one');
    await call.vault.readBinary('a.md');
    expect(reads).toEqual(['a.md']);
    await vault.modify('a.md', 'two');
    call.forget();
    expect(new TextDecoder().decode(await call.vault.readBinary('a.md'))).toBe('two');
    expect(reads).toEqual(['a.md', 'a.md']);
  });

  it('should forget what it read when the call writes through it, and keep no failed read', async () => {
    const { vault, reads } = countingVault({ 'a.md': 'one' });
    const call = new CallReads(vault);
    await call.vault.readBinary('a.md');
    await call.vault.modify('a.md', 'two');
    expect(new TextDecoder().decode(await call.vault.readBinary('a.md'))).toBe('two');
    await expect(call.vault.readBinary('missing.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await vault.create('missing.md', 'now here');
    expect(new TextDecoder().decode(await call.vault.readBinary('missing.md'))).toBe('now here');
    expect(reads).toEqual(['a.md', 'a.md', 'missing.md', 'missing.md']);
  });

  it('should hand each reader its own copy of the bytes', async () => {
    const call = new CallReads(new MemoryVault({ 'a.md': 'abc' }));
    const first = await call.vault.readBinary('a.md');
    first[0] = 0;
    expect(new TextDecoder().decode(await call.vault.readBinary('a.md'))).toBe('abc');
  });

  it("should work out what a tool asks once per phase for the call's input, and afresh after forget or a write", async () => {
    const call = new CallReads(new MemoryVault({ 'a.md': 'one' }));
    const input = { path: 'a.md' };
    let worked = 0;
    const work = () => Promise.resolve(++worked);
    expect(await call.once(input, work)).toBe(1);
    expect(await call.once(input, work)).toBe(1);
    expect(await call.once({ path: 'a.md' }, work)).toBe(2);
    call.forget();
    expect(await call.once(input, work)).toBe(3);
    await call.vault.modify('a.md', 'two');
    expect(await call.once(input, work)).toBe(4);
  });

  it('should not keep a failed answer', async () => {
    const call = new CallReads(new MemoryVault({}));
    const input = {};
    await expect(call.once(input, () => Promise.reject(new Error('not yet')))).rejects.toThrow('not yet');
    expect(await call.once(input, () => Promise.resolve('now'))).toBe('now');
  });
});
