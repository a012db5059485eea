import { AgentError } from '../../errors';
import type { VaultEntry, VaultPort } from '../../ports/vault';
import {
  decodeNote,
  encodeNote,
  formatLabel,
  PLAIN_UTF8,
  unencodable,
  type DecodedNote,
  type NoteEncoding,
  type NoteFormat,
} from '../../util/noteBytes';

/**
 * A note as the write tools read and write it: from its bytes, so that its encoding, BOM and line ending are
 * known and kept. `encoding` is what the call said; a note that is not UTF-8 is then read as Latin-1, which maps
 * every byte to one character, so nothing is lost before it is written back in the encoding the call chose.
 */
export async function loadNote(vault: VaultPort, path: string, encoding?: NoteEncoding): Promise<DecodedNote> {
  return decodeFor(await vault.readBinary(path), encoding);
}

/** `loadNote` for bytes already read. */
export function decodeFor(bytes: Uint8Array, encoding?: NoteEncoding): DecodedNote {
  const note = decodeNote(bytes);
  return note.invalidUtf8 && encoding !== undefined ? decodeNote(bytes, 'latin-1') : note;
}

/**
 * The format to write `note` back in: its own, or the encoding the call named. Refused: text over a binary file,
 * and, for a note that is not UTF-8 when the call named no encoding, an append (it would mix two encodings in one
 * file) or text holding U+FFFD (the note's text as read, whose lost characters it would make final).
 */
export function writeFormat(
  tool: string,
  path: string,
  note: DecodedNote,
  encoding: NoteEncoding | undefined,
  write: { content: string; append: boolean },
): NoteFormat {
  if (note.binary) {
    throw new AgentError(
      'BINARY_FILE',
      `${tool}: "${path}" is a binary file (${note.sizeBytes} bytes, not text), and text would replace it; nothing was written. Write it with \`as\` "base64", or choose another path`,
      { path },
    );
  }
  if (note.invalidUtf8 && encoding === undefined && (write.append || write.content.includes('\ufffd'))) {
    const why = write.append
      ? 'and appending UTF-8 text would mix two encodings in one file'
      : 'so its text as read lost characters';
    throw new AgentError(
      'NOT_UTF8',
      `${tool}: "${path}" is not UTF-8 (probably Latin-1 or Windows-1252), ${why}; nothing was written. Pass \`encoding\` "latin-1" to keep its encoding, or "utf-8" to convert it`,
      { path },
    );
  }
  if (encoding === undefined || encoding === note.format.encoding) return note.format;
  return { ...newNoteFormat(encoding), eol: note.format.eol };
}

/** Refuses text the format cannot hold, naming the first such character. */
export function requireEncodable(tool: string, path: string, text: string, format: NoteFormat): void {
  const bad = unencodable(text, format.encoding);
  if (bad === null) return;
  const code = `U+${(bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  throw new AgentError(
    'NOT_ENCODABLE',
    `${tool}: "${bad}" (${code}) cannot be written in ${formatLabel(format)}, the encoding of "${path}"; nothing was written. Leave it out, or pass \`encoding\` "utf-8" to convert the note`,
    { path },
  );
}

const isPlain = (format: NoteFormat): boolean => format.encoding === 'utf-8' && !format.bom;

/**
 * Writes the whole text of an existing note in `format`. Plain UTF-8 goes through the text call (Obsidian's
 * atomic `Vault.process`, which its editor and caches follow); any other format as bytes, which the text calls
 * would write as UTF-8.
 */
export async function writeNote(vault: VaultPort, path: string, text: string, format: NoteFormat): Promise<VaultEntry> {
  return isPlain(format) ? vault.modify(path, text) : vault.writeBinary(path, encodeNote(text, format));
}

/** Creates a note with `text` in `format`, as `writeNote` writes one. */
export async function createNote(
  vault: VaultPort,
  path: string,
  text: string,
  format: NoteFormat,
): Promise<VaultEntry> {
  return isPlain(format) ? vault.create(path, text) : vault.writeBinary(path, encodeNote(text, format));
}

/** The format of a new note: plain UTF-8, or the encoding the call named (UTF-16 with its BOM). */
export function newNoteFormat(encoding: NoteEncoding | undefined): NoteFormat {
  if (encoding === undefined) return PLAIN_UTF8;
  return { encoding, bom: encoding === 'utf-16le' || encoding === 'utf-16be', eol: 'lf' };
}

/**
 * Appends `piece` to `note` in `format`: plain UTF-8 through the text call, as `writeNote`; a note that changes
 * encoding (the call asked for it) is written whole.
 */
export async function appendNote(
  vault: VaultPort,
  path: string,
  note: DecodedNote,
  piece: string,
  format: NoteFormat,
): Promise<VaultEntry> {
  const same = !note.invalidUtf8 && note.format.encoding === format.encoding && note.format.bom === format.bom;
  if (same && isPlain(format)) return vault.append(path, piece);
  return vault.writeBinary(path, encodeNote(note.text + piece, format));
}

/** A planned change's `format`, left out for plain UTF-8, which is what a change without one means. */
export function formatField(format: NoteFormat): { format?: NoteFormat } {
  return isPlain(format) ? {} : { format };
}

/** Bytes `text` takes in `format`, without a BOM: what a write of it adds. */
export function encodedLength(text: string, format: NoteFormat): number {
  return encodeNote(text, { ...format, bom: false }).length;
}
