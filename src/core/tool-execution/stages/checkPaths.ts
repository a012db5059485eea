import { resolveVaultPath } from '../../paths/sandbox';
import type { PathAccess } from '../../paths/sandbox';
import type { PlannedChange, ToolMeta } from '../../tools/types';
import type { IgnoreService } from '../IgnoreService';

/** The paths named in a call's input, by the metadata's pathArgs, with the access each needs. */
export function inputPaths(meta: ToolMeta, input: unknown): { field: string; raw: string; access: PathAccess }[] {
  const record = (input ?? {}) as Record<string, unknown>;
  const found: { field: string; raw: string; access: PathAccess }[] = [];
  for (const arg of meta.pathArgs) {
    const value = record[arg.field];
    if (arg.array && Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === 'string') found.push({ field: `${arg.field}[${index}]`, raw: item, access: arg.access });
      });
    } else if (typeof value === 'string' && !(arg.field === 'prefix' && (value === '' || value === '/'))) {
      found.push({ field: arg.field, raw: value, access: arg.access });
    }
  }
  return found;
}

/** Every vault path a planned change writes (both ends of a move). */
export function changedPaths(changes: readonly PlannedChange[]): string[] {
  return changes.flatMap((change) => {
    switch (change.kind) {
      case 'move':
        return [change.path, change.toPath];
      case 'command':
        return [];
      default:
        return [change.path];
    }
  });
}

/**
 * Stage 3: the sandbox and the ignore rules, for every path in the input and every path the call will actually
 * write (a create-unique name, the file behind the editor, a rename target). Throws FORBIDDEN_PATH/INVALID_PATH.
 */
export function checkPaths(meta: ToolMeta, input: unknown, changes: readonly PlannedChange[], ignore: IgnoreService, configDir: string): void {
  for (const { field, raw, access } of inputPaths(meta, input)) {
    const path = resolveVaultPath(raw, access, { configDir }, field);
    ignore.assertAllowed(path, access, field);
  }
  for (const path of changedPaths(changes)) ignore.assertAllowed(path, 'write');
}
