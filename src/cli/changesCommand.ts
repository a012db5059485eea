import { AgentError } from '../core/errors';
import type { ChangesService } from '../core/review/ChangesService';
import type { ChangedRun, ChangeHunk, ChangeTarget, ReviewState, UndoOutcome } from '../core/review/types';
import { type CommandContext, confirm, formatTime, plural } from './revertCommand';
import { terminalText } from './terminalText';

const RUNS_SHOWN = 10;
const STATE: Record<ReviewState, string> = {
  'to-review': 'to review',
  kept: 'kept',
  'partly-undone': 'partly undone',
  undone: 'undone',
};

/** `/changes [run]`: the runs that changed the vault, newest first; with a run, its files and their changes. */
export async function listChanges(context: CommandContext, argument: string): Promise<void> {
  const changes = await changesOf(context);
  if (!changes) return;
  const { write, style } = context;
  if (argument.trim() !== '') {
    await showRun(context, changes, await resolveRun(changes, argument.trim()));
    return;
  }
  const runs = await changes.listRuns({ limit: RUNS_SHOWN + 1 });
  if (runs.length === 0) {
    write('No runs have changed this vault yet.\n');
    return;
  }
  const lines = [style.bold(`Changes, newest first (${await changes.toReviewCount()} to review):`)];
  runs.slice(0, RUNS_SHOWN).forEach((run, index) => lines.push(`  ${index + 1}. ${runLine(run)}`));
  if (runs.length > RUNS_SHOWN) lines.push(style.dim(`  … and older ones: /changes <run id> shows any run`));
  lines.push(style.dim('Open one with /changes <n>; /keep, /undo and /redo take <n or run id> [path] [change].'));
  write(`${lines.join('\n')}\n`);
}

/** `/keep <run> [path] [change]`: marks it reviewed; writes nothing. */
export async function keepChange(context: CommandContext, argument: string): Promise<void> {
  const changes = await changesOf(context);
  if (!changes) return;
  const target = await parseTarget(changes, argument);
  await changes.keep(target);
  context.write(`Kept ${describeTarget(target)}.\n`);
}

/**
 * `/undo <run> [path] [change]` and `/redo …`: takes back (or puts back) only the run's own lines. Changes whose
 * lines changed since are shown, now beside what they would become, and written only if the person says so.
 */
export async function undoChange(context: CommandContext, argument: string, redo: boolean): Promise<void> {
  const changes = await changesOf(context);
  if (!changes) return;
  const { write, style } = context;
  const target = await parseTarget(changes, argument);
  const act = (goal: ChangeTarget, anyway: boolean): Promise<UndoOutcome> =>
    redo ? changes.redo(goal, { anyway }) : changes.undo(goal, { anyway });
  const outcome = await act(target, false);
  report(context, outcome, redo);
  if (outcome.changedSince.length === 0) return;
  const lines = [style.yellow(`Changed since the run, left alone (${plural(outcome.changedSince.length, 'change')}):`)];
  for (const left of outcome.changedSince) lines.push(...(await showChangedSince(changes, left, redo)));
  write(`${lines.join('\n')}\n`);
  const verb = redo ? 'Redo' : 'Undo';
  if (!(await confirm(context, `${verb} anyway, replacing what is there now? [y/n] `))) {
    write('Left as they are.\n');
    return;
  }
  const forced: UndoOutcome = { undoRunId: null, applied: [], changedSince: [], restoredFiles: [] };
  for (const left of outcome.changedSince) {
    const more = await act(left, true);
    forced.undoRunId = more.undoRunId ?? forced.undoRunId;
    forced.applied.push(...more.applied);
    forced.changedSince.push(...more.changedSince);
    forced.restoredFiles.push(...more.restoredFiles);
  }
  report(context, forced, redo);
}

function report(context: CommandContext, outcome: UndoOutcome, redo: boolean): void {
  const { write, style } = context;
  if (outcome.applied.length === 0) {
    if (outcome.changedSince.length === 0) write(`Nothing to ${redo ? 'redo' : 'undo'} there.\n`);
    return;
  }
  const lines = [style.green(`${redo ? 'Redid' : 'Undid'} ${plural(outcome.applied.length, 'change')}.`)];
  for (const path of new Set(outcome.applied.map((applied) => applied.path ?? '')))
    lines.push(`  ${terminalText(path)}`);
  for (const path of outcome.restoredFiles) lines.push(`  whole file: ${terminalText(path)}`);
  if (outcome.undoRunId)
    lines.push(
      style.dim(`This is run ${outcome.undoRunId}: /${redo ? 'undo' : 'redo'} the same change takes it back.`),
    );
  write(`${lines.join('\n')}\n`);
}

