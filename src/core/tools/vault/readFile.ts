import { AgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { bytesToBase64 } from '../../util/base64';
import { etagOf } from '../../util/etag';
import { formatLabel, type DecodedNote } from '../../util/noteBytes';
import { utf8Length } from '../../util/text';
import { truncateUtf8 } from '../../util/truncateUtf8';
import { BaseTool } from '../BaseTool';
import type { ResultPart } from '../parts';
import type { ToolContext } from '../types';
import { decodeFor } from './noteFile';
import { resolvePathArg } from './pathArgs';
import { readFilePart } from './readFileParts';
import type { ReadFileInput, ReadFileOutput } from './readFileTypes';

export type { ReadFileInput, ReadFileOutput };

export class ReadFileTool extends BaseTool<ReadFileInput, ReadFileOutput> {
  readonly name = 'vault.readFile' as const;

  async execute(input: ReadFileInput, context: ToolContext): Promise<ReadFileOutput> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const entry = await this.fileAt(path, context);
    const offset = input.offset ?? 0;
    if (input.as === 'base64') {
      const bytes = await context.vault.readBinary(path);
      this.checkOffset(offset, bytes.length, path, 'bytes');
      const end = input.maxBytes === undefined ? bytes.length : Math.min(bytes.length, offset + input.maxBytes);
      const truncated = end < bytes.length;
      return {
        path,
        content: bytesToBase64(bytes.subarray(offset, end)),
        mtimeMs: entry.mtimeMs,
        sizeBytes: bytes.length,
        truncated,
        ...(truncated ? { nextOffset: end } : {}),
      };
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
    const { start, rest } = this.textFrom(text, offset, path);
    const { text: content, truncated } =
      input.maxBytes === undefined ? { text: rest, truncated: false } : truncateUtf8(rest, input.maxBytes);
    return {
      path,
      content,
      etag: etagOf(text),
      mtimeMs: entry.mtimeMs,
      sizeBytes: note.sizeBytes,
      truncated,
      ...(truncated ? { nextOffset: start + utf8Length(content) } : {}),
      encoding: encodingOf(note),
      lineEnding: lineEndingOf(note),
    };
  }

  /** The text after `offset` UTF-8 bytes; an offset inside a character is refused, so a part never starts with half of one. */
  private textFrom(text: string, offset: number, path: string): { start: number; rest: string } {
    if (offset === 0) return { start: 0, rest: text };
    const before = truncateUtf8(text, offset).text;
    const start = utf8Length(before);
    if (before.length === text.length) this.checkOffset(offset, start, path, 'bytes of text');
    if (start !== offset) {
      throw new AgentError(
        'INVALID_INPUT',
        `${this.name}: \`offset\` ${offset} falls inside a character of "${path}"; start at ${start}, where that character begins`,
        { path },
      );
    }
    return { start, rest: text.slice(before.length) };
  }

  private checkOffset(offset: number, size: number, path: string, unit: string): void {
    if (offset > size) {
      throw new AgentError(
        'INVALID_INPUT',
        `${this.name}: \`offset\` ${offset} is past the end of "${path}", which has ${size} ${unit}`,
        { path },
      );
    }
  }

  override partOf(input: ReadFileInput, output: ReadFileOutput, maxChars: number): ResultPart<ReadFileOutput> {
    return readFilePart(input, output, maxChars);
  }

  private async fileAt(path: string, context: ToolContext): Promise<VaultEntry> {
    const entry = await context.vault.stat(path);
    if (!entry)
      throw new AgentError(
        'NOT_FOUND',
        `${this.name}: \`path\` "${path}" does not exist; vault.listFiles or vault.searchText can find the right path`,
        { path },
      );
    if (entry.kind === 'folder') {
      throw new AgentError(
        'NOT_A_FILE',
        `${this.name}: \`path\` "${path}" is a folder, expected a file; use vault.listFiles to see what it holds`,
        { path },
      );
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
