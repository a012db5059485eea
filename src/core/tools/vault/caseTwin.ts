import { AgentError } from '../../errors';
import { baseName, parentFolder } from '../../paths/normalizePath';
import { sameNameIgnoringCase } from '../../paths/storedName';
import type { VaultEntry, VaultPort } from '../../ports/vault';

/**
 * The existing entry that a new `path` would be one file with on a Mac or Windows disk: "note.md" when "Note.md"
 * exists, or "notes/a.md" when the folder "Notes" does. Null when `path` itself exists (in any Unicode form, see
 * `resolveStoredPath`) or nothing differs from it only by case. Lists one folder, only when `path` is missing.
 * The vaults stay case-sensitive (a revert puts back twins a user made), so the tools ask this before a new name.
 */
export async function caseTwinOf(vault: VaultPort, path: string): Promise<VaultEntry | null> {
  if (path === '/' || (await vault.stat(path))) return null;
  const parent = parentFolder(path);
  const folder = parent === '/' ? null : await vault.stat(parent);
  if (parent !== '/' && !folder) return caseTwinOf(vault, parent);
  // A file where the folder should be: the write itself refuses that, naming it.
  if (folder?.kind === 'file') return null;
  const name = baseName(path);
  return (await vault.list(parent, false)).find((entry) => sameNameIgnoringCase(baseName(entry.path), name)) ?? null;
}

/**
 * Whether a numbered name for `path` ("note (2).md") avoids `twin`: not when the twin is a folder on the way
 * ("Notes" for "notes/a.md"). Counted in segments, as the twin is named in its stored Unicode form.
 */
export function numberingAvoids(path: string, twin: VaultEntry): boolean {
  return twin.path.split('/').length === path.split('/').length;
}

/** The refusal of a new name that `twin` already has but for case; names both and says what to do. */
export function caseTwinError(tool: string, field: string, path: string, twin: VaultEntry): AgentError {
  return new AgentError(
    'EXISTS',
    `${tool}: \`${field}\` "${path}" differs only by case from the existing ${twin.kind} "${twin.path}", which a Mac or Windows disk takes for the same name and links cannot tell apart; use "${twin.path}" to change that ${twin.kind}, or choose another name`,
    { path, existing: twin.path },
  );
}
