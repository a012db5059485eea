import { AgentError } from '../../errors';
import { cleanTypedPath } from '../../paths/fileNameFromTitle';
import { movedPath } from '../../paths/normalizePath';
import { resolveVaultPath } from '../../paths/sandbox';
import type { PathAccess } from '../../paths/sandbox';
import type { VaultEntry, VaultPort } from '../../ports/vault';
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
      // A name the call creates is checked as the tool will clean it; the exact name it makes comes with its changes.
      found.push({ field: arg.field, raw: arg.newName ? cleanTypedPath(value, 'folder') : value, access: arg.access });
    }
  }
  return found;
}

/**
 * Every vault path a planned change writes: both ends of a move, and everything inside a folder that is moved or
 * deleted (at its old place and, for a move, its new one), so that a rule on one file holds for its folder too.
 */
export async function changedPaths(
  changes: readonly PlannedChange[],
  vault: Pick<VaultPort, 'list'>,
): Promise<string[]> {
  const paths: string[] = [];
  for (const change of changes) {
    if (change.kind === 'command') continue;
    paths.push(change.path, ...(change.kind === 'move' ? [change.toPath] : []));
    for (const inside of await pathsInside(change, vault))
      paths.push(inside.path, ...(inside.toPath === null ? [] : [inside.toPath]));
  }
  return paths;
}

/** The vault's `list`, each folder listed once: for working out the paths of two sets of changes at one moment. */
export function listingOnce(vault: Pick<VaultPort, 'list'>): Pick<VaultPort, 'list'> {
  const listed = new Map<string, Promise<VaultEntry[]>>();
  return {
    list: (folder, recursive) => {
      const key = `${recursive ? 'all' : 'top'}:${folder}`;
      const listing = listed.get(key) ?? vault.list(folder, recursive);
      listed.set(key, listing);
      return listing;
    },
  };
}

/** Everything inside a folder that is moved or deleted, with where it goes (null for a delete); empty for the rest. */
export async function pathsInside(
  change: PlannedChange,
  vault: Pick<VaultPort, 'list'>,
): Promise<{ path: string; toPath: string | null }[]> {
  if ((change.kind !== 'move' && change.kind !== 'delete') || !change.isFolder) return [];
  const toPath = change.kind === 'move' ? change.toPath : null;
  return (await vault.list(change.path, true)).map((entry) => ({
    path: entry.path,
    toPath: toPath === null ? null : movedPath(entry.path, change.path, toPath),
  }));
}

/**
 * Stage 3: the sandbox and the ignore rules, for every path in the input and every path the call will actually
 * write (a create-unique name, the file behind the editor, a rename target, the contents of a moved folder, the
 * notes whose links a move rewrites). `runId`, the run that calls, may read the results it stored.
 * Throws FORBIDDEN_PATH/INVALID_PATH.
 */
export async function checkPaths(
  meta: ToolMeta,
  input: unknown,
  changes: readonly PlannedChange[],
  ignore: IgnoreService,
  vault: VaultPort,
  runId?: string,
): Promise<void> {
  for (const { field, raw, access } of inputPaths(meta, input)) {
    await assertAllowed(
      resolveVaultPath(raw, access, { configDir: vault.configDir }, field),
      access,
      ignore,
      vault,
      field,
      runId,
    );
  }
  for (const change of changes) if (change.kind === 'relink') await assertRelinkAllowed(change, ignore, vault);
  for (const path of await changedPaths(changes, vault)) await assertAllowed(path, 'write', ignore, vault);
}

const CANNOT_LEAVE_OUT =
  'Obsidian rewrites the links in every note that links to what moves and cannot leave one out, so nothing was moved';

/**
 * A note whose links a move rewrites is written, so the rules hold for it; the refusal says which move and why. A
 * note the ignore rules hide is not named: the agent must not learn that it exists, nor what it links to.
 */
async function assertRelinkAllowed(
  change: Extract<PlannedChange, { kind: 'relink' }>,
  ignore: IgnoreService,
  vault: VaultPort,
): Promise<void> {
  const resolved = vault.resolveLinks ? await vault.resolveLinks(change.path) : change.path;
  for (const path of new Set([change.path, resolved])) {
    if (ignore.denial(path, 'read') !== null) {
      throw new AgentError(
        'FORBIDDEN_PATH',
        `Refused: moving "${change.target}" rewrites the links to it in other notes, and a note the ignore rules hide links to it. ${CANNOT_LEAVE_OUT}; ask the user to move it`,
        { path: change.target },
      );
    }
    const why = ignore.denial(path, 'write');
    if (why) {
      throw new AgentError(
        'FORBIDDEN_PATH',
        `Refused: moving "${change.target}" rewrites the links to it in "${change.path}", and ${why}. ${CANNOT_LEAVE_OUT}; ask the user to move it, or to remove that link first`,
        { path: change.path },
      );
    }
  }
}

/**
 * The rules for `path` as spelled, and for where it leads when a symlink inside the vault is on the way; for a
 * write, also what the vault itself would refuse (see `VaultPort.writeDenial`).
 */
async function assertAllowed(
  path: string,
  access: PathAccess,
  ignore: IgnoreService,
  vault: VaultPort,
  field = 'path',
  runId?: string,
): Promise<void> {
  ignore.assertAllowed(path, access, field, runId);
  const target = vault.resolveLinks ? await vault.resolveLinks(path) : path;
  const why = target === path ? null : ignore.denial(target, access, runId);
  if (why)
    throw new AgentError('FORBIDDEN_PATH', `Refused ${field}: "${path}" leads to "${target}": ${why}`, { path, field });
  const refused = access === 'write' ? await vault.writeDenial?.(path) : null;
  if (refused) throw new AgentError('FORBIDDEN_PATH', refused, { path, field });
}
