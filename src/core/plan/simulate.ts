import type { VaultPort } from '../ports/vault';
import type { PlannedChange } from '../tools/types';
import { base64ToBytes } from '../util/base64';
import { encodeNote, type NoteFormat } from '../util/noteBytes';
import { utf8Length } from '../util/text';
import { UNKNOWN } from './resolve';

type Input = Record<string, unknown>;

/**
 * What a write would return, worked out from its planned changes, so later steps of a dry run can use it
 * ("$steps.create.path"). Tools whose output cannot be foreseen give UNKNOWN: steps that depend on it are shown
 * as "known only when the plan runs".
 */
export function simulatedOutput(tool: string, input: Input, changes: readonly PlannedChange[]): unknown {
  const first = changes.find((change) => change.kind !== 'command');
  const str = (value: unknown): string => (typeof value === 'string' ? value : '');
  switch (tool) {
    case 'vault.ensureFolder':
      return { path: first?.path ?? str(input.path), created: first !== undefined };
    case 'vault.createFile':
      if (first && 'content' in first) return first.kind === 'create' ? { path: first.path, created: true } : { path: first.path, created: false, overwritten: true };
      return { path: str(input.path), created: false };
    case 'vault.writeFile':
      return { path: first?.path ?? str(input.path), created: first?.kind === 'create', bytesWritten: utf8Length(str(input.content)) };
    case 'vault.rename': {
      const move = changes.find((change) => change.kind === 'move');
      return move?.kind === 'move' ? { fromPath: move.path, toPath: move.toPath } : UNKNOWN;
    }
    case 'vault.delete':
      return { path: first?.path ?? str(input.path), deleted: first !== undefined, ...(first ? { trashed: input.trash !== false } : {}) };
    case 'commands.run': {
      const command = changes.find((change) => change.kind === 'command');
      return command?.kind === 'command' ? { id: command.id, executed: true } : UNKNOWN;
    }
    case 'workspace.openFile':
      return { path: str(input.path), opened: true };
    default:
      return UNKNOWN;
  }
}

/** Tools a dry run must not run even though they write nothing to the vault: their effect is on the screen. */
export const SIMULATED_READS: ReadonlySet<string> = new Set(['workspace.openFile']);

/** Applies planned changes to the overlay, in order, as the write would. */
export async function applyChanges(vault: VaultPort, changes: readonly PlannedChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.kind) {
      case 'create':
      case 'modify':
        // In its own encoding and line ending, or as bytes, so that a later step of the plan finds what the write leaves.
        if (change.format !== undefined) await vault.writeBinary(change.path, plannedBytes(change.content, change.format));
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
