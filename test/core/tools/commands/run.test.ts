import { describe, expect, it } from 'vitest';
import { RunCommandTool } from '../../../../src/core/tools/commands/run';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { MemoryCommands } from '../../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../../src/node/MemoryEditor';
import { MemoryVault } from '../../../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../../../src/node/MemoryWorkspace';
import { buildToolContext } from '../../../builders/toolContext';

function setup() {
  let bold = 0;
  const commands = new MemoryCommands([
    { id: 'editor:toggle-bold', name: 'Toggle bold', callback: () => void bold++ },
    { id: 'obsidian-git:toggle-bold', name: 'Not really', callback: () => undefined },
    { id: 'editor:toggle-checklist-status', name: 'Toggle checkbox', callback: () => false },
    {
      id: 'broken:explode',
      name: 'Explode',
      callback: () => {
        throw new Error('Cannot read properties of undefined');
      },
    },
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- plugins do reject with strings
    { id: 'broken:reject', name: 'Reject', callback: () => Promise.reject('plain string reason') },
  ]);
  const vault = new MemoryVault({ 'Notes/Plan.md': '- one\n- two\n', 'Private/Diary.md': 'secret\n' });
  const editor = new MemoryEditor({ vault });
  const workspace = new MemoryWorkspace({ vault, editor });
  const readable = (path: string): boolean => !path.startsWith('Private/');
  const run = (input: unknown) =>
    new ToolRegistry([new RunCommandTool()]).execute(
      'commands.run',
      input,
      buildToolContext({ vault, commands, editor, workspace, readable }),
    );
  return { run, commands, bold: () => bold, workspace, editor };
}

describe('commands.run', () => {
  it('should run the command and report it executed', async () => {
    const { run, bold } = setup();
    expect(await run({ id: 'editor:toggle-bold' })).toEqual({
      ok: true,
      output: { id: 'editor:toggle-bold', executed: true },
    });
    expect(bold()).toBe(1);
  });

  it('should fail with COMMAND_FAILED and what was open when Obsidian says the command is not available', async () => {
    const { run, workspace } = setup();
    await workspace.openFile('Notes/Plan.md', { newLeaf: false, focus: true });
    expect(await run({ id: 'editor:toggle-checklist-status' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_FAILED',
        message:
          'Command "editor:toggle-checklist-status" did not run: Obsidian reported it is not available right now (many commands need an open note or a selection). Open: "Notes/Plan.md" in a markdown view; nothing selected.',
      },
    });
  });

  it('should fail with COMMAND_FAILED and the error when the command throws', async () => {
    const { run, workspace, editor } = setup();
    await workspace.openFile('Notes/Plan.md', { newLeaf: false, focus: true });
    editor.select({ line: 0, ch: 2 }, { line: 0, ch: 5 });
    expect(await run({ id: 'broken:explode' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_FAILED',
        message:
          'Command "broken:explode" failed: Cannot read properties of undefined. Open: "Notes/Plan.md" in a markdown view; 3 characters selected.',
      },
    });
  });

  it('should say no file is open when the command fails with nothing open', async () => {
    const { run } = setup();
    expect(await run({ id: 'broken:reject' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_FAILED',
        message: 'Command "broken:reject" failed: plain string reason. Open: no file; no editor.',
      },
    });
  });

  it('should not name an open file the ignore rules hide when a command fails', async () => {
    const { run, workspace } = setup();
    await workspace.openFile('Private/Diary.md', { newLeaf: false, focus: true });
    expect(await run({ id: 'broken:explode' })).toMatchObject({
      error: {
        message:
          'Command "broken:explode" failed: Cannot read properties of undefined. Open: a file the ignore rules hide in a markdown view; no editor.',
      },
    });
  });

  it('should fail with COMMAND_NOT_FOUND for an unknown id, suggesting commands.list', async () => {
    const { run, commands } = setup();
    expect(await run({ id: 'editor:toggle-underline' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_NOT_FOUND',
        message: 'No command has the id "editor:toggle-underline". Use commands.list to find the exact id.',
      },
    });
    expect(commands.executed).toEqual([]);
  });

  it('should suggest ids with the same command part when the prefix is missing or wrong', async () => {
    const { run } = setup();
    expect(await run({ id: 'toggle-bold' })).toEqual({
      ok: false,
      error: {
        code: 'COMMAND_NOT_FOUND',
        message:
          'No command has the id "toggle-bold". Did you mean "editor:toggle-bold", "obsidian-git:toggle-bold"? Use commands.list to find the exact id.',
      },
    });
  });

  it('should require a non-empty id', async () => {
    const { run } = setup();
    expect(await run({ id: '' })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'commands.run: `id` must not be empty' },
    });
    expect(await run({})).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'commands.run: `id` is required' },
    });
  });
});
