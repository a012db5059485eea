import type { NoteEncoding } from '../../util/noteBytes';

/** vault.readFile's input and output: the tool and its cutting into parts (`readFileParts`) both speak them. */
export interface ReadFileInput {
  path: string;
  maxBytes?: number;
  /** Bytes to skip first: UTF-8 bytes of the text, or bytes of the file for base64. */
  offset?: number;
  as: 'text' | 'base64';
  encoding?: NoteEncoding;
}

export interface ReadFileOutput {
  path: string;
  content: string;
  /** Of the whole text, even when truncated: it is what vault.writeFile's expectedEtag compares. Absent for base64. */
  etag?: string;
  mtimeMs?: number;
  sizeBytes: number;
  truncated: boolean;
  /** Where the rest starts (same unit as `offset`), present when the content was cut. */
  nextOffset?: number;
  /** For text: the encoding found, "not UTF-8" when the text is lossy. */
  encoding?: string;
  lineEnding?: 'LF' | 'CRLF' | 'mixed';
}
