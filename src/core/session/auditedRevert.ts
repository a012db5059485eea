import type { CheckpointService } from '../checkpoints/CheckpointService';
import type { RevertResult } from '../checkpoints/types';
import { describeError, isAgentError } from '../errors';
import type { ClockPort } from '../ports/clock';
import type { AuditLog } from '../tool-execution/AuditLog';

/**
 * The audit's tool name for "Revert last run" and `/revert`: not `checkpoints.restore`, which is the model's tool
 * and has its own lines through the pipeline, so a count of either stays a count of one thing. (The per-hunk and
 * per-file undo of a later issue audits as `checkpoints.undo`.)
 */
export const REVERT_TOOL = 'checkpoints.revert';

/**
 * Reverts run `runId` and writes its audit line, whether it went or failed: the run reverted (`args.runId`), the
 * files and folders restored, those left alone as changed since (`conflicts`), ok or the error. The line's
 * `runId` is the revert's own run (`revert-<run>-<n>`), which a further revert undoes; the reverted run's when
 * the revert made none (nothing to write, or it failed before writing).
 */
export async function auditedRevert(
  deps: { checkpoints: CheckpointService; audit: AuditLog; clock: ClockPort },
  runId: string,
  overwriteConflicts: boolean,
): Promise<RevertResult> {
  const started = deps.clock.now();
  const args = { runId, overwriteConflicts };
  let result: RevertResult;
  try {
    result = await deps.checkpoints.revert(runId, { overwriteConflicts });
  } catch (error) {
    await deps.audit.record({
      runId,
      tool: REVERT_TOOL,
      args,
      ok: false,
      error: describeError(error),
      code: isAgentError(error) ? error.code : null,
      durationMs: deps.clock.now() - started,
    });
    throw error;
  }
  await deps.audit.record({
    runId: result.revertRunId ?? runId,
    tool: REVERT_TOOL,
    args,
    ok: true,
    error: null,
    code: null,
    durationMs: deps.clock.now() - started,
    restored: result.applied.map((change) => (change.kind === 'folder' ? `${change.path}/` : change.path)),
    conflicts: result.skipped.map((conflict) => ({ path: conflict.path, reason: conflict.reason })),
  });
  return result;
}
