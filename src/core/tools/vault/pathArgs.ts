import { AgentError } from '../../errors';
import { cleanTypedPath } from '../../paths/fileNameFromTitle';
import { resolveVaultPath } from '../../paths/sandbox';
import type { ToolContext, ToolMeta } from '../types';

/**
 * Checks one path input with the sandbox, using the access (read or write) the metadata table declares for
 * that field, so a tool cannot ask for less protection than the pipeline grants. A name the call creates is
 * first made a file name by the one rule (`PathArg.newName`); `keepName` keeps its link characters, for a move
 * that keeps the name it has. `label` names the field in errors, e.g. "paths[2]".
 */
export function resolvePathArg(
  meta: ToolMeta,
  field: string,
  raw: string,
  context: ToolContext,
  label = field,
  keepName = false,
): string {
  const arg = meta.pathArgs.find((candidate) => candidate.field === field);
  if (!arg)
    throw new AgentError(
      'INTERNAL',
      `${meta.name}: \`${field}\` is not declared as a path argument in the metadata table`,
    );
  const typed = arg.newName ? cleanTypedPath(raw, keepName ? 'folder' : arg.newName) : raw;
  return resolveVaultPath(typed, arg.access, { configDir: context.vault.configDir }, label);
}

/** "", "/" or "\\": the vault root, which the sandbox refuses as a target but reads may name. */
export function isRootPath(raw: string): boolean {
  return /^[\\/]*$/.test(raw);
}
