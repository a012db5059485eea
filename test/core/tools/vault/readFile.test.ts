import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { ReadFileTool, type ReadFileOutput } from '../../../../src/core/tools/vault/readFile';
import { etagOf } from '../../../../src/core/util/etag';
import { buildToolContext } from '../../../builders/toolContext';
import { fixtureBytes, putFixtures, type EncodingFixture } from '../../../builders/encodingFixtures';

const registry = new ToolRegistry([new ReadFileTool()]);
const setup = (files: Record<string, string> = {}) => {
  const context = buildToolContext({ files });
  return { vault: context.vault, run: (input: unknown) => registry.execute('vault.readFile', input, context) };
};
const bytes = (text: string): number => new TextEncoder().encode(text).length;
const outputOf = async (promise: ReturnType<ReturnType<typeof setup>['run']>): Promise<ReadFileOutput> => {
  const result = await promise;
  if (!result.ok) throw new Error(result.error.message);
  return result.output as ReadFileOutput;
};

describe('vault.readFile', () => {
  it('should return the text with its etag, size and modification time', async () => {
    const { vault, run } = setup({ 'Notes/Idea.md': '# Idea\nGrüße 🚀\n' });
    const text = '# Idea\nGrüße 🚀\n';
    expect(await run({ path: 'Notes/Idea.md' })).toEqual({
      ok: true,
      output: {
        path: 'Notes/Idea.md',
        content: text,
        etag: etagOf(text),
        mtimeMs: (await vault.stat('Notes/Idea.md'))!.mtimeMs,
        sizeBytes: bytes(text),
        truncated: false,
        encoding: 'UTF-8',
        lineEnding: 'LF',
      },
    });
  });

  it('should read an empty file', async () => {
    const { run } = setup({ 'Empty.md': '' });
    expect(await run({ path: 'Empty.md' })).toMatchObject({
      ok: true,
      output: { content: '', sizeBytes: 0, truncated: false, etag: etagOf('') },
    });
  });

  it('should read a file whose name has spaces, unicode and emoji', async () => {
    const { run } = setup({ 'Café ☕/Plan 🚀 2026.md': 'ok' });
    expect(await run({ path: 'Café ☕/Plan 🚀 2026.md' })).toMatchObject({ ok: true, output: { content: 'ok' } });
  });

  it('should keep CRLF line endings as they are', async () => {
    const { run } = setup({ 'crlf.md': 'a\r\nb\r\n' });
    expect(await run({ path: 'crlf.md' })).toMatchObject({ ok: true, output: { content: 'a\r\nb\r\n' } });
  });

  describe('maxBytes', () => {
    it('should cut the text to maxBytes and say so, with the etag and size of the whole file', async () => {
      const { run } = setup({ 'a.md': 'abcdef' });
      expect(await run({ path: 'a.md', maxBytes: 3 })).toMatchObject({
        ok: true,
        output: { content: 'abc', truncated: true, etag: etagOf('abcdef'), sizeBytes: 6 },
      });
    });

    it('should not cut when the file fits', async () => {
      const { run } = setup({ 'a.md': 'abc' });
      expect(await run({ path: 'a.md', maxBytes: 3 })).toMatchObject({
        ok: true,
        output: { content: 'abc', truncated: false },
      });
    });

    it('should cut before a character that would not fit whole', async () => {
      const { run } = setup({ 'a.md': 'aé🚀' });
      expect(await run({ path: 'a.md', maxBytes: 2 })).toMatchObject({ ok: true, output: { content: 'a' } });
      expect(await run({ path: 'a.md', maxBytes: 3 })).toMatchObject({ ok: true, output: { content: 'aé' } });
      expect(await run({ path: 'a.md', maxBytes: 6 })).toMatchObject({ ok: true, output: { content: 'aé' } });
      expect(await run({ path: 'a.md', maxBytes: 7 })).toMatchObject({
        ok: true,
        output: { content: 'aé🚀', truncated: false },
      });
    });

    it('should never split a character, and keep as much as fits', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.integer({ min: 1, max: 200 }),
          async (text, maxBytes) => {
            const { run } = setup({ 'a.md': text });
            const output = await outputOf(run({ path: 'a.md', maxBytes }));
            expect(text.startsWith(output.content)).toBe(true);
            expect(bytes(output.content)).toBeLessThanOrEqual(maxBytes);
            expect(Array.from(output.content).join('')).toBe(output.content);
            expect(/[\uD800-\uDBFF]$/.test(output.content)).toBe(false);
            const next = Array.from(text.slice(output.content.length))[0];
            expect(output.truncated).toBe(next !== undefined);
            if (next !== undefined) expect(bytes(output.content + next)).toBeGreaterThan(maxBytes);
          },
        ),
      );
    });

    it('should cut a file of several megabytes quickly', async () => {
      const big = 'Grüße 🚀 lorem ipsum\n'.repeat(250_000);
      const { run } = setup({ 'big.md': big });
      const output = await outputOf(run({ path: 'big.md', maxBytes: 1000 }));
      expect(output).toMatchObject({ truncated: true, sizeBytes: bytes(big), etag: etagOf(big) });
      expect(bytes(output.content)).toBeLessThanOrEqual(1000);
      expect(bytes(output.content)).toBeGreaterThan(995);
    });

    it('should refuse a maxBytes below 1', async () => {
      const { run } = setup({ 'a.md': '' });
      expect(await run({ path: 'a.md', maxBytes: 0 })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.readFile: `maxBytes` must be >= 1, got 0' },
      });
    });
  });

  describe('as base64', () => {
    it('should return the bytes as base64, without an etag', async () => {
      const { run } = setup({ 'a.md': 'héllo' });
      const result = await outputOf(run({ path: 'a.md', as: 'base64' }));
      expect(result).toEqual({
        path: 'a.md',
        content: Buffer.from('héllo').toString('base64'),
        mtimeMs: result.mtimeMs,
        sizeBytes: 6,
        truncated: false,
      });
    });

    it('should cut the bytes to maxBytes', async () => {
      const { run } = setup({ 'a.md': 'abcdef' });
      expect(await run({ path: 'a.md', as: 'base64', maxBytes: 4 })).toMatchObject({
        ok: true,
        output: { content: Buffer.from('abcd').toString('base64'), truncated: true, sizeBytes: 6 },
      });
    });

    it('should encode a file of several megabytes', async () => {
      const big = 'x'.repeat(3_000_000);
      const { run } = setup({ 'big.bin': big });
      const output = await outputOf(run({ path: 'big.bin', as: 'base64' }));
      expect(Buffer.from(output.content, 'base64').length).toBe(3_000_000);
    });

    it('should refuse another format', async () => {
      const { run } = setup({ 'a.md': '' });
      expect(await run({ path: 'a.md', as: 'hex' })).toEqual({
        ok: false,
        error: { code: 'INVALID_INPUT', message: 'vault.readFile: `as` must be one of "text", "base64", got "hex"' },
      });
    });
  });

  describe('errors', () => {
    it('should fail with NOT_FOUND for a missing file', async () => {
      const { run } = setup();
      expect(await run({ path: 'Missing.md' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_FOUND',
          message:
            'vault.readFile: `path` "Missing.md" does not exist; vault.listFiles or vault.searchText can find the right path',
        },
      });
    });

    it('should fail with NOT_A_FILE for a folder', async () => {
      const { run } = setup({ 'Notes/a.md': '' });
      expect(await run({ path: 'Notes' })).toEqual({
        ok: false,
        error: {
          code: 'NOT_A_FILE',
          message:
            'vault.readFile: `path` "Notes" is a folder, expected a file; use vault.listFiles to see what it holds',
        },
      });
    });

    it('should refuse a path that leaves the vault', async () => {
      const { run } = setup();
      expect(await run({ path: '../secret.md' })).toEqual({
        ok: false,
        error: {
          code: 'FORBIDDEN_PATH',
          message: 'Refused path "../secret.md": the path leaves the vault (".." is not allowed)',
        },
      });
    });

    it('should allow reading the config folder, which only writes may not touch', async () => {
      const { run } = setup({ '.obsidian/app.json': '{}' });
      expect(await run({ path: '.obsidian/app.json' })).toMatchObject({ ok: true, output: { content: '{}' } });
    });
  });
});

