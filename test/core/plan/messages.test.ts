import { describe, expect, it } from 'vitest';
import { okMessage } from '../../../src/core/plan/messages';
import { CreateFileTool } from '../../../src/core/tools/vault/createFile';
import { WriteFileTool } from '../../../src/core/tools/vault/writeFile';
import { buildToolContext } from '../../builders/toolContext';

describe('okMessage', () => {
  it('should log "overwrote" for a createFile that replaced an existing note', async () => {
    const context = buildToolContext({ files: { 'Notes/Idea.md': 'old' } });
    const output = await new CreateFileTool().execute(
      { path: 'Notes/Idea.md', content: 'new', collisionStrategy: 'overwrite' },
      context,
    );
    expect(okMessage('vault.createFile', output)).toBe('overwrote Notes/Idea.md');
  });

  it('should log "already existed; left as it was" for a createFile that kept the note there', async () => {
    const context = buildToolContext({ files: { 'Notes/Idea.md': 'old' } });
    const output = await new CreateFileTool().execute(
      { path: 'Notes/Idea.md', content: 'new', ifNotExists: true },
      context,
    );
    expect(okMessage('vault.createFile', output)).toBe('Notes/Idea.md already existed; left as it was');
    expect(context.vault.dump()).toEqual({ 'Notes/Idea.md': 'old' });
  });

  it('should log "written" for a writeFile over an existing note', async () => {
    const context = buildToolContext({ files: { 'Notes/Idea.md': 'old' } });
    const output = await new WriteFileTool().execute(
      { path: 'Notes/Idea.md', content: 'new', mode: 'overwrite', as: 'text' },
      context,
    );
    expect(okMessage('vault.writeFile', output)).toBe('written Notes/Idea.md');
  });

  it('should log "already existed" for a folder ensureFolder found', () => {
    expect(okMessage('vault.ensureFolder', { path: 'Projects', created: false })).toBe('Projects already existed');
  });

  it('should not log a delete that found nothing as "deleted"', () => {
    expect(okMessage('vault.delete', { path: 'Old.md', deleted: false })).toBe('Old.md was not there; nothing deleted');
  });

  it('should log a delete to the trash as a move to the trash, and a permanent one as "deleted"', () => {
    expect(okMessage('vault.delete', { path: 'Old.md', deleted: true, trashed: true })).toBe(
      'moved Old.md to the trash',
    );
    expect(okMessage('vault.delete', { path: 'Old.md', deleted: true, trashed: false })).toBe('deleted Old.md');
  });

  it('should name the command commands.run ran, from the output field its row names', () => {
    expect(okMessage('commands.run', { id: 'editor:toggle-bold', executed: true })).toBe('run editor:toggle-bold');
  });

  it('should say "done" for a tool whose row gives no verb, and for one outside the table', () => {
    expect(okMessage('checkpoints.restore', { applied: [], skipped: [], revertRunId: null })).toBe('done');
    expect(okMessage('notes.wordCount', { words: 3 })).toBe('done');
  });

  it('should log the verb and the path of a folder ensureFolder made', () => {
    expect(okMessage('vault.ensureFolder', { path: 'Projects', created: true })).toBe('ensured Projects');
  });
});
