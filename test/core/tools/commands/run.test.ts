import { describe, expect, it } from 'vitest';
import { RunCommandTool } from '../../../../src/core/tools/commands/run';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { MemoryCommands } from '../../../../src/node/MemoryCommands';
import { buildToolContext } from '../../../builders/toolContext';

function setup() {
  let bold = 0;
  const commands = new MemoryCommands([
    { id: 'editor:toggle-bold', name: 'Toggle bold', callback: () => void bold++ },
    { id: 'obsidian-git:toggle-bold', name: 'Not really', callback: () => undefined },
    { id: 'editor:toggle-checklist-status', name: 'Toggle checkbox', callback: () => false },
    { id: 'broken:explode', name: 'Explode', callback: () => { throw new Error('Cannot read properties of undefined'); } },
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- plugins do reject with strings
    { id: 'broken:reject', name: 'Reject', callback: () => Promise.reject('plain string reason') },
  ]);
  const run = (input: unknown) => new ToolRegistry([new RunCommandTool()]).execute('commands.run', input, buildToolContext({ commands }));
  return { run, commands, bold: () => bold };
}

describe('commands.run', () => {
  it('should run the command and report it executed', async () => {
    const { run, bold } = setup();
    expect(await run({ id: 'editor:toggle-bold' })).toEqual({ ok: true, output: { id: 'editor:toggle-bold', executed: true } });
    expect(bold()).toBe(1);
  });

  it('should report executed false with a reason when the command says it did not run', async () => {
    const { run } = setup();
    expect(await run({ id: 'editor:toggle-checklist-status' })).toEqual({
      ok: true,
      output: {
        id: 'editor:toggle-checklist-status',
        executed: false,
        errorMessage: 'Command "editor:toggle-checklist-status" did not run: Obsidian reported it is not available right now (many commands need an open note or a selection).',
      },
    });
  });

  it('should report the error message when the command throws', async () => {
    const { run } = setup();
    expect(await run({ id: 'broken:explode' })).toEqual({
      ok: true,
      output: { id: 'broken:explode', executed: false, errorMessage: 'Command "broken:explode" failed: Cannot read properties of undefined' },
    });
  });

  it('should report a rejection that is not an Error readably', async () => {
    const { run } = setup();
    expect(await run({ id: 'broken:reject' })).toMatchObject({ output: { executed: false, errorMessage: 'Command "broken:reject" failed: plain string reason' } });
  });

  it('should fail with COMMAND_NOT_FOUND for an unknown id, suggesting commands.list', async () => {
    const { run, commands } = setup();
    expect(await run({ id: 'editor:toggle-underline' })).toEqual({
      ok: false,
      error: { code: 'COMMAND_NOT_FOUND', message: 'No command has the id "editor:toggle-underline". Use commands.list to find the exact id.' },
    });
    expect(commands.executed).toEqual([]);
  });

  it('should suggest ids with the same command part when the prefix is missing or wrong', async () => {
    const { run } = setup();
    expect(await run({ id: 'toggle-bold' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_NOT_FOUND',
        message: 'No command has the id "toggle-bold". Did you mean "editor:toggle-bold", "obsidian-git:toggle-bold"? Use commands.list to find the exact id.',
      },
    });
  });

  it('should require a non-empty id', async () => {
    const { run } = setup();
    expect(await run({ id: '' })).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'commands.run: `id` must not be empty' } });
    expect(await run({})).toEqual({ ok: false, error: { code: 'INVALID_INPUT', message: 'commands.run: `id` is required' } });
  });
});
