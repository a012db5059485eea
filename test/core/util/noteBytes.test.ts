import { describe, expect, it } from 'vitest';
import { decodeNote, encodeNote } from '../../../src/core/util/noteBytes';
import { fixtureBytes, type EncodingFixture } from '../../builders/encodingFixtures';

const TEXT_FIXTURES: EncodingFixture[] = [
  'crlf.md',
  'mixed-endings.md',
  'utf8-bom.md',
  'utf16le-bom.md',
  'frontmatter-bom.md',
  'frontmatter-trailing-space.md',
];

describe('decodeNote and encodeNote', () => {
  it.each(TEXT_FIXTURES)('should give back the bytes of %s unchanged', (name) => {
    const bytes = fixtureBytes(name);
    const note = decodeNote(bytes);
    expect(encodeNote(note.text, note.format)).toEqual(bytes);
  });

  it('should give back Latin-1 bytes read as Latin-1', () => {
    const bytes = fixtureBytes('latin1.md');
    expect(decodeNote(bytes)).toMatchObject({ invalidUtf8: true, binary: false });
    const note = decodeNote(bytes, 'latin-1');
    expect(note.text).toBe('# Café\n\nLa mère et le père.\n');
    expect(encodeNote(note.text, note.format)).toEqual(bytes);
  });

  it('should read UTF-16 BE with its BOM', () => {
    const bytes = Uint8Array.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0xe9, 0x00, 0x0a]);
    const note = decodeNote(bytes);
    expect(note).toMatchObject({ text: 'hé\n', format: { encoding: 'utf-16be', bom: true, eol: 'lf' } });
    expect(encodeNote(note.text, note.format)).toEqual(bytes);
  });

  it.each(['pixel.png', 'tiny.pdf'] as const)('should take %s for binary by its bytes', (name) => {
    expect(decodeNote(fixtureBytes(name)).binary).toBe(true);
  });

  it('should keep valid UTF-8 holding a NUL as text', () => {
    expect(decodeNote(new TextEncoder().encode('a\u0000b'))).toMatchObject({
      text: 'a\u0000b',
      binary: false,
      invalidUtf8: false,
    });
  });
});
