import { describe, expect, it } from 'vitest';
import { MemoryCommands } from '../../src/node/MemoryCommands';

describe('MemoryCommands', () => {
  it('should list commands by id and name only', () => {
    const commands = new MemoryCommands([{ id: 'editor:toggle-bold', name: 'Toggle bold', callback: () => undefined }]);
    expect(commands.list()).toEqual([{ id: 'editor:toggle-bold', name: 'Toggle bold' }]);
  });

  it('should run a command, resolve true and record it', async () => {
    let ran = 0;
    const commands = new MemoryCommands([{ id: 'app:reload', name: 'Reload', callback: () => void ran++ }]);
    expect(await commands.run('app:reload')).toBe(true);
    expect(ran).toBe(1);
    expect(commands.executed).toEqual(['app:reload']);
  });

  it('should resolve false for an unknown id', async () => {
    expect(await new MemoryCommands().run('nope:x')).toBe(false);
  });

  it('should resolve false when the callback says the command is not available', async () => {
    const commands = new MemoryCommands([{ id: 'editor:toggle-bold', name: 'Toggle bold', callback: () => false }]);
    expect(await commands.run('editor:toggle-bold')).toBe(false);
    expect(commands.executed).toEqual([]);
  });

  it('should reject with the error of a callback that throws', async () => {
    const commands = new MemoryCommands([
      {
        id: 'x:boom',
        name: 'Boom',
        callback: () => {
          throw new Error('kaboom');
        },
      },
    ]);
    await expect(commands.run('x:boom')).rejects.toThrow('kaboom');
  });

  it('should reject with the error of an async callback that rejects', async () => {
    const commands = new MemoryCommands([
      { id: 'x:late', name: 'Late', callback: () => Promise.reject(new Error('later')) },
    ]);
    await expect(commands.run('x:late')).rejects.toThrow('later');
  });

  it('should run a command without a callback as a no-op', async () => {
    expect(await new MemoryCommands([{ id: 'a:b', name: 'B' }]).run('a:b')).toBe(true);
  });

  it('should add, replace and remove commands', () => {
    const commands = new MemoryCommands([{ id: 'a:b', name: 'Old' }]);
    commands.add({ id: 'a:b', name: 'New' });
    commands.add({ id: 'a:c', name: 'C' });
    commands.remove('a:c');
    expect(commands.list()).toEqual([{ id: 'a:b', name: 'New' }]);
  });

  it('should return a copy of the community plugin ids', () => {
    const commands = new MemoryCommands([], ['dataview']);
    commands.communityPluginIds().push('other');
    expect(commands.communityPluginIds()).toEqual(['dataview']);
  });
});
