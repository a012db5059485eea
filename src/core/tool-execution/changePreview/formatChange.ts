import { decodeNote, encodeNote, formatLabel, PLAIN_UTF8, type DecodedNote, type NoteFormat } from '../../util/noteBytes';

/**
 * The two sides of a text change as a person should compare them: the old note decoded from its bytes (a note
 * that is not UTF-8 as Latin-1, which shows every byte as a character), both with CR-less line breaks, and what
 * the change does to the encoding and line endings, which a line diff cannot show.
 */
export interface TextSides {
  oldText: string;
  newText: string;
  oldSize: number;
  newSize: number;
  /** "line endings CRLF → LF", "encoding Latin-1 → UTF-8": changes to the bytes no diff line shows. */
  formatChanges: string[];
}

const lines = (text: string): string => text.replace(/\r\n/g, '\n');

function endingOf(note: Pick<DecodedNote, 'mixedEol' | 'format'>, hasBreaks: boolean): string | null {
  if (!hasBreaks) return null;
  if (note.mixedEol) return 'mixed';
  return note.format.eol === 'crlf' ? 'CRLF' : 'LF';
}

export function sizeOf(content: string, format: NoteFormat = PLAIN_UTF8): number {
  return encodeNote(content, format).length;
}

/** `bytes` is the file as it is; `content` and `format` are what the change writes. */
export function textSides(bytes: Uint8Array, content: string, format: NoteFormat = PLAIN_UTF8): TextSides {
  let old = decodeNote(bytes);
  if (old.invalidUtf8) old = decodeNote(bytes, 'latin-1');
  const fresh = decodeNote(encodeNote(content, format), format.encoding === 'latin-1' ? 'latin-1' : undefined);
  const formatChanges: string[] = [];
  const before = endingOf(old, /\n/.test(old.text));
  const after = endingOf(fresh, /\n/.test(content));
  if (before !== null && after !== null && before !== after) formatChanges.push(`line endings ${before} → ${after}`);
  const oldLabel = formatLabel(old.format);
  const newLabel = formatLabel(format);
  if (oldLabel !== newLabel) formatChanges.push(`encoding ${oldLabel} → ${newLabel}`);
  return { oldText: lines(old.text), newText: lines(content), oldSize: bytes.length, newSize: sizeOf(content, format), formatChanges };
}

/** Whether `bytes` are a binary file (an image, a PDF), which a text diff cannot show. */
export function isBinary(bytes: Uint8Array): boolean {
  return decodeNote(bytes).binary;
}
