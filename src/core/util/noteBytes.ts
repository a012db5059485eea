/**
 * A file's bytes as text and back, keeping what the bytes say about themselves: the encoding, a byte order mark
 * and the line ending. A write that decodes a note with `decodeNote` and encodes it with `encodeNote` in the
 * same format changes only the text it meant to change.
 */

/** `latin-1` maps each byte to the code point of the same value, so any bytes decode and encode back unchanged. */
export type NoteEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin-1';
export type LineEnding = 'lf' | 'crlf';

export interface NoteFormat {
  encoding: NoteEncoding;
  /** A byte order mark before the text; it is not part of `text`. */
  bom: boolean;
  /** The note's line ending: the more frequent one, LF when it has no line break. */
  eol: LineEnding;
}

export interface DecodedNote {
  /** The text without its byte order mark. Lossy (U+FFFD) only when `invalidUtf8`. */
  text: string;
  format: NoteFormat;
  /** Bytes that are not UTF-8 and came without a BOM: `text` is lossy, and writing it back would lose them. */
  invalidUtf8: boolean;
  /** An image, PDF or other binary file (by its bytes, not its name): `text` is meaningless. */
  binary: boolean;
  /** The note mixes CRLF and LF line breaks. */
  mixedEol: boolean;
  sizeBytes: number;
}

export const PLAIN_UTF8: NoteFormat = { encoding: 'utf-8', bom: false, eol: 'lf' };

const MAGIC: readonly number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x50, 0x4b, 0x03, 0x04], // ZIP (docx, xlsx, epub)
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, index) => bytes[index] === byte);
}

/** A binary file by its signature (images, PDFs, archives), whatever its name says. */
export function hasBinarySignature(bytes: Uint8Array): boolean {
  return MAGIC.some((magic) => startsWith(bytes, magic));
}

/** The more frequent line ending of `text` (LF without any), and whether it mixes both. */
export function lineEndingOf(text: string): { eol: LineEnding; mixed: boolean } {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index > 0 && text.charCodeAt(index - 1) === 13) crlf++;
    else lf++;
  }
  return { eol: crlf > lf ? 'crlf' : 'lf', mixed: crlf > 0 && lf > 0 };
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const units: string[] = [];
  for (let offset = 0; offset + 1 < bytes.length; offset += 2)
    units.push(String.fromCharCode(view.getUint16(offset, littleEndian)));
  return units.join('');
}

function decodeLatin1(bytes: Uint8Array): string {
  const chars: string[] = [];
  for (const byte of bytes) chars.push(String.fromCharCode(byte));
  return chars.join('');
}

/** The text of `bytes`. `as` forces an encoding (the caller knows better); otherwise BOMs, then UTF-8, decide. */
export function decodeNote(bytes: Uint8Array, as?: NoteEncoding): DecodedNote {
  const sizeBytes = bytes.length;
  const done = (
    text: string,
    encoding: NoteEncoding,
    bom: boolean,
    flags: { invalidUtf8?: boolean; binary?: boolean } = {},
  ): DecodedNote => {
    const { eol, mixed } = lineEndingOf(text);
    return {
      text,
      format: { encoding, bom, eol },
      invalidUtf8: flags.invalidUtf8 ?? false,
      binary: flags.binary ?? false,
      mixedEol: mixed,
      sizeBytes,
    };
  };
  if (startsWith(bytes, [0xff, 0xfe])) return done(decodeUtf16(bytes.subarray(2), true), 'utf-16le', true);
  if (startsWith(bytes, [0xfe, 0xff])) return done(decodeUtf16(bytes.subarray(2), false), 'utf-16be', true);
  const utf8Bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  const body = utf8Bom ? bytes.subarray(3) : bytes;
  if (as === 'latin-1') return done(decodeLatin1(body), 'latin-1', false);
  const lossy = (): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(body);
  if (hasBinarySignature(body)) return done(lossy(), 'utf-8', utf8Bom, { binary: true });
  try {
    return done(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body), 'utf-8', utf8Bom);
  } catch {
    // Git's test for the rest: a NUL byte in the first 8,000. Valid UTF-8 with a NUL stays text.
    return done(
      lossy(),
      'utf-8',
      utf8Bom,
      body.subarray(0, 8000).includes(0) ? { binary: true } : { invalidUtf8: true },
    );
  }
}

/** `text` with every line break made `eol`. */
export function withLineEnding(text: string, eol: LineEnding): string {
  const lf = text.replace(/\r\n/g, '\n');
  return eol === 'crlf' ? lf.replace(/\n/g, '\r\n') : lf;
}

/** The first character `encoding` cannot hold, or null. Only Latin-1 has any. */
export function unencodable(text: string, encoding: NoteEncoding): string | null {
  if (encoding !== 'latin-1') return null;
  for (const char of text) if ((char.codePointAt(0) ?? 0) > 0xff) return char;
  return null;
}

/** The bytes of `text` in `format` (its line breaks are the caller's: see `withLineEnding`). */
export function encodeNote(text: string, format: NoteFormat): Uint8Array {
  if (format.encoding === 'utf-8') {
    const body = new TextEncoder().encode(text);
    if (!format.bom) return body;
    const out = new Uint8Array(body.length + 3);
    out.set([0xef, 0xbb, 0xbf]);
    out.set(body, 3);
    return out;
  }
  if (format.encoding === 'latin-1') {
    const bad = unencodable(text, 'latin-1');
    if (bad !== null) throw new RangeError(`"${bad}" has no Latin-1 byte`);
    return Uint8Array.from(text, (char) => char.charCodeAt(0));
  }
  const littleEndian = format.encoding === 'utf-16le';
  const offset = format.bom ? 2 : 0;
  const out = new Uint8Array(offset + text.length * 2);
  const view = new DataView(out.buffer);
  if (format.bom) view.setUint16(0, 0xfeff, littleEndian);
  for (let index = 0; index < text.length; index++)
    view.setUint16(offset + index * 2, text.charCodeAt(index), littleEndian);
  return out;
}

/** How a person names the format: "UTF-8", "UTF-8 with BOM", "UTF-16 LE with BOM", "Latin-1". */
export function formatLabel(format: Pick<NoteFormat, 'encoding' | 'bom'>): string {
  const name = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 LE', 'utf-16be': 'UTF-16 BE', 'latin-1': 'Latin-1' }[
    format.encoding
  ];
  return format.bom ? `${name} with BOM` : name;
}
