import type { RestoreChange, RevertConflict, RevertPlan, RevertResult } from '../checkpoints/types';
import type { ChangesService, PlannedUndoWrite } from '../review/ChangesService';
import type { ChangeTarget } from '../review/types';

/**
 * The audit's tool name for "Revert last run" and `/revert`: not `checkpoints.restore`, which is the model's tool
 * and has its own lines through the pipeline, nor `checkpoints.undo`, the Changes view's and `/undo`'s, so a count
 * of each stays a count of one thing.
 */
export const REVERT_TOOL = 'checkpoints.revert';

/**
 * What reverting run `runId` would change now, by the review's three-way merge: the files it would write back and
 * those it would leave because their lines changed since the run (only the run's own lines are ever taken back).
 */
export async function revertPlan(changes: ChangesService, runId: string): Promise<RevertPlan> {
  const preview = await changes.previewUndo({ runId });
  return { runId, toSeq: 1, changes: preview.writes.map(restoreChange), conflicts: conflictsOf(preview.changedSince) };
}

/**
 * Reverts run `runId` through the review core (ChangesService.revertRun: each file by the three-way merge, the
 * revert a run `revert-<run>-<n>` of its own) and writes its audit line, whether it went or failed: the run
 * reverted (`args.runId`), the files and folders restored, those left alone as changed since (`conflicts`), ok or
 * the error. With `overwriteConflicts` the lines changed since are replaced too.
 */
export async function auditedRevert(
  changes: ChangesService,
  runId: string,
  overwriteConflicts: boolean,
): Promise<RevertResult> {
  const { outcome, written, removedFolders } = await changes.revertRun(runId, overwriteConflicts, REVERT_TOOL);
  return {
    runId,
    toSeq: 1,
    revertRunId: outcome.undoRunId,
    applied: [
      ...written.map(restoreChange),
      ...removedFolders.map((path): RestoreChange => ({ path, kind: 'folder', action: 'delete' })),
    ],
    skipped: conflictsOf(outcome.changedSince),
    keptFolders: [],
  };
}

function restoreChange(write: PlannedUndoWrite): RestoreChange {
  const action = write.op === 'delete' ? 'delete' : write.existed ? 'restore' : 'recreate';
  return { path: write.path, kind: 'file', action };
}

/** Each file with hunks left as changed since, once. */
function conflictsOf(targets: readonly ChangeTarget[]): RevertConflict[] {
  const paths = [...new Set(targets.map((target) => target.path ?? ''))];
  return paths.map((path) => ({ path, expectedHash: null, actualHash: null, reason: 'edited' }));
}
