import { AgentError } from '../../errors';
import type { VaultEntry } from '../../ports/vault';
import { etagOf } from '../../util/etag';
import { utf8Length } from '../../util/text';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { caseTwinError, caseTwinOf } from './caseTwin';
import { resolvePathArg } from './pathArgs';

export interface WriteFileInput {
  path: string;
  content: string;
  mode: 'overwrite' | 'append';
  expectedEtag?: string;
}

export interface WriteFileOutput {
  path: string;
  created: boolean;
  etag: string;
  mtimeMs: number;
  /** UTF-8 bytes of `content`: what this call wrote, not the file's new size. */
  bytesWritten: number;
}

export class WriteFileTool extends BaseTool<WriteFileInput, WriteFileOutput> {
  readonly name = 'vault.writeFile' as const;

  override async describeChanges(input: WriteFileInput, context: ToolContext): Promise<PlannedChange[]> {
    const { path, existing } = await this.target(input, context);
    if (!existing) return [{ kind: 'create', path, content: input.content }];
    const content = input.mode === 'append' ? (await context.vault.read(path)) + input.content : input.content;
    return [{ kind: 'modify', path, content }];
  }

  async execute(input: WriteFileInput, context: ToolContext): Promise<WriteFileOutput> {
    const { path, existing } = await this.target(input, context);
    const { vault } = context;

    const bytesWritten = utf8Length(input.content);
    if (!existing) {
      const entry = await vault.create(path, input.content);
      return { path, created: true, etag: etagOf(input.content), mtimeMs: entry.mtimeMs, bytesWritten };
    }
    if (input.mode === 'append') {
      const entry = await vault.append(path, input.content);
      // The etag is of the whole file, and only a read after the append knows what it was appended to.
      const full = await vault.read(path);
      return { path, created: false, etag: etagOf(full), mtimeMs: entry.mtimeMs, bytesWritten };
    }
    const entry = await vault.modify(path, input.content);
    return { path, created: false, etag: etagOf(input.content), mtimeMs: entry.mtimeMs, bytesWritten };
  }

  /** The file to write, after the checks that must pass before anything is written or previewed. */
  private async target(input: WriteFileInput, context: ToolContext): Promise<{ path: string; existing: VaultEntry | null }> {
    const path = resolvePathArg(this.meta, 'path', input.path, context);
    const existing = await context.vault.stat(path);
    if (existing?.kind === 'folder') {
      throw new AgentError('NOT_A_FILE', `${this.name}: \`path\` "${path}" is a folder, expected a file; choose another path`, { path });
    }
    const twin = existing ? null : await caseTwinOf(context.vault, path);
    if (twin) throw caseTwinError(this.name, 'path', path, twin);
    if (input.expectedEtag !== undefined) await this.checkEtag(path, input.expectedEtag, existing, context);
    return { path, existing };
  }

  private async checkEtag(path: string, expected: string, existing: VaultEntry | null, context: ToolContext): Promise<void> {
    if (!existing) {
      throw new AgentError(
        'ETAG_MISMATCH',
        `${this.name}: \`expectedEtag\` is "${expected}" but "${path}" does not exist any more (it was moved or deleted since it was read); nothing was written`,
        { path, expectedEtag: expected, actualEtag: null },
      );
    }
    const actual = etagOf(await context.vault.read(path));
    if (actual !== expected) {
      throw new AgentError(
        'ETAG_MISMATCH',
        `${this.name}: "${path}" changed since it was read: \`expectedEtag\` is "${expected}", the file's etag is now "${actual}"; nothing was written. Read it again with vault.readFile and retry`,
        { path, expectedEtag: expected, actualEtag: actual },
      );
    }
  }
}
