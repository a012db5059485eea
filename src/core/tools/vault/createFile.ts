import { AgentError, isAgentError } from '../../errors';
import { etagOf } from '../../util/etag';
import { withFrontmatter } from '../../util/frontmatter';
import { withLineEnding, type NoteEncoding, type NoteFormat } from '../../util/noteBytes';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { createNote, formatField, loadNote, newNoteFormat, requireEncodable, writeFormat, writeNote } from './noteFile';
import { caseTwinError, caseTwinOf, numberingAvoids } from './caseTwin';
import { resolvePathArg } from './pathArgs';
import { pathOfHeadedTitle, titleLostFromName, withTitleHeading } from './titleHeading';
import { uniquePath } from './uniquePath';

export type CollisionStrategy = 'error' | 'create-unique' | 'overwrite';

export interface CreateFileInput {
  path: string;
  content: string;
  ifNotExists?: boolean;
  collisionStrategy?: CollisionStrategy;
  frontmatter?: Record<string, unknown>;
  encoding?: NoteEncoding;
}

export interface CreateFileOutput {
  path: string;
  created: boolean;
  /** Set when an existing file was replaced (created is false then too, as when it was left alone). */
  overwritten?: true;
  etag?: string;
  mtimeMs?: number;
}

/** What to do when the path is taken; "keep" leaves the existing file alone. */
type Policy = CollisionStrategy | 'keep';

type Action =
  | { kind: 'create'; path: string; content: string; format: NoteFormat }
  | { kind: 'overwrite'; path: string; content: string; format: NoteFormat; mtimeMs: number }
  | { kind: 'keep'; path: string; mtimeMs: number };

/**
 * The policy the two inputs ask for. No defaults in the schema, on purpose: `ifNotExists` given as true is a
 * different request ("leave it alone") from leaving it out ("find a free name").
 */
function policyOf(input: CreateFileInput): Policy {
  if (input.collisionStrategy) return input.collisionStrategy;
  if (input.ifNotExists === true) return 'keep';
  if (input.ifNotExists === false) return 'overwrite';
  return 'create-unique';
}

export class CreateFileTool extends BaseTool<CreateFileInput, CreateFileOutput> {
  readonly name = 'vault.createFile' as const;

  override simulatedOutput(input: CreateFileInput, changes: readonly PlannedChange[]): CreateFileOutput {
    const write = changes.find((change) => change.kind !== 'command');
    if (write?.kind === 'create') return { path: write.path, created: true };
    if (write?.kind === 'modify') return { path: write.path, created: false, overwritten: true };
    return { path: input.path, created: false };
  }

  protected override check(input: CreateFileInput): void {
    const strategy = input.collisionStrategy;
    if (input.ifNotExists === false && strategy !== undefined && strategy !== 'overwrite') {
      throw new AgentError(
        'INVALID_INPUT',
        `${this.name}: \`ifNotExists\` false means overwrite, which contradicts \`collisionStrategy\` "${strategy}"; pass only one of them`,
      );
    }
    if (input.ifNotExists === true && strategy === 'overwrite') {
      throw new AgentError(
        'INVALID_INPUT',
        `${this.name}: \`ifNotExists\` true never replaces a file, which contradicts \`collisionStrategy\` "overwrite"; pass only one of them`,
      );
    }
  }

  override async describeChanges(input: CreateFileInput, context: ToolContext): Promise<PlannedChange[]> {
    const action = await this.once(input, context, () => this.resolve(input, context));
    if (action.kind === 'keep') return [];
    return [
      {
        kind: action.kind === 'create' ? 'create' : 'modify',
        path: action.path,
        content: action.content,
        ...formatField(action.format),
      },
    ];
  }

  async execute(input: CreateFileInput, context: ToolContext): Promise<CreateFileOutput> {
    const action = await this.once(input, context, () => this.resolve(input, context));
    const { vault } = context;
    if (action.kind === 'create')
      return this.create(action.path, action.content, action.format, policyOf(input), context);
    if (action.kind === 'keep') {
      const current = await loadNote(vault, action.path, input.encoding);
      return { path: action.path, created: false, etag: etagOf(current.text), mtimeMs: action.mtimeMs };
    }
    const entry = await writeNote(vault, action.path, action.content, action.format);
    return {
      path: action.path,
      created: false,
      overwritten: true,
      etag: etagOf(action.content),
      mtimeMs: entry.mtimeMs,
    };
  }

  /** What the call will do, decided once for both the preview and the write. */
  private async resolve(input: CreateFileInput, context: ToolContext): Promise<Action> {
    const meant = pathOfHeadedTitle(input.path, input.content);
    const path = resolvePathArg(this.meta, 'path', meant ?? input.path, context);
    const title = meant === null ? titleLostFromName(input.path) : null;
    const body = title === null ? input.content : withTitleHeading(input.content, title);
    const content = input.frontmatter ? withFrontmatter(body, input.frontmatter) : body;
    const policy = policyOf(input);
    const { vault } = context;

    const existing = await vault.stat(path);
    const format = newNoteFormat(input.encoding);
    const twin = existing ? null : await caseTwinOf(vault, path);
    if (twin && (policy !== 'create-unique' || !numberingAvoids(path, twin)))
      throw caseTwinError(this.name, 'path', path, twin);
    if (existing || twin) {
      if (policy === 'create-unique') {
        requireEncodable(this.name, path, content, format);
        return { kind: 'create', path: await uniquePath(vault, path, 'file'), content, format };
      }
    }
    if (!existing) {
      requireEncodable(this.name, path, content, format);
      return { kind: 'create', path, content, format };
    }
    if (policy === 'error') {
      throw new AgentError(
        'EXISTS',
        `${this.name}: \`path\` "${path}" already exists; choose another path, or pass collisionStrategy "create-unique" or "overwrite"`,
        { path },
      );
    }
    if (existing.kind === 'folder') {
      throw new AgentError(
        'NOT_A_FILE',
        `${this.name}: \`path\` "${path}" is a folder, expected a file; choose another path`,
        { path },
      );
    }
    if (policy === 'keep') return { kind: 'keep', path, mtimeMs: existing.mtimeMs };
    // The note keeps its encoding, BOM and line ending; a binary file or a lossily read one is refused.
    const kept = writeFormat(this.name, path, await loadNote(vault, path, input.encoding), input.encoding, {
      content,
      append: false,
    });
    const text = withLineEnding(content, kept.eol);
    requireEncodable(this.name, path, text, kept);
    return { kind: 'overwrite', path, content: text, format: kept, mtimeMs: existing.mtimeMs };
  }

  private async create(
    path: string,
    content: string,
    format: NoteFormat,
    policy: Policy,
    context: ToolContext,
  ): Promise<CreateFileOutput> {
    try {
      const entry = await createNote(context.vault, path, content, format);
      return { path, created: true, etag: etagOf(content), mtimeMs: entry.mtimeMs };
    } catch (error) {
      // Another writer (a sync, the user) took the name since the check: pick the next free one.
      if (policy === 'create-unique' && isAgentError(error, 'EXISTS')) {
        return this.create(await uniquePath(context.vault, path, 'file'), content, format, policy, context);
      }
      throw error;
    }
  }
}
