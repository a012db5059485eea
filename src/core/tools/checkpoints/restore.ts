import type { RevertPlan } from '../../checkpoints/types';
import { isInside } from '../../paths/normalizePath';
import { TRASH_FOLDER } from '../../paths/trashName';
import { BaseTool } from '../BaseTool';
import type { PlannedChange, ToolContext } from '../types';
import { UNFORESEEN, type Unforeseen } from '../unforeseen';
import { checkpointsOf } from './access';
import { visibleIn } from './visible';

export interface RestoreCheckpointInput {
  runId: string;
  seq: number;
  overwriteConflicts: boolean;
}

export interface RestoreCheckpointOutput {
  applied: { path: string; action: string }[];
  skipped: { path: string; reason: string }[];
  revertRunId: string | null;
}

/**
 * Goes back to just before a checkpoint. The checkpoint service checkpoints the restore itself as a run of its
 * own, so a restore can be undone like any other run. Notes the ignore rules hide are neither shown nor restored,
 * nor are trash entries (see `restorable`).
 */
export class RestoreCheckpointTool extends BaseTool<RestoreCheckpointInput, RestoreCheckpointOutput> {
  readonly name = 'checkpoints.restore' as const;

  /** What was applied or skipped, and the id of the restore's own run, are known only once it runs. */
  override simulatedOutput(): Unforeseen {
    return UNFORESEEN;
  }

  override async describeChanges(input: RestoreCheckpointInput, context: ToolContext): Promise<PlannedChange[]> {
    const plan = await checkpointsOf(context, this.name).planRestore(input.runId, input.seq, restorable(context));
    return plannedChanges(plan, input.overwriteConflicts, context);
  }

  async execute(input: RestoreCheckpointInput, context: ToolContext): Promise<RestoreCheckpointOutput> {
    const options = { overwriteConflicts: input.overwriteConflicts, include: restorable(context) };
    const result = await checkpointsOf(context, this.name).restore(input.runId, input.seq, options);
    return {
      applied: result.applied.map(({ path, action }) => ({ path, action })),
      skipped: result.skipped.map(({ path, reason }) => ({ path, reason })),
      revertRunId: result.revertRunId,
    };
  }
}

/**
 * What the agent's restore may touch: what it may see, outside the trash. A checkpoint names a trash entry only
 * as the place a trash put a note, and `.trash/` is read-only for the agent: the note comes back, its trashed
 * copy stays (the user's own revert takes it out).
 */
function restorable(context: ToolContext): (path: string) => Promise<boolean> {
  const visible = visibleIn(context);
  return async (path) => !isInside(path, TRASH_FOLDER) && (await visible(path));
}

/** The restore as the approval card shows it: deletions, and files coming back (their old text when it is text). */
async function plannedChanges(
  plan: RevertPlan,
  overwriteConflicts: boolean,
  context: ToolContext,
): Promise<PlannedChange[]> {
  const conflicted = new Set(plan.conflicts.map((conflict) => conflict.path));
  const changes: PlannedChange[] = [];
  for (const change of plan.changes) {
    if (conflicted.has(change.path) && !overwriteConflicts) continue;
    if (change.action === 'delete') {
      changes.push({ kind: 'delete', path: change.path, isFolder: change.kind === 'folder', toTrash: false });
    } else if (change.kind === 'folder') {
      changes.push({ kind: 'create-folder', path: change.path });
    } else {
      // Binary content cannot be shown as a diff: the card then names the file with an empty text.
      const content = change.text ?? '';
      const exists = (await context.vault.stat(change.path))?.kind === 'file';
      changes.push(
        exists ? { kind: 'modify', path: change.path, content } : { kind: 'create', path: change.path, content },
      );
    }
  }
  return changes;
}
