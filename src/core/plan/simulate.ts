import type { VaultPort } from '../ports/vault';
import type { PlannedChange } from '../tools/types';
import { base64ToBytes } from '../util/base64';
import { encodeNote, type NoteFormat } from '../util/noteBytes';

/** Applies planned changes to the overlay, in order, as the write would. */
export async function applyChanges(vault: VaultPort, changes: readonly PlannedChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.kind) {
      case 'create':
      case 'modify':
        // In its own encoding and line ending, or as bytes, so that a later step of the plan finds what the write leaves.
        if (change.format !== undefined)
          await vault.writeBinary(change.path, plannedBytes(change.content, change.format));
        else if (await vault.stat(change.path)) await vault.modify(change.path, change.content);
        else await vault.create(change.path, change.content);
        break;
      case 'move':
        await vault.rename(change.path, change.toPath);
        break;
      case 'delete':
        if (await vault.stat(change.path)) await vault.delete(change.path);
        break;
      case 'create-folder':
        await vault.createFolder(change.path);
        break;
      case 'relink':
      case 'command':
        break;
    }
  }
}

function plannedBytes(content: string, format: NoteFormat | 'base64'): Uint8Array {
  return format === 'base64' ? (base64ToBytes(content) ?? new Uint8Array()) : encodeNote(content, format);
}
