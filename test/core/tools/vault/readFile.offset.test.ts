import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { ReadFileTool, type ReadFileOutput } from '../../../../src/core/tools/vault/readFile';
import { base64ToBytes } from '../../../../src/core/util/base64';
import { etagOf } from '../../../../src/core/util/etag';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new ReadFileTool()]);
const setup = (files: Record<string, string>) => {
  const context = buildToolContext({ files });
  return (input: unknown) => registry.execute('vault.readFile', input, context);
};
const outputOf = async (
  promise: Promise<{ ok: boolean; output?: unknown; error?: { message: string } }>,
): Promise<ReadFileOutput> => {
  const result = await promise;
  if (!result.ok) throw new Error(result.error?.message);
  return result.output as ReadFileOutput;
};

describe('vault.readFile in parts', () => {
  it('should start at offset and say where the rest starts, with the etag of the whole text', async () => {
    const text = 'alpha beta gamma delta';
    const run = setup({ 'a.md': text });
    expect(await outputOf(run({ path: 'a.md', offset: 6, maxBytes: 5 }))).toMatchObject({
      content: 'beta ',
      truncated: true,
      nextOffset: 11,
      etag: etagOf(text),
      sizeBytes: 22,
    });
    const last = await outputOf(run({ path: 'a.md', offset: 11 }));
    expect(last).toMatchObject({ content: 'gamma delta', truncated: false });
    expect(last.nextOffset).toBeUndefined();
  });

  it('should give back every character once when the parts are read one after the other, however multi-byte', async () => {
    const text = 'Grüße 🚀 aus Köln — ünd 日本語のテキスト 🚀🚀 end'.repeat(7);
    const run = setup({ 'u.md': text });
    const parts: string[] = [];
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const part: ReadFileOutput = await outputOf(run({ path: 'u.md', offset, maxBytes: 13 }));
      parts.push(part.content);
      offset = part.nextOffset;
    }
    expect(parts.join('')).toBe(text);
  });

  it('should refuse an offset inside a character, naming where that character begins', async () => {
    const run = setup({ 'e.md': 'a🚀b' });
    expect(await run({ path: 'e.md', offset: 2 })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'vault.readFile: `offset` 2 falls inside a character of "e.md"; start at 1, where that character begins',
      },
    });
    expect(await outputOf(run({ path: 'e.md', offset: 5 }))).toMatchObject({ content: 'b', truncated: false });
  });

  it('should give an empty part at the very end', async () => {
    const run = setup({ 'a.md': 'abc' });
    expect(await outputOf(run({ path: 'a.md', offset: 3 }))).toMatchObject({ content: '', truncated: false });
  });

  it('should refuse an offset past the end, naming it and the size', async () => {
    const run = setup({ 'a.md': 'abc' });
    expect(await run({ path: 'a.md', offset: 4 })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message: 'vault.readFile: `offset` 4 is past the end of "a.md", which has 3 bytes of text',
      },
    });
  });

  it('should refuse a negative offset', async () => {
    const run = setup({ 'a.md': 'abc' });
    expect(await run({ path: 'a.md', offset: -1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('should read base64 from a byte offset and say where the rest starts', async () => {
    const run = setup({ 'b.md': 'abcdefgh' });
    const part = await outputOf(run({ path: 'b.md', as: 'base64', offset: 2, maxBytes: 3 }));
    expect(new TextDecoder().decode(base64ToBytes(part.content) ?? new Uint8Array())).toBe('cde');
    expect(part).toMatchObject({ truncated: true, nextOffset: 5 });
    expect(await run({ path: 'b.md', as: 'base64', offset: 9 })).toMatchObject({
      ok: false,
      error: { message: 'vault.readFile: `offset` 9 is past the end of "b.md", which has 8 bytes' },
    });
  });
});
