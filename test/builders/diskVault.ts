import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { NodeVault } from '../../src/node/NodeVault';

/** A NodeVault over a new `vault` folder inside `folder`, holding `files` (path → text). */
export async function nodeVaultWith(files: Record<string, string>, folder: string): Promise<NodeVault> {
  await mkdir(join(folder, 'vault'));
  const vault = new NodeVault(join(folder, 'vault'));
  for (const [path, content] of Object.entries(files)) await vault.create(path, content);
  return vault;
}