async function showRun(context: CommandContext, changes: ChangesService, runId: string): Promise<void> {
  const { write, style } = context;
  const [run] = (await changes.listRuns()).filter((one) => one.runId === runId);
  const lines = [style.bold(run ? runLine(run) : runId)];
  for await (const file of changes.files(runId)) {
    const moved = file.previousPath ? ` (moved from ${terminalText(file.previousPath)})` : '';
    const kind = file.binary ? `${file.change}, binary: undone whole` : file.change;
    lines.push(`  File ${terminalText(file.path)}${moved}: ${kind}, ${STATE[file.state]}`);
    for (const hunk of await changes.hunks(runId, file.path)) lines.push(...hunkLines(hunk, '    '));
  }
  write(`${lines.join('\n')}\n`);
}

async function showChangedSince(changes: ChangesService, left: ChangeTarget, redo: boolean): Promise<string[]> {
  if (left.path === undefined) return [];
  const hunks = await changes.hunks(left.runId, left.path);
  const hunk = left.hunk === undefined ? undefined : hunks[left.hunk];
  if (!hunk) return [`  ${terminalText(left.path)} (the whole file)`];
  const goal = redo ? hunk.after : hunk.before;
  return [
    `  Change ${hunk.index + 1} of ${hunk.count} in ${terminalText(hunk.path)}:`,
    ...(hunk.now ?? []).map((line) => `    now  ${terminalText(line)}`),
    ...goal.map((line) => `    ${redo ? 'redo' : 'undo'} ${terminalText(line)}`),
  ];
}

function hunkLines(hunk: ChangeHunk, indent: string): string[] {
  const since = hunk.changedSince ? ' (changed since)' : '';
  return [
    `${indent}Change ${hunk.index + 1} of ${hunk.count} in ${terminalText(hunk.path)}: ${STATE[hunk.state]}${since}`,
    ...hunk.before.map((line) => `${indent}  -${terminalText(line)}`),
    ...hunk.after.map((line) => `${indent}  +${terminalText(line)}`),
  ];
}

function runLine(run: ChangedRun): string {
  const who = run.author.detail ? `${run.author.label}: ${run.author.detail}` : `${run.author.label}:`;
  const lines = `+${run.linesAdded} -${run.linesRemoved}`;
  const going = run.endedAt === null ? ', running' : '';
  return `${terminalText(who)} ${formatTime(run.startedAt)}, ${plural(run.files, 'file')} (${lines}), ${STATE[run.state]}${going}  ${run.runId}`;
}

/**
 * `<run> [path] [change]`: the run by its number in /changes (1 is the newest) or its id; a path may hold spaces;
 * a last word that is a number is the change (1-based).
 */
async function parseTarget(changes: ChangesService, argument: string): Promise<ChangeTarget> {
  const words = argument.trim().split(/\s+/).filter(Boolean);
  const [run, ...rest] = words;
  if (run === undefined)
    throw new AgentError(
      'INVALID_INPUT',
      'Name a run: its number in /changes or its id, then a path and a change if you like',
    );
  const runId = await resolveRun(changes, run);
  const last = rest[rest.length - 1];
  const hunk = rest.length >= 2 && last !== undefined && /^\d+$/.test(last) ? Number(last) : undefined;
  const path = (hunk === undefined ? rest : rest.slice(0, -1)).join(' ');
  if (hunk === 0) throw new AgentError('INVALID_INPUT', 'Changes are counted from 1');
  return {
    runId,
    ...(path !== '' ? { path } : {}),
    ...(hunk !== undefined ? { hunk: hunk - 1 } : {}),
  };
}

async function resolveRun(changes: ChangesService, word: string): Promise<string> {
  if (!/^\d+$/.test(word)) return word;
  const runs = await changes.listRuns({ limit: Number(word) });
  const run = runs[Number(word) - 1];
  if (!run)
    throw new AgentError(
      'INVALID_INPUT',
      `There is no run ${word} in /changes: it lists ${plural(runs.length, 'run')}`,
    );
  return run.runId;
}

function describeTarget(target: ChangeTarget): string {
  if (target.path === undefined) return `run ${target.runId}`;
  const file = terminalText(target.path);
  return target.hunk === undefined ? `${file} in run ${target.runId}` : `change ${target.hunk + 1} in ${file}`;
}

async function changesOf(context: CommandContext): Promise<ChangesService | null> {
  const changes = await context.session.changes();
  if (!changes) context.write('Checkpoints are off, so no changes are kept for review.\n');
  return changes;
}
