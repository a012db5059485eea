import { AgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { base64ToBytes, bytesToBase64 } from '../../util/base64';
import { etagOf } from '../../util/etag';
import { utf8Length } from '../../util/text';
import { withLineEnding, type DecodedNote, type NoteEncoding, type NoteFormat } from '../../util/noteBytes';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import {
  appendNote,
  createNote,
  decodeFor,
  formatField,
  encodedLength,
  loadNote,
  newNoteFormat,
  requireEncodable,
  writeFormat,
  writeNote,
} from './noteFile';
import { caseTwinError, caseTwinOf } from './caseTwin';
import { resolvePathArg } from './pathArgs';

export interface WriteFileInput {
  path: string;
  content: string;
  mode: 'overwrite' | 'append';
  expectedEtag?: string;
  as: 'text' | 'base64';
  encoding?: NoteEncoding;
}

export interface WriteFileOutput {
  path: string;
  created: boolean;
  /** Absent for base64 content, which readFile gives no etag either. */
  etag?: string;
  mtimeMs: number;
  /** Bytes of `content` as written (in the note's encoding and line ending): what this call wrote, not the file's new size. */
  bytesWritten: number;
}

interface Target {
  path: string;
  existing: VaultEntry | null;
  /** The file as it is, when one is there. */
  bytes: Uint8Array | null;
  note: DecodedNote | null;
}

/** What the call writes: the whole new text in its format (text), or the whole new bytes (base64). */
type Write =
  | { as: 'text'; text: string; piece: string; format: NoteFormat; appendTo: DecodedNote | null }
  | { as: 'base64'; bytes: Uint8Array; piece: Uint8Array };

export class WriteFileTool extends BaseTool<WriteFileInput, WriteFileOutput> {
  readonly name = 'vault.writeFile' as const;

  override simulatedOutput(input: WriteFileInput, changes: readonly PlannedChange[]): Partial<WriteFileOutput> {
    const write = changes.find((change) => change.kind !== 'command');
    return {
      path: write?.path ?? input.path,
      created: write?.kind === 'create',
      bytesWritten: utf8Length(input.content),
    };
  }

  override async describeChanges(input: WriteFileInput, context: ToolContext): Promise<PlannedChange[]> {
    const { target, write } = await this.prepare(input, context);
    const kind = target.existing ? 'modify' : 'create';
    if (write.as === 'base64')
      return [{ kind, path: target.path, content: bytesToBase64(write.bytes), format: 'base64' }];
    return [{ kind, path: target.path, content: write.text, ...formatField(write.format) }];
  }

  async execute(input: WriteFileInput, context: ToolContext): Promise<WriteFileOutput> {
    const { target, write } = await this.prepare(input, context);
    const { path, existing } = target;
    const { vault } = context;

    if (write.as === 'base64') {
      const entry = await vault.writeBinary(path, write.bytes);
      return { path, created: !existing, mtimeMs: entry.mtimeMs, bytesWritten: write.piece.length };
    }
    const bytesWritten = encodedLength(write.piece, write.format);
    if (!existing) {
      const entry = await createNote(vault, path, write.text, write.format);
      return { path, created: true, etag: etagOf(write.text), mtimeMs: entry.mtimeMs, bytesWritten };
    }
    if (write.appendTo) {
      const entry = await appendNote(vault, path, write.appendTo, write.piece, write.format);
      // The etag is of the whole file, and only a read after the append knows what it was appended to.
      const full = await loadNote(vault, path, input.encoding);
      return { path, created: false, etag: etagOf(full.text), mtimeMs: entry.mtimeMs, bytesWritten };
    }
    const entry = await writeNote(vault, path, write.text, write.format);
    return { path, created: false, etag: etagOf(write.text), mtimeMs: entry.mtimeMs, bytesWritten };
  }

  /** The file and what goes into it, worked out once for the description and the write that follows it. */
  private prepare(input: WriteFileInput, context: ToolContext): Promise<{ target: Target; write: Write }> {
    return this.once(input, context, async () => {
      const target = await this.target(input, context);
      return { target, write: this.plan(input, target) };
    });
  }

  /** The new content, in the note's own encoding, BOM and line ending; refused when text would lose bytes. */
  private plan(input: WriteFileInput, { path, bytes, note }: Target): Write {
    if (input.as === 'base64') {
      const piece = base64ToBytes(input.content);
      if (!piece)
        throw new AgentError(
          'INVALID_INPUT',
          `${this.name}: \`content\` is not base64, as \`as\` "base64" says; pass the base64 of the bytes, or \`as\` "text"`,
          { path },
        );
      if (input.mode !== 'append' || !bytes) return { as: 'base64', bytes: piece, piece };
      const joined = new Uint8Array(bytes.length + piece.length);
      joined.set(bytes);
      joined.set(piece, bytes.length);
      return { as: 'base64', bytes: joined, piece };
    }
    const append = input.mode === 'append';
    const format = note
      ? writeFormat(this.name, path, note, input.encoding, { content: input.content, append })
      : newNoteFormat(input.encoding);
    // The model writes "\n"; a CRLF note stays CRLF, so the card shows only the lines that change.
    const piece = note ? withLineEnding(input.content, format.eol) : input.content;
    requireEncodable(this.name, path, piece, format);
    if (note && append) return { as: 'text', text: note.text + piece, piece, format, appendTo: note };
    return { as: 'text', text: piece, piece, format, appendTo: null };
  }

  /** The file to write, after the checks that must pass before anything is written or previewed. */
  private async target(input: WriteFileInput, context: ToolContext): Promise<Target> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (existing?.kind === 'folder') {
      throw new AgentError(
        'NOT_A_FILE',
        `${this.name}: \`path\` "${path}" is a folder, expected a file; choose another path`,
        { path },
      );
    }
    const twin = existing ? null : await caseTwinOf(context.vault, path);
    if (twin) throw caseTwinError(this.name, 'path', path, twin);
    const bytes = existing ? await context.vault.readBinary(path) : null;
    const note = bytes ? decodeFor(bytes, input.encoding) : null;
    if (input.expectedEtag !== undefined) this.checkEtag(path, input.expectedEtag, note);
    return { path, existing, bytes, note };
  }

  private checkEtag(path: string, expected: string, note: DecodedNote | null): void {
    if (!note) {
      throw new AgentError(
        'ETAG_MISMATCH',
        `${this.name}: \`expectedEtag\` is "${expected}" but "${path}" does not exist any more (it was moved or deleted since it was read); nothing was written`,
        { path, expectedEtag: expected, actualEtag: null },
      );
    }
    const actual = etagOf(note.text);
    if (actual !== expected) {
      throw new AgentError(
        'ETAG_MISMATCH',
        `${this.name}: "${path}" changed since it was read: \`expectedEtag\` is "${expected}", the file's etag is now "${actual}"; nothing was written. Read it again with vault.readFile and retry`,
        { path, expectedEtag: expected, actualEtag: actual },
      );
    }
  }
}
