import type { CheckpointService } from '../checkpoints/CheckpointService';
import type { RunOrigin } from '../checkpoints/types';
import { parentFolder } from '../paths/normalizePath';
import type { VaultPort } from '../ports/vault';
import type { UndoWrite } from './undoPlan';

/** The tool name an undo or redo is checkpointed and audited under. */
export const UNDO_TOOL = 'checkpoints.undo';

/**
 * Writes an undo (or redo) as a run of its own: begun with its origin, one checkpoint of every path it writes
 * (held against other writes there until recorded), the writes, their post-states, the end. So it is listed,
 * reviewed and undone like any run. `replan` is called once the paths are held, with what the checkpoint found:
 * it returns the writes to make then (the same, unless a file changed between planning and the checkpoint).
 */
export async function writeAsRun(
  deps: { checkpoints: CheckpointService; vault: VaultPort },
  run: { runId: string; origin: RunOrigin },
  writes: UndoWrite[],
  replan: (found: Record<string, string | null>) => Promise<UndoWrite[]>,
  /** Folders the undone run created: removed again once an undo leaves them empty. */
  createdFolders: ReadonlySet<string>,
): Promise<{ written: UndoWrite[]; removedFolders: string[] }> {
  const { checkpoints, vault } = deps;
  checkpoints.beginRun(run.runId, run.origin);
  try {
    const paths = [...new Set(writes.map((write) => write.path))];
    const info = await checkpoints.checkpoint(run.runId, { tool: UNDO_TOOL, paths });
    let seqs = [info.seq];
    const final = await replan(info.before);
    const removed: string[] = [];
    const extra = final.map((write) => write.path).filter((path) => !paths.includes(path));
    try {
      if (extra.length > 0) {
        const more = await checkpoints.checkpoint(run.runId, { tool: UNDO_TOOL, paths: [...new Set(extra)] });
        seqs = [...seqs, more.seq];
      }
      for (const write of final) await apply(vault, write);
      for (const write of final)
        if (write.op === 'delete') removed.push(...(await removeEmptyParents(vault, write.path, createdFolders)));
    } finally {
      for (const seq of seqs) await checkpoints.recordAfter(run.runId, seq, seq === info.seq ? [] : extra);
    }
    return { written: final, removedFolders: removed };
  } finally {
    await checkpoints.endRun(run.runId);
  }
}

async function apply(vault: VaultPort, write: UndoWrite): Promise<void> {
  if (write.op === 'delete') {
    if ((await vault.stat(write.path))?.kind === 'file') await vault.delete(write.path);
    return;
  }
  await ensureParents(vault, write.path);
  if (write.op === 'bytes') await vault.writeBinary(write.path, write.bytes);
  else if ((await vault.stat(write.path))?.kind === 'file') await vault.modify(write.path, write.content);
  else await vault.create(write.path, write.content);
}

/** Creates the missing folders above `path`, top first: a file comes back into a folder since removed. */
async function ensureParents(vault: VaultPort, path: string): Promise<void> {
  const missing: string[] = [];
  for (
    let folder = parentFolder(path);
    folder !== '/' && (await vault.stat(folder)) === null;
    folder = parentFolder(folder)
  )
    missing.unshift(folder);
  for (const folder of missing) await vault.createFolder(folder);
}

/** Removes the folders above `path` the undone run created, while each is empty; returns those removed. */
async function removeEmptyParents(vault: VaultPort, path: string, created: ReadonlySet<string>): Promise<string[]> {
  const removed: string[] = [];
  for (let folder = parentFolder(path); folder !== '/' && created.has(folder); folder = parentFolder(folder)) {
    if ((await vault.stat(folder))?.kind !== 'folder' || !(await vault.deleteEmptyFolder(folder))) break;
    removed.push(folder);
  }
  return removed;
}
