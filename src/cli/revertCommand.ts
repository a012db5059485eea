import type { RestoreChange, RevertConflict, RevertPlan, RunSummary } from '../core/checkpoints/types';
import { describeError } from '../core/errors';
import type { AgentSession } from '../core/session/AgentSession';
import { type RevertAnswer, type RevertOutcome, runStillOpenText } from '../core/session/sessionEvents';
import type { Style } from './ansi';
import type { LineInput } from './LineInput';
import { terminalText } from './terminalText';

export interface CommandContext {
  session: AgentSession;
  input: LineInput;
  write: (text: string) => void;
  style: Style;
}

const ACTION: Record<RestoreChange['action'], string> = {
  restore: 'restore the earlier content of',
  delete: 'delete (the run created it)',
  recreate: 'bring back',
};
const RUNS_SHOWN = 10;

/**
 * `/revert`: shows what undoing the last run would change, lists files edited since the run (conflicts), and
 * asks before reverting and again before overwriting any conflict. A revert is a run of its own, so a second
 * `/revert` undoes it.
 */
export async function revertLastRun(context: CommandContext): Promise<void> {
  const { write, style } = context;
  let outcome: RevertOutcome;
  try {
    outcome = await context.session.revertLastRun((plan, run) => askRevert(context, plan, run));
  } catch (error) {
    write(
      style.red(
        `The revert failed: ${describeError(error)}. Files reverted before the failure can be restored with /revert.\n`,
      ),
    );
    return;
  }
  switch (outcome.status) {
    case 'no-checkpoints':
      write('Checkpoints are off, so there is nothing to revert.\n');
      return;
    case 'no-run':
      write('Nothing to revert: no run has changed this vault yet.\n');
      return;
    case 'nothing-to-revert':
      write(`Nothing to revert: the files of run ${outcome.run.runId} are already as they were before it.\n`);
      return;
    case 'kept':
      write('Nothing was reverted.\n');
      return;
    case 'in-progress':
      write(`${runStillOpenText(outcome.run)}\n`);
      return;
    case 'reverted':
      break;
  }
  const { result } = outcome;
  const out = [style.green(`Reverted ${plural(result.applied.length, 'change')}.`)];
  for (const change of result.applied)
    out.push(`  ${ACTION[change.action]} ${terminalText(change.path)}${change.kind === 'folder' ? '/' : ''}`);
  for (const conflict of result.skipped)
    out.push(style.yellow(`  left alone: ${terminalText(conflict.path)} (${conflictReason(conflict)})`));
  for (const folder of result.keptFolders)
    out.push(style.dim(`  kept folder ${terminalText(folder)}/: it holds files the run did not create`));
  if (result.revertRunId) out.push(style.dim('This revert is a run too: /revert again undoes it.'));
  write(`${out.join('\n')}\n`);
}

/** Prints what the revert would change and asks, and again before overwriting any file changed since the run. */
async function askRevert(context: CommandContext, plan: RevertPlan, run: RunSummary): Promise<RevertAnswer> {
  const { write, style } = context;
  const lines = [
    style.bold(`Revert run ${run.runId} (${formatTime(run.startedAt)}, ${plural(run.files.length, 'file')}):`),
  ];
  for (const change of plan.changes)
    lines.push(`  ${ACTION[change.action]} ${terminalText(change.path)}${change.kind === 'folder' ? '/' : ''}`);
  if (plan.conflicts.length > 0) {
    lines.push(style.yellow('Changed since the run, left alone unless you say so:'));
    for (const conflict of plan.conflicts)
      lines.push(style.yellow(`  ${terminalText(conflict.path)} (${conflictReason(conflict)})`));
  }
  write(`${lines.join('\n')}\n`);
  if (
    !(await confirm(
      context,
      plan.changes.length > 0
        ? 'Revert these changes? [y/n] '
        : 'Nothing else to revert. Go on to the changed files? [y/n] ',
    ))
  )
    return 'keep';
  const edited = plan.conflicts.filter((conflict) => conflict.reason === 'edited');
  const overwrite =
    edited.length > 0 &&
    (await confirm(
      context,
      `Overwrite ${plural(edited.length, 'file')} changed since the run, losing those changes? [y/n] `,
    ));
  if (overwrite) return 'overwrite';
  return plan.changes.length === 0 ? 'keep' : 'revert';
}

/** `/runs`: the newest runs in the checkpoint repository, the one `/revert` would undo first. */
export async function listRuns(context: CommandContext): Promise<void> {
  const { write, style } = context;
  const runs = await context.session.listRuns();
  if (runs === null) {
    write('Checkpoints are off: no runs are kept.\n');
    return;
  }
  if (runs.length === 0) {
    write('No runs have changed this vault yet.\n');
    return;
  }
  const lines = [style.bold(`Runs, newest first (${runs.length} kept):`)];
  for (const run of runs.slice(0, RUNS_SHOWN)) {
    const files =
      run.files.length <= 3
        ? terminalText(run.files.join(', '))
        : `${terminalText(run.files.slice(0, 3).join(', '))} and ${run.files.length - 3} more`;
    lines.push(
      `  ${run.runId}  ${formatTime(run.startedAt)}  ${plural(run.checkpoints, 'write')}: ${files}${run.inProgress ? ' (running)' : ''}`,
    );
  }
  if (runs.length > RUNS_SHOWN) lines.push(style.dim(`  … and ${runs.length - RUNS_SHOWN} older`));
  write(`${lines.join('\n')}\n`);
}

/** Asks until the answer is y or n; end of input and Ctrl-C are a no. */
export async function confirm(context: CommandContext, prompt: string): Promise<boolean> {
  for (;;) {
    const event = await context.input.ask(prompt);
    if (event.kind !== 'line') return false;
    const word = event.text.trim().toLowerCase();
    if (word === 'y' || word === 'yes') return true;
    if (word === 'n' || word === 'no') return false;
    context.write(`Type y or n; got "${event.text.trim()}".\n`);
  }
}

function conflictReason(conflict: RevertConflict): string {
  return conflict.reason === 'edited' ? 'edited after the run' : 'a folder with other files is in the way';
}

export function formatTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}
