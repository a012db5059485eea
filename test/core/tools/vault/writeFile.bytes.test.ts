import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../../../src/core/tools/ToolRegistry';
import { ReadFileTool } from '../../../../src/core/tools/vault/readFile';
import { WriteFileTool } from '../../../../src/core/tools/vault/writeFile';
import { bytesOf, fixtureBytes, putFixtures, type EncodingFixture } from '../../../builders/encodingFixtures';
import { buildToolContext } from '../../../builders/toolContext';

const registry = new ToolRegistry([new WriteFileTool(), new ReadFileTool()]);
const setup = async (...names: EncodingFixture[]) => {
  const context = buildToolContext();
  await putFixtures(context.vault, names);
  return {
    vault: context.vault,
    write: (input: Record<string, unknown>) => registry.execute('vault.writeFile', input, context),
    read: (input: Record<string, unknown>) => registry.execute('vault.readFile', input, context),
  };
};
const utf16le = (text: string): number[] => [...Buffer.from(text, 'utf16le')];

describe('vault.writeFile keeps every byte it does not mean to change', () => {
  it('should append LF lines to a CRLF note with CRLF', async () => {
    const { vault, write } = await setup('crlf.md');
    expect(await write({ path: 'crlf.md', content: '- decisions\n- owners\n', mode: 'append' })).toMatchObject({
      ok: true,
      output: { bytesWritten: 23 },
    });
    expect(await vault.readBinary('crlf.md')).toEqual(bytesOf(fixtureBytes('crlf.md'), '- decisions\r\n- owners\r\n'));
  });

  it('should overwrite a CRLF note in CRLF when the content comes in LF', async () => {
    const { vault, write } = await setup('crlf.md');
    expect(await write({ path: 'crlf.md', content: '# Meeting\n\n- agenda\n' })).toMatchObject({ ok: true });
    expect(await vault.readBinary('crlf.md')).toEqual(bytesOf('# Meeting\r\n\r\n- agenda\r\n'));
  });

  it('should keep a UTF-8 BOM when it overwrites', async () => {
    const { vault, write } = await setup('utf8-bom.md');
    expect(await write({ path: 'utf8-bom.md', content: '# Café\n' })).toMatchObject({ ok: true });
    expect(await vault.readBinary('utf8-bom.md')).toEqual(bytesOf([0xef, 0xbb, 0xbf], '# Café\n'));
  });

  it('should append to a UTF-16 LE note in UTF-16 LE', async () => {
    const { vault, write } = await setup('utf16le-bom.md');
    expect(await write({ path: 'utf16le-bom.md', content: 'Appended é\n', mode: 'append' })).toMatchObject({
      ok: true,
      output: { bytesWritten: 24 },
    });
    expect(await vault.readBinary('utf16le-bom.md')).toEqual(
      bytesOf(fixtureBytes('utf16le-bom.md'), utf16le('Appended é\r\n')),
    );
  });

  it('should refuse to write back the lossy text of a Latin-1 note when no encoding is given', async () => {
    const { vault, read, write } = await setup('latin1.md');
    const text = await read({ path: 'latin1.md' });
    expect(text).toMatchObject({
      ok: true,
      output: { content: '# Caf\ufffd\n\nLa m\ufffdre et le p\ufffdre.\n', encoding: 'not UTF-8' },
    });
    const content = (text as { output: { content: string } }).output.content;
    expect(await write({ path: 'latin1.md', content })).toEqual({
      ok: false,
      error: {
        code: 'NOT_UTF8',
        message:
          'vault.writeFile: "latin1.md" is not UTF-8 (probably Latin-1 or Windows-1252), so its text as read lost characters; nothing was written. Pass `encoding` "latin-1" to keep its encoding, or "utf-8" to convert it',
      },
    });
    expect(await vault.readBinary('latin1.md')).toEqual(fixtureBytes('latin1.md'));
  });

  it('should read a Latin-1 note as Latin-1 and append in Latin-1 when the call says so', async () => {
    const { vault, read, write } = await setup('latin1.md');
    expect(await read({ path: 'latin1.md', encoding: 'latin-1' })).toMatchObject({
      ok: true,
      output: { content: '# Café\n\nLa mère et le père.\n', encoding: 'Latin-1' },
    });
    expect(await write({ path: 'latin1.md', content: 'Fin.\n', mode: 'append', encoding: 'latin-1' })).toMatchObject({
      ok: true,
    });
    expect(await vault.readBinary('latin1.md')).toEqual(bytesOf(fixtureBytes('latin1.md'), 'Fin.\n'));
  });

  it('should convert a Latin-1 note to UTF-8 without losing its accents when the call asks for utf-8', async () => {
    const { vault, write } = await setup('latin1.md');
    expect(await write({ path: 'latin1.md', content: 'Fin.\n', mode: 'append', encoding: 'utf-8' })).toMatchObject({
      ok: true,
    });
    expect(await vault.readBinary('latin1.md')).toEqual(bytesOf('# Café\n\nLa mère et le père.\nFin.\n'));
  });

  it('should refuse a character Latin-1 cannot hold', async () => {
    const { vault, write } = await setup('latin1.md');
    expect(await write({ path: 'latin1.md', content: 'ok 🚀\n', mode: 'append', encoding: 'latin-1' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_ENCODABLE' },
    });
    expect(await vault.readBinary('latin1.md')).toEqual(fixtureBytes('latin1.md'));
  });

  it('should refuse to replace a PNG with text, and write it as base64 when asked', async () => {
    const { vault, write } = await setup('pixel.png');
    expect(await write({ path: 'pixel.png', content: 'oops text' })).toMatchObject({
      ok: false,
      error: { code: 'BINARY_FILE' },
    });
    expect(await vault.readBinary('pixel.png')).toEqual(fixtureBytes('pixel.png'));
    expect(
      await write({ path: 'pixel.png', content: Buffer.from([1, 2, 3]).toString('base64'), as: 'base64' }),
    ).toMatchObject({ ok: true, output: { bytesWritten: 3 } });
    expect(await vault.readBinary('pixel.png')).toEqual(bytesOf([1, 2, 3]));
  });

  it('should refuse to append text to a PDF', async () => {
    const { vault, write } = await setup('tiny.pdf');
    expect(await write({ path: 'tiny.pdf', content: 'x', mode: 'append' })).toMatchObject({
      ok: false,
      error: { code: 'BINARY_FILE' },
    });
    expect(await vault.readBinary('tiny.pdf')).toEqual(fixtureBytes('tiny.pdf'));
  });

  it('should accept the etag readFile gave for a BOM note', async () => {
    const { write, read } = await setup('utf8-bom.md');
    const { etag } = ((await read({ path: 'utf8-bom.md' })) as { output: { etag: string } }).output;
    expect(await write({ path: 'utf8-bom.md', content: 'x\n', expectedEtag: etag })).toMatchObject({ ok: true });
  });
});

describe('vault.writeFile over a note that is not UTF-8, without an encoding', () => {
  it('should replace it with new text in UTF-8, which holds no character the read lost', async () => {
    const { vault, write } = await setup('latin1.md');
    expect(await write({ path: 'latin1.md', content: 'All new.\n' })).toMatchObject({ ok: true });
    expect(await vault.readBinary('latin1.md')).toEqual(bytesOf('All new.\n'));
  });

  it('should refuse an append, which would mix two encodings in one file', async () => {
    const { vault, write } = await setup('latin1.md');
    expect(await write({ path: 'latin1.md', content: 'é\n', mode: 'append' })).toEqual({
      ok: false,
      error: {
        code: 'NOT_UTF8',
        message:
          'vault.writeFile: "latin1.md" is not UTF-8 (probably Latin-1 or Windows-1252), and appending UTF-8 text would mix two encodings in one file; nothing was written. Pass `encoding` "latin-1" to keep its encoding, or "utf-8" to convert it',
      },
    });
    expect(await vault.readBinary('latin1.md')).toEqual(fixtureBytes('latin1.md'));
  });
});
