import { utf8Length } from '../../util/text';
import { decodeNote, encodeNote, formatLabel, lineEndingOf, PLAIN_UTF8, type NoteFormat } from '../../util/noteBytes';

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
  /** The file was an image, PDF or other binary file. */
  oldBinary: boolean;
}

const lines = (text: string): string => text.replace(/\r\n/g, '\n');

/** "LF", "CRLF" or "mixed"; null for text without a line break, which has no ending to change. */
function endingOf(text: string): string | null {
  if (!text.includes('\n')) return null;
  const { eol, mixed } = lineEndingOf(text);
  if (mixed) return 'mixed';
  return eol === 'crlf' ? 'CRLF' : 'LF';
}

/** Bytes `content` takes in `format`; UTF-8 counted without encoding it (notes can be megabytes). */
export function sizeOf(content: string, format: NoteFormat = PLAIN_UTF8): number {
  if (format.encoding === 'utf-8') return utf8Length(content) + (format.bom ? 3 : 0);
  return encodeNote(content, format).length;
}

/** `bytes` is the file as it is; `content` and `format` are what the change writes. */
export function textSides(bytes: Uint8Array, content: string, format: NoteFormat = PLAIN_UTF8): TextSides {
  let old = decodeNote(bytes);
  if (old.invalidUtf8) old = decodeNote(bytes, 'latin-1');
  const formatChanges: string[] = [];
  const before = endingOf(old.text);
  const after = endingOf(content);
  if (before !== null && after !== null && before !== after) formatChanges.push(`line endings ${before} → ${after}`);
  const oldLabel = formatLabel(old.format);
  const newLabel = formatLabel(format);
  if (oldLabel !== newLabel) formatChanges.push(`encoding ${oldLabel} → ${newLabel}`);
  return {
    oldText: lines(old.text),
    newText: lines(content),
    oldSize: bytes.length,
    newSize: sizeOf(content, format),
    formatChanges,
    oldBinary: old.binary,
  };
}
