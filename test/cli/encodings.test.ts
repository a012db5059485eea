import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bytesOf, ENCODING_FIXTURES, fixtureBytes } from '../builders/encodingFixtures';
import { useWireServer } from '../builders/useWireServer';
import { WireServer } from '../builders/wireServer';
import { anthropicCalls, anthropicText, type WireCall } from '../builders/wireScripts';
import { exampleVaultCopy, removeTemporaryFolders, startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));
afterEach(() => removeTemporaryFolders());

const MESSAGES = '/v1/messages';
const call = (id: string, name: string, input: unknown): WireCall => ({ id, name, input });
const LOSSY = '# Caf\ufffd\n\nLa m\ufffdre et le p\ufffdre.\n';

/** A copy of examples/vault holding the encodings corpus (notes as Files-<name>, the PNG as itself), and a session over it. */
async function session(lines: string[]) {
  const paths = await exampleVaultCopy();
  for (const name of ENCODING_FIXTURES) {
    await writeFile(join(paths.vault, name === 'pixel.png' ? name : `Files-${name}`), fixtureBytes(name));
  }
  const argv = [
    '--vault',
    paths.vault,
    '--checkpoints',
    paths.checkpoints,
    '--mode',
    'agent',
    '--base-url',
    server.origin,
  ];
  return {
    paths,
    run: startSession({ argv, env: { ANTHROPIC_API_KEY: 'sk-ant-test' }, lines, modesFile: paths.modesFile }),
  };
}

describe('terminal runner over notes in other encodings, line endings and binary files', () => {
  it("should keep every note's bytes, refuse what would lose some, say what a card cannot show, and revert byte for byte", async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([call('toolu_1', 'vault.readFile', { path: 'Files-latin1.md' })]),
      anthropicCalls([call('toolu_2', 'vault.writeFile', { path: 'Files-latin1.md', content: LOSSY })]),
      anthropicCalls([call('toolu_3', 'vault.writeFile', { path: 'pixel.png', content: 'oops text' })]),
      anthropicCalls([
        call('toolu_4', 'vault.writeFile', { path: 'Files-crlf.md', content: '- decisions\n', mode: 'append' }),
      ]),
      anthropicCalls([
        call('toolu_5', 'vault.writeFile', { path: 'Files-utf16le-bom.md', content: 'Added\n', mode: 'append' }),
      ]),
      anthropicCalls([
        call('toolu_6', 'vault.writeFile', { path: 'Files-mixed-endings.md', content: '# Mixed\nall LF now\n' }),
      ]),
      anthropicText('Done.'),
    );
    const { paths, run } = await session(['Tidy my files', 'y', 'y', 'y', '/revert', 'y', '/quit']);
    expect(await run.code).toBe(0);
    const out = run.stdout();
    const bytes = async (name: string): Promise<Uint8Array> => new Uint8Array(await readFile(join(paths.vault, name)));

    // The model is told the note is not UTF-8; writing its lossy text back is refused before any card.
    expect(JSON.stringify(server.bodies(MESSAGES)[1])).toContain('not UTF-8');
    expect(out).toContain('✗ vault.writeFile: NOT_UTF8 vault.writeFile: "Files-latin1.md" is not UTF-8');
    expect(out).toContain(
      '✗ vault.writeFile: BINARY_FILE vault.writeFile: "pixel.png" is a binary file (69 bytes, not text)',
    );
    // The CRLF note's card shows one added line, and nothing about line endings; the mixed one's says what changes.
    expect(out).toContain(
      '~ modified Files-crlf.md (+1 -0, 32 B → 45 B)\n    @@ -2,3 +2,4 @@\n     \n     - agenda\n     - notes\n    +- decisions\n',
    );
    expect(out).not.toContain('Files-crlf.md: line endings');
    expect(out).toContain('note: Files-mixed-endings.md: line endings mixed → LF');

    // Reverted: every file as it was, byte for byte.
    expect(out).toContain('Reverted 3 changes.');
    for (const name of ['latin1.md', 'crlf.md', 'utf16le-bom.md', 'mixed-endings.md'] as const)
      expect(await bytes(`Files-${name}`)).toEqual(fixtureBytes(name));
    expect(await bytes('pixel.png')).toEqual(fixtureBytes('pixel.png'));
  });

  it("should append in the note's own line ending and encoding", async () => {
    server.reply(
      MESSAGES,
      anthropicCalls([
        call('toolu_1', 'vault.writeFile', { path: 'Files-crlf.md', content: '- decisions\n', mode: 'append' }),
      ]),
      anthropicCalls([
        call('toolu_2', 'vault.writeFile', { path: 'Files-utf16le-bom.md', content: 'Added\n', mode: 'append' }),
      ]),
      anthropicText('Done.'),
    );
    const { paths, run } = await session(['Append', 'y', 'y', '/quit']);
    expect(await run.code).toBe(0);
    expect(new Uint8Array(await readFile(join(paths.vault, 'Files-crlf.md')))).toEqual(
      bytesOf(fixtureBytes('crlf.md'), '- decisions\r\n'),
    );
    expect(new Uint8Array(await readFile(join(paths.vault, 'Files-utf16le-bom.md')))).toEqual(
      bytesOf(fixtureBytes('utf16le-bom.md'), [...Buffer.from('Added\r\n', 'utf16le')]),
    );
  });
});
