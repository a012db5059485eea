import { describe, expect, it } from 'vitest';
import { builtinTools } from '../../../../src/core/tools/builtinTools';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry(builtinTools());
const setup = (files: Record<string, string>) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (tool: string, input: unknown) => registry.execute(tool, input, context) };
};

/** "note.md" beside "Note.md" is one file on a Mac or Windows disk, and `[[Note]]` cannot tell them apart. */
describe('a new name that differs from an existing one only by case', () => {
  it('should make vault.createFile pick a free name, as for a taken one', async () => {
    const { vault, run } = setup({ 'Notes/Note.md': 'capital', 'Notes/Note (2).md': 'second' });
    expect(await run('vault.createFile', { path: 'Notes/note.md', content: 'new' })).toMatchObject({
      ok: true,
      output: { path: 'Notes/note (3).md', created: true },
    });
    expect(vault.dump()).toEqual({
      'Notes/Note.md': 'capital',
      'Notes/Note (2).md': 'second',
      'Notes/note (3).md': 'new',
    });
  });

  it('should make vault.createFile with collisionStrategy "error" name the existing note', async () => {
    const { vault, run } = setup({ 'Note.md': 'capital' });
    expect(await run('vault.createFile', { path: 'NOTE.md', content: 'new', collisionStrategy: 'error' })).toEqual({
      ok: false,
      error: {
        code: 'EXISTS',
        message:
          'vault.createFile: `path` "NOTE.md" differs only by case from the existing file "Note.md", which a Mac or Windows disk takes for the same name and links cannot tell apart; use "Note.md" to change that file, or choose another name',
      },
    });
    expect(vault.dump()).toEqual({ 'Note.md': 'capital' });
  });

  it('should make vault.writeFile refuse, writing nothing', async () => {
    const { vault, run } = setup({ 'Note.md': 'capital' });
    expect(await run('vault.writeFile', { path: 'NOTE.md', content: 'new', mode: 'overwrite' })).toMatchObject({
      ok: false,
      error: {
        code: 'EXISTS',
        message: expect.stringContaining('"NOTE.md" differs only by case from the existing file "Note.md"') as unknown,
      },
    });
    expect(await run('vault.writeFile', { path: 'note.md', content: 'more', mode: 'append' })).toMatchObject({
      ok: false,
      error: { code: 'EXISTS' },
    });
    expect(vault.dump()).toEqual({ 'Note.md': 'capital' });
  });

  it('should count a folder on the way: "notes/a.md" beside "Notes/"', async () => {
    const { vault, run } = setup({ 'Notes/Note.md': 'capital' });
    expect(await run('vault.writeFile', { path: 'notes/a.md', content: 'a', mode: 'overwrite' })).toMatchObject({
      ok: false,
      error: {
        code: 'EXISTS',
        message: expect.stringContaining(
          '"notes/a.md" differs only by case from the existing folder "Notes"',
        ) as unknown,
      },
    });
    expect(await run('vault.ensureFolder', { path: 'NOTES' })).toMatchObject({ ok: false, error: { code: 'EXISTS' } });
    // No numbered name for the note avoids a folder on the way.
    expect(await run('vault.createFile', { path: 'notes/a.md', content: 'a' })).toMatchObject({
      ok: false,
      error: {
        code: 'EXISTS',
        message: expect.stringContaining('differs only by case from the existing folder "Notes"') as unknown,
      },
    });
    expect(
      await run('vault.rename', {
        fromPath: 'Notes/Note.md',
        toPath: 'NOTES/Note.md',
        collisionStrategy: 'create-unique',
      }),
    ).toMatchObject({ ok: false, error: { code: 'EXISTS' } });
    expect(await vault.list('/', true)).toHaveLength(2);
  });

  it("should leave a file in the way of a folder to the write's own error, which names it", async () => {
    const { run } = setup({ 'Readme.md': 'readme' });
    expect(await run('vault.writeFile', { path: 'Readme.md/Child.md', content: 'x', mode: 'overwrite' })).toMatchObject(
      {
        ok: false,
        error: {
          code: 'NOT_A_FOLDER',
          message: '"Readme.md" is a file, so "Readme.md/Child.md" cannot be created inside it',
        },
      },
    );
  });

  it("should make vault.rename refuse a target that is another note's case twin", async () => {
    const { vault, run } = setup({ 'Note.md': 'capital', 'Other.md': 'other' });
    expect(
      await run('vault.rename', { fromPath: 'Other.md', toPath: 'note.md', collisionStrategy: 'error' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'EXISTS',
        message: expect.stringContaining('"note.md" differs only by case from the existing file "Note.md"') as unknown,
      },
    });
    expect(await run('vault.rename', { fromPath: 'Other.md', toPath: 'note.md' })).toMatchObject({
      ok: true,
      output: { toPath: 'note (2).md' },
    });
    expect(vault.dump()).toEqual({ 'Note.md': 'capital', 'note (2).md': 'other' });
  });

  it('should let vault.rename change only the case of a note or a folder', async () => {
    const { vault, run } = setup({ 'Note.md': 'capital', 'Projects/Plan.md': 'plan' });
    expect(await run('vault.rename', { fromPath: 'Note.md', toPath: 'note.md' })).toMatchObject({
      ok: true,
      output: { toPath: 'note.md' },
    });
    expect(await run('vault.rename', { fromPath: 'Projects', toPath: 'projects' })).toMatchObject({
      ok: true,
      output: { toPath: 'projects' },
    });
    expect(vault.dump()).toEqual({ 'note.md': 'capital', 'projects/Plan.md': 'plan' });
  });
});
