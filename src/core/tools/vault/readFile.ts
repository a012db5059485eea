import { AgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { bytesToBase64 } from '../../util/base64';
import { etagOf } from '../../util/etag';
import { formatLabel, type DecodedNote, type NoteEncoding } from '../../util/noteBytes';
import { truncateUtf8 } from '../../util/truncateUtf8';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { decodeFor } from './noteFile';
import { resolvePathArg } from './pathArgs';

export interface ReadFileInput {
  path: string;
  maxBytes?: number;
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
  /** For text: the encoding found, "not UTF-8" when the text is lossy. */
  encoding?: string;
  lineEnding?: 'LF' | 'CRLF' | 'mixed';
}

export class ReadFileTool extends BaseTool<ReadFileInput, ReadFileOutput> {
  readonly name = 'vault.readFile' as const;

  async execute(input: ReadFileInput, context: ToolContext): Promise<ReadFileOutput> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const entry = await this.fileAt(path, context);
    if (input.as === 'base64') {
      const bytes = await context.vault.readBinary(path);
      const kept = input.maxBytes !== undefined && bytes.length > input.maxBytes ? bytes.subarray(0, input.maxBytes) : bytes;
      return { path, content: bytesToBase64(kept), mtimeMs: entry.mtimeMs, sizeBytes: bytes.length, truncated: kept.length < bytes.length };
    }
    // A fresh read of the bytes, not the cache: the etag must be that of the file as a write would find it.
    const note = decodeFor(await context.vault.readBinary(path), input.encoding);
    if (note.binary) {
      throw new AgentError(
        'BINARY_FILE',
        `${this.name}: "${path}" is a binary file (${note.sizeBytes} bytes, not text); read it with \`as\` "base64"`,
        { path },
      );
    }
    const { text } = note;
    const { text: content, truncated } = input.maxBytes === undefined ? { text, truncated: false } : truncateUtf8(text, input.maxBytes);
    return { path, content, etag: etagOf(text), mtimeMs: entry.mtimeMs, sizeBytes: note.sizeBytes, truncated, encoding: encodingOf(note), lineEnding: lineEndingOf(note) };
  }

  private async fileAt(path: string, context: ToolContext): Promise<VaultEntry> {
    const entry = await context.vault.stat(path);
    if (!entry) throw new AgentError('NOT_FOUND', `${this.name}: \`path\` "${path}" does not exist; vault.listFiles or vault.searchText can find the right path`, { path });
    if (entry.kind === 'folder') {
      throw new AgentError('NOT_A_FILE', `${this.name}: \`path\` "${path}" is a folder, expected a file; use vault.listFiles to see what it holds`, { path });
    }
    return entry;
  }
}

function encodingOf(note: DecodedNote): string {
  return note.invalidUtf8 ? 'not UTF-8' : formatLabel(note.format);
}

function lineEndingOf(note: DecodedNote): 'LF' | 'CRLF' | 'mixed' {
  if (note.mixedEol) return 'mixed';
  return note.format.eol === 'crlf' ? 'CRLF' : 'LF';
}
