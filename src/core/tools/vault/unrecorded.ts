import { AgentError } from '../../errors';
import type { VaultPort } from '../../ports/vault';

/**
 * Checkpoints record the files a vault lists, by their bytes. Hidden entries are not listed, and a symbolic link
 * would come back as a copy of what it points to, so a write that removes or moves either could not be undone.
 * These checks refuse such writes in `describeChanges`, before anyone is asked to approve them.
 */

/** Up to three paths, quoted, and how many more: for an error message. */
export function nameFew(paths: readonly string[]): string {
  return (
    paths
      .slice(0, 3)
      .map((path) => `"${path}"`)
      .join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '')
  );
}

/** The hidden entries in `folder` and below, when it is a folder; else none. */
export async function hiddenIn(vault: VaultPort, path: string, kind: 'file' | 'folder'): Promise<string[]> {
  return kind === 'folder' ? vault.hiddenEntries(path) : [];
}

/** Refuses a write that moves or deletes `path` when it is, or holds, a symbolic link. */
export async function assertNoLinks(
  tool: string,
  vault: VaultPort,
  path: string,
  verb: 'moved' | 'deleted',
): Promise<void> {
  const links = (await vault.links?.(path)) ?? [];
  if (links.length === 0) return;
  const what =
    links.length === 1 && links[0] === path ? 'is a symbolic link' : `holds symbolic links (${nameFew(links)})`;
  const it = what.startsWith('is') ? 'it' : 'them';
  throw new AgentError(
    'NOT_ALLOWED',
    `${tool}: "${path}" ${what}; a checkpoint records the bytes a link leads to, not the link, so a revert could not bring ${it} back; it is not ${verb}. Ask the user to ${verb === 'moved' ? 'move' : 'delete'} it`,
    { path },
  );
}

/** Refuses a move of `path` when a revert could not bring back what it moves: hidden entries, links. */
export async function assertMovable(
  tool: string,
  vault: VaultPort,
  path: string,
  kind: 'file' | 'folder',
): Promise<void> {
  const hidden = await hiddenIn(vault, path, kind);
  if (hidden.length > 0) {
    throw new AgentError(
      'NOT_ALLOWED',
      `${tool}: "${path}" holds hidden entries (${nameFew(hidden)}) that no checkpoint records, so a revert could not move them back; it is not moved. Move the notes in it one by one instead, or ask the user to move the folder`,
      { path },
    );
  }
  await assertNoLinks(tool, vault, path, 'moved');
}
