import { AgentError, describeError, isAgentError } from '../errors';
import type { VaultPort } from '../ports/vault';
import type { RestoreChange } from './types';
import type { RestoreStep } from './restorePlan';

/**
 * The bytes as text when they are valid UTF-8, else null. Valid UTF-8 decodes and re-encodes to the same bytes
 * (a BOM is kept as U+FEFF), so such files can go through the text calls; anything else needs `writeBinary`.
 */
export function exactText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

export interface Applied {
  applied: RestoreChange[];
  keptFolders: string[];
}

/**
 * Runs planned steps through the vault port. Text files go through `create`/`modify`, so Obsidian's editors and
 * caches see ordinary changes; other bytes through `writeBinary`. A folder is removed only if it is still empty
 * (hidden entries included) when its turn comes. The first failure stops the restore with an error naming the path.
 */
export async function applyRestore(
  vault: VaultPort,
  steps: RestoreStep[],
  readBlob: (oid: string) => Promise<Uint8Array>,
  context: string,
): Promise<Applied> {
  const applied: RestoreChange[] = [];
  const keptFolders: string[] = [];
  for (const step of steps) {
    try {
      if (await applyStep(vault, step, readBlob))
        applied.push({ path: step.path, kind: step.kind, action: step.action });
      else if (step.kind === 'folder') keptFolders.push(step.path);
    } catch (error) {
      const code = isAgentError(error) ? error.code : 'INTERNAL';
      const done = applied.length === 0 ? 'nothing was changed yet' : `${applied.length} change(s) were already made`;
      throw new AgentError(
        code,
        `${context}: could not ${step.action} ${step.kind} "${step.path}" (${describeError(error)}); ${done}`,
        {
          path: step.path,
          applied,
        },
      );
    }
  }
  return { applied, keptFolders };
}

/** Returns false when the step turned out to be unnecessary or unsafe at the moment it ran. */
async function applyStep(
  vault: VaultPort,
  step: RestoreStep,
  readBlob: (oid: string) => Promise<Uint8Array>,
): Promise<boolean> {
  if (step.kind === 'folder') {
    if (step.action === 'recreate') {
      await vault.createFolder(step.path);
      return true;
    }
    if ((await vault.stat(step.path))?.kind !== 'folder') return false;
    // Never `delete`: that takes whatever is inside, and hidden entries there were never checkpointed.
    return vault.deleteEmptyFolder(step.path);
  }
  if (step.action === 'delete') {
    if ((await vault.stat(step.path))?.kind !== 'file') return false;
    await vault.delete(step.path);
    return true;
  }
  if (step.target === undefined)
    throw new AgentError('INTERNAL', `No content recorded for "${step.path}"`, { path: step.path });
  const bytes = await readBlob(step.target);
  const text = exactText(bytes);
  const exists = (await vault.stat(step.path))?.kind === 'file';
  if (text === null) await vault.writeBinary(step.path, bytes);
  else if (exists) await vault.modify(step.path, text);
  else await vault.create(step.path, text);
  return true;
}
