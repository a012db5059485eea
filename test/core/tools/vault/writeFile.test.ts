import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { WriteFileTool } from '../../../../src/core/tools/vault/writeFile';
import { etagOf } from '../../../../src/core/util/etag';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new WriteFileTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.writeFile', input, context) };
};

describe('vault.writeFile', () => {
  it('should overwrite an existing file by default', async () => {
    const { vault, run } = setup({ 'todo.md': 'old' });
    const result = await run({ path: 'todo.md', content: '# Todo\n- [ ] one' });
    expect(result).toEqual({
      ok: true,
      output: {
        path: 'todo.md',
        created: false,
        etag: etagOf('# Todo\n- [ ] one'),
        mtimeMs: (await vault.stat('todo.md'))!.mtimeMs,
        bytesWritten: 16,
      },
    });
    expect(vault.dump()).toEqual({ 'todo.md': '# Todo\n- [ ] one' });
  });

  it('should create a missing file, with its folders, and say created', async () => {
    const { vault, run } = setup();
    expect(await run({ path: 'New/Deep/note.md', content: 'x' })).toMatchObject({
      ok: true,
      output: { path: 'New/Deep/note.md', created: true, bytesWritten: 1 },
    });
    expect(vault.dump()).toEqual({ 'New/Deep/note.md': 'x' });
  });

  it('should append to an existing file and return the etag of the whole file', async () => {
    const { vault, run } = setup({ 'log.md': 'one\n' });
    expect(await run({ path: 'log.md', content: 'two\n', mode: 'append' })).toMatchObject({
      ok: true,
      output: { created: false, etag: etagOf('one\ntwo\n'), bytesWritten: 4 },
    });
    expect(vault.dump()).toEqual({ 'log.md': 'one\ntwo\n' });
  });

  it('should create the file when appending to a missing one', async () => {
    const { vault, run } = setup();
    expect(await run({ path: 'log.md', content: 'first', mode: 'append' })).toMatchObject({
      ok: true,
      output: { created: true },
    });
    expect(vault.dump()).toEqual({ 'log.md': 'first' });
  });

  it('should count bytesWritten in UTF-8 bytes of what was written', async () => {
    const { run } = setup({ 'a.md': 'long existing content' });
    expect(await run({ path: 'a.md', content: 'é🚀', mode: 'append' })).toMatchObject({
      ok: true,
      output: { bytesWritten: 6 },
    });
  });

  it('should write empty content', async () => {
    const { vault, run } = setup({ 'a.md': 'old' });
    expect(await run({ path: 'a.md', content: '' })).toMatchObject({
      ok: true,
      output: { bytesWritten: 0, etag: etagOf('') },
    });
    expect(vault.dump()).toEqual({ 'a.md': '' });
  });

  it('should keep CRLF line endings and unicode names as given', async () => {
    const { vault, run } = setup();
    await run({ path: 'Grüße 🚀/crlf note.md', content: 'a\r\nb\r\n' });
    expect(vault.dump()).toEqual({ 'Grüße 🚀/crlf note.md': 'a\r\nb\r\n' });
  });

  it('should write a file of several megabytes', async () => {
    const { vault, run } = setup();
    const big = 'x'.repeat(4_000_000);
    expect(await run({ path: 'big.md', content: big })).toMatchObject({
      ok: true,
      output: { bytesWritten: 4_000_000 },
    });
    expect((await vault.stat('big.md'))!.sizeBytes).toBe(4_000_000);
  });

  describe('expectedEtag', () => {
    it('should write when the etag still matches', async () => {
      const { vault, run } = setup({ 'a.md': 'v1' });
      expect(await run({ path: 'a.md', content: 'v2', expectedEtag: etagOf('v1') })).toMatchObject({
        ok: true,
        output: { etag: etagOf('v2') },
      });
      expect(vault.dump()).toEqual({ 'a.md': 'v2' });
    });

    it('should write nothing and fail with ETAG_MISMATCH naming both etags when the file changed', async () => {
      const { vault, run } = setup({ 'a.md': 'changed by someone' });
      const expected = etagOf('v1');
      const actual = etagOf('changed by someone');
      expect(await run({ path: 'a.md', content: 'v2', expectedEtag: expected })).toEqual({
        ok: false,
        error: {
          code: 'ETAG_MISMATCH',
          message: `vault.writeFile: "a.md" changed since it was read: \`expectedEtag\` is "${expected}", the file's etag is now "${actual}"; nothing was written. Read it again with vault.readFile and retry`,
        },
      });
      expect(vault.dump()).toEqual({ 'a.md': 'changed by someone' });
    });

    it('should check the etag before appending too', async () => {
      const { vault, run } = setup({ 'a.md': 'changed' });
      expect(await run({ path: 'a.md', content: 'more', mode: 'append', expectedEtag: etagOf('v1') })).toMatchObject({
        ok: false,
        error: { code: 'ETAG_MISMATCH' },
      });
      expect(vault.dump()).toEqual({ 'a.md': 'changed' });
    });

    it('should fail with ETAG_MISMATCH and create nothing when the file is gone', async () => {
      const { vault, run } = setup();
      expect(await run({ path: 'gone.md', content: 'v2', expectedEtag: 'e2-abc' })).toEqual({
        ok: false,
        error: {
          code: 'ETAG_MISMATCH',
          message:
            'vault.writeFile: `expectedEtag` is "e2-abc" but "gone.md" does not exist any more (it was moved or deleted since it was read); nothing was written',
        },
      });
      expect(vault.dump()).toEqual({});
    });
  });

  describe('errors', () => {
    it('should fail with NOT_A_FILE for a folder', async () => {
      const { run } = setup({ 'Notes/a.md': '' });
      expect(await run({ path: 'Notes', content: 'x' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_A_FILE',
          message: 'vault.writeFile: `path` "Notes" is a folder, expected a file; choose another path',
        },
      });
    });

    it('should refuse the config folder and write nothing', async () => {
      const { vault, run } = setup({ '.obsidian/app.json': '{}' });
      expect(await run({ path: '.obsidian/app.json', content: 'x' })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused path ".obsidian/app.json": ".obsidian/" is protected; the agent may not write there',
        },
      });
      expect(vault.dump()).toEqual({ '.obsidian/app.json': '{}' });
    });

    it('should refuse an unknown mode', async () => {
      const { run } = setup();
      expect(await run({ path: 'a.md', content: 'x', mode: 'prepend' })).toEqual({
        ok: false,
        error: {
          code: 'INVALID_INPUT',
          message: 'vault.writeFile: `mode` must be one of "overwrite", "append", got "prepend"',
        },
      });
    });
  });
});
