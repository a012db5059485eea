import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { SlugifyTitleTool } from '../../../../src/core/tools/util/slugifyTitle';
import { buildToolContext } from '../../../builders/toolContext';

const run = (input: unknown) =>
  new ToolRegistry([new SlugifyTitleTool()]).execute('util.slugifyTitle', input, buildToolContext());

describe('util.slugifyTitle', () => {
  it('should turn "My Amazing Note Title!" into "my-amazing-note-title"', async () => {
    expect(await run({ title: 'My Amazing Note Title!' })).toEqual({
      ok: true,
      output: { slug: 'my-amazing-note-title' },
    });
  });

  it('should cut at 100 characters by default', async () => {
    expect(await run({ title: 'a'.repeat(150) })).toEqual({ ok: true, output: { slug: 'a'.repeat(100) } });
  });

  it('should cut at maxLength without a trailing dash', async () => {
    expect(await run({ title: 'Weekly review notes', maxLength: 7 })).toEqual({ ok: true, output: { slug: 'weekly' } });
  });

  it('should return "untitled" for a title with nothing to keep', async () => {
    expect(await run({ title: '🎉!' })).toEqual({ ok: true, output: { slug: 'untitled' } });
  });

  it('should reject a maxLength above 255', async () => {
    expect(await run({ title: 'x', maxLength: 300 })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'util.slugifyTitle: `maxLength` must be <= 255, got 300' },
    });
  });

  it('should reject a title that is not a string', async () => {
    expect(await run({ title: null })).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', message: 'util.slugifyTitle: `title` must be a string, got null' },
    });
  });
});
