import { describe, expect, it } from 'vitest';
import { ApprovedChanges, listEffects } from '../../../src/core/tool-execution/ApprovedChanges';
import type { PlannedChange } from '../../../src/core/tools/types';
import { MemoryVault } from '../../../src/node/MemoryVault';

async function approved(vault: MemoryVault, ...calls: [string, unknown, PlannedChange[]][]): Promise<ApprovedChanges> {
  const set = new ApprovedChanges();
  for (const [tool, input, changes] of calls) await set.add(tool, input, changes, vault);
  return set;
}

describe('ApprovedChanges', () => {
  it('should pass a write of the text that was shown, and name one of other text, another kind or another path', async () => {
    const vault = new MemoryVault({ 'a.md': 'old' });
    const set = await approved(vault, ['vault.writeFile', {}, [{ kind: 'modify', path: 'a.md', content: 'shown' }]]);
    expect(
      await set.unshown('vault.writeFile', {}, [{ kind: 'modify', path: 'a.md', content: 'shown' }], vault),
    ).toEqual([]);
    expect(
      await set.unshown('vault.writeFile', {}, [{ kind: 'modify', path: 'a.md', content: 'typed since' }], vault),
    ).toEqual(['write "a.md" with other text than the preview showed']);
    expect(
      await set.unshown('vault.writeFile', {}, [{ kind: 'create', path: 'a.md', content: 'shown' }], vault),
    ).toEqual(['create "a.md" with other text than the preview showed']);
    expect(
      await set.unshown('vault.writeFile', {}, [{ kind: 'modify', path: 'b.md', content: 'shown' }], vault),
    ).toEqual(['write "b.md"']);
  });

  it('should tell a permanent delete from one to the trash', async () => {
    const vault = new MemoryVault({ 'a.md': 'a' });
    const set = await approved(vault, [
      'vault.delete',
      {},
      [{ kind: 'delete', path: 'a.md', isFolder: false, toTrash: true }],
    ]);
    expect(
      await set.unshown('vault.delete', {}, [{ kind: 'delete', path: 'a.md', isFolder: false, toTrash: false }], vault),
    ).toEqual(['permanently delete "a.md"']);
  });

  it('should hold a moved folder to the files it held in the preview', async () => {
    const vault = new MemoryVault({ 'Inbox/a.md': 'a' });
    const move: PlannedChange = { kind: 'move', path: 'Inbox', toPath: 'Archive/Inbox', isFolder: true };
    const set = await approved(vault, ['vault.rename', {}, [move]]);
    expect(await set.unshown('vault.rename', {}, [move], vault)).toEqual([]);
    await vault.create('Inbox/b.md', 'arrived');
    expect(await set.unshown('vault.rename', {}, [move], vault)).toEqual(['move "Inbox/b.md" to "Archive/Inbox/b.md"']);
  });

  it('should hold a command to the note it acts on', async () => {
    const vault = new MemoryVault();
    const command = (activeFile: string): PlannedChange => ({
      kind: 'command',
      id: 'app:delete-file',
      name: 'Delete current file',
      activeFile,
    });
    const set = await approved(vault, ['commands.run', {}, [command('Journal.md')]]);
    expect(await set.unshown('commands.run', {}, [command('Contract.md')], vault)).toEqual([
      'run the command "Delete current file" on "Contract.md"',
    ]);
  });

  it('should pass a call that changes nothing only with the input it had in the preview', async () => {
    const vault = new MemoryVault();
    const set = await approved(vault, ['vault.readFile', { path: 'a.md' }, []]);
    expect(await set.unshown('vault.readFile', { path: 'a.md' }, [], vault)).toEqual([]);
    expect(await set.unshown('vault.readFile', { path: 'Private.md' }, [], vault)).toEqual([
      'run vault.readFile with these arguments',
    ]);
  });

  it('should list at most five changes and count the rest', () => {
    expect(listEffects(['a', 'b'])).toBe('a, b');
    expect(listEffects(['1', '2', '3', '4', '5', '6', '7'])).toBe('1, 2, 3, 4, 5 and 2 more');
  });
});
