import { AgentError, describeError, isAgentError } from '../errors';
import { parentFolder } from '../paths/normalizePath';
import type { VaultPort } from '../ports/vault';
import type { CheckpointRequest } from './types';
import { expandFolder } from './touchedPaths';

export interface PreState {
  /** path → blob id of its bytes, or null when absent. */
  files: Record<string, string | null>;
  /** folder → whether it exists. Includes every parent folder of the recorded paths. */
  folders: Record<string, boolean>;
}

/**
 * Records the current state of what a write is about to touch. Each file's bytes go to `store` as soon as they
 * are read, so a folder of large files is never held in memory at once. Only a folder that is itself moved or
 * deleted has its contents read; of every other folder (parents, folders a write may create) only its existence
 * is recorded: a create or move makes missing parents, and a revert must remove them again.
 */
export async function capturePreState(
  vault: VaultPort,
  request: CheckpointRequest,
  store: (bytes: Uint8Array) => Promise<string>,
  context: string,
): Promise<PreState> {
  // Without a prototype, so that paths named "constructor" or "__proto__" are keys like any other.
  const files = Object.create(null) as Record<string, string | null>;
  const folders = Object.create(null) as Record<string, boolean>;
  const pendingFolders = [...(request.folders ?? [])];

  const recordFile = async (path: string): Promise<void> => {
    if (path in files) return;
    files[path] = null;
    const bytes = await readOrNull(vault, path, context);
    files[path] = bytes === null ? null : await store(bytes);
  };

  // Recorded under the name as stored ("Cafe" + U+0301 for "Café" written on a Mac), so a revert that brings
  // the file back writes that name, not the form the call used.
  for (const path of request.paths) {
    if (path === '/' || path === '') continue;
    const entry = await vault.stat(path);
    if (entry?.kind === 'folder') pendingFolders.push(entry.path);
    else await recordFile(entry?.path ?? path);
  }
  for (const folder of pendingFolders) {
    if (folder === '/' || folder === '' || folder in folders) continue;
    const entry = await vault.stat(folder);
    if (entry?.kind === 'file') {
      await recordFile(entry.path);
      continue;
    }
    if (entry && entry.path !== folder && entry.path in folders) continue;
    folders[entry?.path ?? folder] = entry !== null;
    if (entry) {
      const below = await expandFolder(vault, entry.path);
      for (const path of below.paths) {
        await recordFile(path);
        // A listed file that cannot be read would be recorded as absent, and lost for good if the write takes it.
        if (files[path] === null) {
          throw new AgentError(
            'NOT_FOUND',
            `${context}: "${path}" is listed in "${folder}" but cannot be read, so no checkpoint could bring it back; check that the file is readable (or rename it) and try again`,
            { path },
          );
        }
      }
      for (const sub of below.folders) folders[sub] = true;
    }
  }
  for (const folder of request.folderExistence ?? []) {
    if (folder === '/' || folder === '' || folder in folders) continue;
    const entry = await vault.stat(folder);
    if (entry?.kind === 'folder') folders[entry.path] = true;
    else folders[folder] = false;
  }
  for (const path of [...Object.keys(files), ...Object.keys(folders)]) {
    for (let parent = parentFolder(path); parent !== '/' && !(parent in folders); parent = parentFolder(parent)) {
      folders[parent] = (await vault.stat(parent))?.kind === 'folder';
    }
  }
  return { files, folders };
}

/** The file's bytes, or null when nothing (or a folder) is at `path`. */
export async function readOrNull(vault: VaultPort, path: string, context: string): Promise<Uint8Array | null> {
  const entry = await vault.stat(path);
  if (entry?.kind !== 'file') return null;
  try {
    return await vault.readBinary(path);
  } catch (error) {
    if (isAgentError(error, 'NOT_FOUND')) return null;
    throw new AgentError(
      isAgentError(error) ? error.code : 'INTERNAL',
      `${context}: cannot read "${path}": ${describeError(error)}`,
      { path },
    );
  }
}
