import { describe, expect, it } from 'vitest';
import { MemoryVault } from '../../src/node/MemoryVault';
import { describeVaultContract } from '../core/ports/vault.contract';

describeVaultContract('MemoryVault', (initial) => Promise.resolve({ vault: new MemoryVault(initial) }));

describe('MemoryVault.trashDestination', () => {
  it('should name the place trash then uses, numbering a name the trash already holds, and nothing for a missing path', async () => {
    const vault = new MemoryVault({ 'A/Note.md': 'first', 'B/Note.md': 'second' });
    expect(await vault.trashDestination('A/Note.md')).toBe('.trash/Note.md');
    await vault.trash('A/Note.md');
    expect(await vault.trashDestination('B/Note.md')).toBe('.trash/Note 2.md');
    await vault.trash('B/Note.md');
    expect(await vault.read('.trash/Note 2.md')).toBe('second');
    expect(await vault.trashDestination('Missing.md')).toBeNull();
  });
});