describe('vault.readFile on files that are not plain UTF-8', () => {
  const setupFixtures = async (...names: EncodingFixture[]) => {
    const context = buildToolContext();
    await putFixtures(context.vault, names);
    return (input: Record<string, unknown>) =>
      new ToolRegistry([new ReadFileTool()]).execute('vault.readFile', input, context);
  };

  it('should refuse to read a PNG as text, say to use base64, and count its size in bytes', async () => {
    const run = await setupFixtures('pixel.png');
    expect(await run({ path: 'pixel.png' })).toEqual({
      ok: false,
      error: {
        code: 'BINARY_FILE',
        message: 'vault.readFile: "pixel.png" is a binary file (69 bytes, not text); read it with `as` "base64"',
      },
    });
    expect(await run({ path: 'pixel.png', as: 'base64' })).toMatchObject({
      ok: true,
      output: { sizeBytes: 69, content: Buffer.from(fixtureBytes('pixel.png')).toString('base64') },
    });
  });

  it('should read a UTF-16 LE note as text and say so', async () => {
    const run = await setupFixtures('utf16le-bom.md');
    expect(await run({ path: 'utf16le-bom.md' })).toMatchObject({
      ok: true,
      output: {
        content: '# Notes\r\n\r\nNotepad wrote this.\r\n',
        encoding: 'UTF-16 LE with BOM',
        lineEnding: 'CRLF',
        sizeBytes: 66,
      },
    });
  });

  it('should leave the BOM of a UTF-8 note out of the text and name it', async () => {
    const run = await setupFixtures('utf8-bom.md', 'mixed-endings.md');
    expect(await run({ path: 'utf8-bom.md' })).toMatchObject({
      ok: true,
      output: { content: '# Café\n\nBody text.\n', encoding: 'UTF-8 with BOM', sizeBytes: 23 },
    });
    expect(await run({ path: 'mixed-endings.md' })).toMatchObject({ ok: true, output: { lineEnding: 'mixed' } });
  });
});
