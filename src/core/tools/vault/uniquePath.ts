import { AgentError } from '../../errors';
import { baseName, joinPath, parentFolder, splitExtension } from '../../paths/normalizePath';
import type { VaultPort } from '../../ports/vault';
import { caseTwinOf } from './caseTwin';

/** Gives up after this many taken names: something is wrong, and looping on would only hide it. */
const MAX_ATTEMPTS = 10_000;

/**
 * `path` with " (n)" added before the extension, counting from 2 ("Title.md" → "Title (2).md"), for the first
 * n where nothing exists, also under another case (see `caseTwinOf`). A name that already ends in " (n)" counts on from there ("Title (2).md" → "Title
 * (3).md"). Folders keep dots in their names whole ("v1.2" → "v1.2 (2)").
 */
export async function uniquePath(vault: VaultPort, path: string, kind: 'file' | 'folder'): Promise<string> {
  const folder = parentFolder(path);
  const name = baseName(path);
  const { stem, extension } = kind === 'file' ? splitExtension(name) : { stem: name, extension: '' };
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  const base = numbered ? (numbered[1] ?? stem) : stem;
  const first = numbered ? Number(numbered[2]) + 1 : 2;
  for (let n = first; n < first + MAX_ATTEMPTS; n++) {
    const candidate = joinPath(folder, `${base} (${n})${extension ? `.${extension}` : ''}`);
    if ((await vault.stat(candidate)) === null && (await caseTwinOf(vault, candidate)) === null) return candidate;
  }
  throw new AgentError(
    'EXISTS',
    `Could not find a free name for "${path}": "${base} (${first})" up to "${base} (${first + MAX_ATTEMPTS - 1})" are all taken`,
    { path },
  );
}
