import { describe, expect, it } from 'vitest';
import { ListCommandsTool } from '../../../../src/core/tools/commands/list';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { MemoryCommands } from '../../../../src/node/MemoryCommands';
import { buildToolContext } from '../../../builders/toolContext';

const commands = new MemoryCommands(
  [
    { id: 'editor:toggle-bold', name: 'Toggle bold' },
    { id: 'editor:toggle-italics', name: 'Toggle italics' },
    { id: 'app:open-settings', name: 'Open settings' },
    { id: 'dataview:dataview-force-refresh-views', name: 'Dataview: Force refresh all views and blocks' },
    { id: 'mystery:do-thing', name: 'Do thing' },
    { id: 'file-explorer:reveal-active-file', name: 'Files: Reveal current file in navigation' },
    { id: 'insert-current-date', name: 'Templates: Insert current date' },
    { id: 'noprefix', name: 'A command without a prefix' },
  ],
  ['dataview'],
);
const run = (input: unknown = {}, ports = commands) =>
  new ToolRegistry([new ListCommandsTool()]).execute('commands.list', input, buildToolContext({ commands: ports }));
const ids = (result: unknown): string[] =>
  (result as { output: { commands: { id: string }[] } }).output.commands.map((c) => c.id);

describe('commands.list', () => {
  it('should list every command sorted by name then id, with owner hints', async () => {
    const result = await run();
    expect(ids(result)).toEqual([
      'noprefix',
      'dataview:dataview-force-refresh-views',
      'mystery:do-thing',
      'file-explorer:reveal-active-file',
      'app:open-settings',
      'insert-current-date',
      'editor:toggle-bold',
      'editor:toggle-italics',
    ]);
    expect(result).toMatchObject({ ok: true, output: { truncated: false } });
  });

  it('should tell core, community and unknown owners apart', async () => {
    const result = await run({ query: 'bold' });
    expect(result).toEqual({
      ok: true,
      output: {
        commands: [{ id: 'editor:toggle-bold', name: 'Toggle bold', ownerHint: 'editor', ownerType: 'core' }],
        truncated: false,
      },
    });
    expect(await run({ query: 'dataview' })).toMatchObject({
      output: { commands: [{ ownerHint: 'dataview', ownerType: 'community' }] },
    });
    expect(await run({ query: 'do thing' })).toMatchObject({
      output: { commands: [{ ownerHint: 'mystery', ownerType: 'unknown' }] },
    });
  });

  it('should leave out ownerHint for an id without a prefix, and know core ones', async () => {
    expect(await run({ query: 'without' })).toEqual({
      ok: true,
      output: {
        commands: [{ id: 'noprefix', name: 'A command without a prefix', ownerType: 'unknown' }],
        truncated: false,
      },
    });
    expect(await run({ query: 'current date' })).toMatchObject({
      output: { commands: [{ id: 'insert-current-date', ownerType: 'core' }] },
    });
  });

  it('should require every query word, in the name or the id, ignoring case', async () => {
    expect(ids(await run({ query: 'TOGGLE italics' }))).toEqual(['editor:toggle-italics']);
    expect(ids(await run({ query: 'reveal file-explorer' }))).toEqual(['file-explorer:reveal-active-file']);
    expect(ids(await run({ query: 'toggle underline' }))).toEqual([]);
  });

  it('should ignore a blank query', async () => {
    expect(ids(await run({ query: '   ' }))).toHaveLength(8);
  });

  it('should filter by id prefix, ignoring case', async () => {
    expect(ids(await run({ prefix: 'Editor:' }))).toEqual(['editor:toggle-bold', 'editor:toggle-italics']);
  });

  it('should combine prefix and query', async () => {
    expect(ids(await run({ prefix: 'editor:', query: 'bold' }))).toEqual(['editor:toggle-bold']);
  });

  it('should return at most limit commands and say the list was truncated', async () => {
    const result = await run({ limit: 2 });
    expect(ids(result)).toEqual(['noprefix', 'dataview:dataview-force-refresh-views']);
    expect(result).toMatchObject({ output: { truncated: true } });
    expect(await run({ prefix: 'editor:', limit: 2 })).toMatchObject({ output: { truncated: false } });
  });

  it('should return at most 50 commands by default', async () => {
    const many = new MemoryCommands(
      Array.from({ length: 60 }, (_, i) => ({
        id: `x:c${String(i).padStart(2, '0')}`,
        name: `Command ${String(i).padStart(2, '0')}`,
      })),
    );
    const result = await run({}, many);
    expect(ids(result)).toHaveLength(50);
    expect(ids(result)[49]).toBe('x:c49');
    expect(result).toMatchObject({ output: { truncated: true } });
  });

  it('should sort equal names by id', async () => {
    const twins = new MemoryCommands([
      { id: 'b:same', name: 'Same' },
      { id: 'a:same', name: 'Same' },
    ]);
    expect(ids(await run({}, twins))).toEqual(['a:same', 'b:same']);
  });

  it('should reject a limit below 1', async () => {
    expect(await run({ limit: 0 })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'commands.list: `limit` must be >= 1, got 0' },
    });
  });
});
