import { describe, expect, it } from 'vitest';
import { BaseTool } from '../../../src/core/tools/BaseTool';
import { builtinTools } from '../../../src/core/tools/builtinTools';
import type { ToolContext } from '../../../src/core/tools/types';
import { MemoryCommands } from '../../../src/node/MemoryCommands';
import { MemoryEditor } from '../../../src/node/MemoryEditor';
import { buildToolContext } from '../../builders/toolContext';

const tool = (name: string) => {
  const found = builtinTools().find((candidate) => candidate.name === name);
  if (!found) throw new Error(name);
  return found;
};
const plan = (name: string, input: unknown, context: ToolContext) => {
  const t = tool(name);
  return t.describeChanges(t.validate(input), context);
};

describe('describeChanges', () => {
  it('should be implemented by every tool that writes or runs commands', () => {
    for (const candidate of builtinTools()) {
      const own = Object.getPrototypeOf(candidate) as { describeChanges: unknown };
      const overrides = own.describeChanges !== BaseTool.prototype.describeChanges;
      expect([candidate.name, overrides]).toEqual([
        candidate.name,
        candidate.meta.isWrite || candidate.meta.risk === 'commands',
      ]);
    }
  });

  it('should plan the unique name that vault.createFile will pick, with the frontmatter it will write', async () => {
    const context = buildToolContext({ files: { 'Notes/Idea.md': 'old' } });
    expect(
      await plan('vault.createFile', { path: 'Notes/Idea.md', content: 'Body', frontmatter: { tags: ['a'] } }, context),
    ).toEqual([
      {
        kind: 'create',
        path: 'Notes/Idea (2).md',
        content: expect.stringMatching(/^---\n[\s\S]*tags[\s\S]*---\n[\s\S]*Body$/) as string,
      },
    ]);
    expect(context.vault.dump()).toEqual({ 'Notes/Idea.md': 'old' });
  });

  it('should plan an append as the whole new content', async () => {
    const context = buildToolContext({ files: { 'a.md': 'one\n' } });
    expect(await plan('vault.writeFile', { path: 'a.md', content: 'two\n', mode: 'append' }, context)).toEqual([
      { kind: 'modify', path: 'a.md', content: 'one\ntwo\n' },
    ]);
  });

  it('should plan a rename with overwrite as trashing the target, then the move', async () => {
    const context = buildToolContext({ files: { 'a.md': 'A', 'b.md': 'B' } });
    expect(
      await plan('vault.rename', { fromPath: 'a.md', toPath: 'b.md', collisionStrategy: 'overwrite' }, context),
    ).toEqual([
      { kind: 'delete', path: 'b.md', isFolder: false, toTrash: true },
      { kind: 'move', path: 'a.md', toPath: 'b.md', isFolder: false },
    ]);
  });

  it('should fail while planning when the write would fail, so nobody is asked to approve it', async () => {
    const context = buildToolContext({ files: { 'a.md': 'A' } });
    await expect(
      plan('vault.createFile', { path: 'a.md', content: '', collisionStrategy: 'error' }, context),
    ).rejects.toMatchObject({ code: 'EXISTS' });
    await expect(plan('vault.delete', { path: 'missing.md' }, context)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should plan nothing for a folder that exists and for a missing file with requireExists false', async () => {
    const context = buildToolContext({ files: { 'Notes/a.md': 'A' } });
    expect(await plan('vault.ensureFolder', { path: 'Notes' }, context)).toEqual([]);
    expect(await plan('vault.ensureFolder', { path: 'New/Sub' }, context)).toEqual([
      { kind: 'create-folder', path: 'New/Sub' },
    ]);
    expect(await plan('vault.delete', { path: 'x.md', requireExists: false }, context)).toEqual([]);
  });

  it('should plan an editor edit as the new content of the file behind the editor', async () => {
    const context = buildToolContext({ files: { 'n.md': 'Hello world\nBye' } });
    const editor = new MemoryEditor({ vault: context.vault });
    editor.setDocument('n.md', 'Hello world\nBye');
    editor.select({ line: 0, ch: 6 }, { line: 0, ch: 11 });
    const withEditor = { ...context, editor };
    expect(await plan('editor.replaceSelection', { text: 'there' }, withEditor)).toEqual([
      { kind: 'modify', path: 'n.md', content: 'Hello there\nBye' },
    ]);
    expect(await plan('editor.insertAtCursor', { text: '!' }, withEditor)).toEqual([
      { kind: 'modify', path: 'n.md', content: 'Hello world!\nBye' },
    ]);
  });

  it('should plan a command by id and name, and refuse an unknown id', async () => {
    const commands = new MemoryCommands([{ id: 'editor:toggle-bold', name: 'Toggle bold' }]);
    const context = buildToolContext({ commands });
    expect(await plan('commands.run', { id: 'editor:toggle-bold' }, context)).toEqual([
      { kind: 'command', id: 'editor:toggle-bold', name: 'Toggle bold' },
    ]);
    await expect(plan('commands.run', { id: 'nope:x' }, context)).rejects.toMatchObject({ code: 'COMMAND_NOT_FOUND' });
  });
});
