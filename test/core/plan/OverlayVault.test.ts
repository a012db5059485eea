import { describe, expect, it } from 'vitest';
import { OverlayVault } from '../../../src/core/plan/OverlayVault';
import { MemoryVault } from '../../../src/node/MemoryVault';
import { describeVaultContract } from '../ports/vault.contract';

describeVaultContract('OverlayVault over MemoryVault', async (initial) => ({
  vault: new OverlayVault(new MemoryVault(initial)),
}));

describe('OverlayVault', () => {
  const setup = () => {
    const base = new MemoryVault({ 'Inbox/a.md': 'A', 'Inbox/b.md': 'B', 'Notes/n.md': 'N' });
    return { base, overlay: new OverlayVault(base), before: base.dump() };
  };

  it('should leave the vault under it byte for byte unchanged, whatever is written', async () => {
    const { base, overlay, before } = setup();
    await overlay.create('Notes/new.md', 'new');
    await overlay.modify('Notes/n.md', 'changed');
    await overlay.append('Inbox/a.md', '+');
    await overlay.rename('Inbox', 'Archive/Inbox');
    await overlay.trash('Notes/new.md');
    await overlay.delete('Notes');
    await overlay.createFolder('Projects/2026');
    expect(base.dump()).toEqual(before);
    expect(await overlay.read('Archive/Inbox/a.md')).toBe('A+');
    expect(await overlay.stat('Inbox')).toBeNull();
  });

  it('should hide what a deleted folder held, and show a note created there again afterwards', async () => {
    const { overlay } = setup();
    await overlay.delete('Inbox');
    await overlay.create('Inbox/c.md', 'C');
    expect((await overlay.list('Inbox', false)).map((entry) => entry.path)).toEqual(['Inbox/c.md']);
    await expect(overlay.read('Inbox/a.md')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("should list files created in the overlay among the vault's own, sorted by path", async () => {
    const { overlay } = setup();
    await overlay.create('Inbox/0.md', '0');
    await overlay.rename('Inbox/b.md', 'Notes/b.md');
    expect((await overlay.list('/', true)).map((entry) => entry.path)).toEqual([
      'Inbox',
      'Inbox/0.md',
      'Inbox/a.md',
      'Notes',
      'Notes/b.md',
      'Notes/n.md',
    ]);
  });

  it("should tell its own listeners about changes and never the vault's", async () => {
    const { base, overlay } = setup();
    const real: string[] = [];
    const simulated: string[] = [];
    base.onChange((event) => real.push(event.type));
    overlay.onChange((event) => simulated.push(`${event.type} ${event.path}`));
    await overlay.create('x.md', 'x');
    expect(simulated).toEqual(['create x.md']);
    expect(real).toEqual([]);
  });
});
