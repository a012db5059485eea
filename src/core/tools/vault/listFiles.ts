import { AgentError } from '../../errors';
import { baseName } from '../../paths/normalizePath';
import type { VaultEntry } from '../../ports/vault';
import { BaseTool } from '../BaseTool';
import type { ToolContext } from '../types';
import { isRootPath, resolvePathArg } from './pathArgs';

export interface ListFilesInput {
  prefix?: string;
  recursive: boolean;
  extensions?: string[];
  limit: number;
}

export interface ListedItem {
  path: string;
  kind: 'file' | 'folder';
  sizeBytes?: number;
  mtimeMs?: number;
}

export interface ListFilesOutput {
  items: ListedItem[];
  truncated: boolean;
}

/** "MD", ".md" and "md" all mean ".md"; multi-part extensions like "tar.gz" work as name suffixes. */
function suffixesOf(extensions: readonly string[]): string[] {
  return extensions.map((extension) => `.${extension.replace(/^\.+/, '').toLowerCase()}`);
}

function toItem(entry: VaultEntry): ListedItem {
  if (entry.kind === 'file')
    return { path: entry.path, kind: 'file', sizeBytes: entry.sizeBytes, mtimeMs: entry.mtimeMs };
  // Folders have no size, and a 0 mtime means the platform has none: leave both out rather than mislead.
  return entry.mtimeMs > 0
    ? { path: entry.path, kind: 'folder', mtimeMs: entry.mtimeMs }
    : { path: entry.path, kind: 'folder' };
}

export class ListFilesTool extends BaseTool<ListFilesInput, ListFilesOutput> {
  readonly name = 'vault.listFiles' as const;

  protected override check(input: ListFilesInput): void {
    input.extensions?.forEach((extension, index) => {
      if (/^\.*$/.test(extension) || /[\\/]/.test(extension)) {
        throw new AgentError(
          'INVALID_INPUT',
          `${this.name}: \`extensions[${index}]\` must be a file extension such as "md", got ${JSON.stringify(extension)}`,
        );
      }
    });
  }

  async execute(input: ListFilesInput, context: ToolContext): Promise<ListFilesOutput> {
    const folder =
      input.prefix === undefined || isRootPath(input.prefix)
        ? '/'
        : resolvePathArg(this.meta, 'prefix', input.prefix, context);
    if (folder !== '/') {
      const entry = await context.vault.stat(folder);
      if (!entry)
        throw new AgentError(
          'NOT_FOUND',
          `${this.name}: \`prefix\` folder "${folder}" does not exist; list "/" to see the top-level folders`,
          { path: folder },
        );
      if (entry.kind === 'file') {
        throw new AgentError(
          'NOT_A_FOLDER',
          `${this.name}: \`prefix\` "${folder}" is a file, expected a folder; use vault.readFile to read it`,
          { path: folder },
        );
      }
    }
    let entries = (await context.vault.list(folder, input.recursive)).filter(
      (entry) => context.readable?.(entry.path) !== false,
    );
    if (input.extensions) {
      const suffixes = suffixesOf(input.extensions);
      entries = entries.filter((entry) => {
        const name = baseName(entry.path).toLowerCase();
        return entry.kind === 'file' && suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length);
      });
    }
    return { items: entries.slice(0, input.limit).map(toItem), truncated: entries.length > input.limit };
  }
}
