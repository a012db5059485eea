import { type MissingInput, type PlanRest, planApprovalRequest, runHeadline, type RunPlanOutcome } from '../core/plan';
import type { PreviewedPlan } from '../core/session/sessionPlans';
import { renderApproval } from './renderPreview';
import { type CommandContext, confirm } from './revertCommand';
import { terminalText } from './terminalText';

/** What a plan left undone, kept for `/rest`. */
export interface PlanState {
  rest: PlanRest | null;
}

/**
 * `/dry-run <message>`: the session plans and previews the message (nothing is written), the preview is printed as
 * an approval's is, and one question decides: yes runs exactly what the preview showed, as the panel's Approve does.
 */
export async function dryRunCommand(
  context: CommandContext,
  state: PlanState,
  message: string,
  signal: AbortSignal,
): Promise<void> {
  const { write, style } = context;
  if (message === '') {
    write('Usage: /dry-run <message> (plans and previews the message, then asks before running it).\n');
    return;
  }
  write(style.dim('Planning…\n'));
  const outcome = await context.session.dryRun(
    message,
    { askInputs: (missing) => askInputs(context, missing) },
    signal,
  );
  if (outcome.status === 'needs-input') {
    write(style.yellow(`Not previewed: the plan needs ${outcome.missing.map((input) => input.name).join(', ')}.\n`));
    return;
  }
  printPreview(context, outcome.previewed);
  if (!(await confirm(context, 'Run it? [y/n] '))) {
    write('Not run: nothing was changed.\n');
    return;
  }
  printOutcome(context, state, await context.session.runPlan(outcome.previewed, {}, signal));
}

/** `/actions`: the saved actions of the vault's data.json, as the panel saved them. */
export async function listActions(context: CommandContext): Promise<void> {
  const { write, style } = context;
  const { actions, problems } = await context.session.savedActions();
  for (const problem of problems) write(style.yellow(`! ${terminalText(problem)}\n`));
  if (actions.length === 0) {
    write('No saved actions in this vault. Save one in Obsidian ("Save as button" after a run), then /run it here.\n');
    return;
  }
  const width = Math.max(...actions.map((action) => action.id.length));
  const lines = actions.map(
    (action) =>
      `  ${terminalText(action.id).padEnd(width)}  ${terminalText(action.name)}${action.kind === 'prompt' ? style.dim(' (prompt)') : ''}`,
  );
  write(`Saved actions (run one with /run <name or id>):\n${lines.join('\n')}\n`);
}

/**
 * `/run <name or id>`: asks by line for what the context lacks, then the session's policy: preview, one
 * confirmation, execute. A prompt action comes back as the message to send, as if typed.
 */
export async function runActionCommand(
  context: CommandContext,
  state: PlanState,
  nameOrId: string,
  signal: AbortSignal,
): Promise<{ send: string } | null> {
  const { write, style } = context;
  if (nameOrId === '') {
    write('Usage: /run <name or id> (/actions lists them).\n');
    return null;
  }
  const action = await context.session.findSavedAction(nameOrId);
  let values: Record<string, string> = {};
  const missing = await context.session.savedActionInputs(action);
  if (missing.length > 0) {
    const given = await askInputs(context, missing);
    if (given === null) {
      write(`Not run: "${terminalText(action.name)}" needs ${missing.map((input) => input.name).join(', ')}.\n`);
      return null;
    }
    values = given;
  }
  const outcome = await context.session.runSavedAction(action, values, {}, signal);
  if (outcome.status === 'prompt') return { send: outcome.message };
  if (outcome.status === 'needs-input') {
    write(
      style.yellow(
        `Not run: "${terminalText(action.name)}" still needs ${outcome.missing.map((input) => input.name).join(', ')}.\n`,
      ),
    );
    return null;
  }
  printOutcome(context, state, outcome);
  return null;
}

/** `/rest`: runs what the last plan left undone, on its first confirmation. */
export async function runRestCommand(context: CommandContext, state: PlanState, signal: AbortSignal): Promise<void> {
  const rest = state.rest;
  if (!rest) {
    context.write('Nothing to run: the last plan ran to the end, or no plan ran yet.\n');
    return;
  }
  state.rest = null;
  printOutcome(context, state, await context.session.runRest(rest, {}, signal));
}

function printPreview(context: CommandContext, previewed: PreviewedPlan): void {
  const { dryRun } = previewed;
  context.write(`\n${renderApproval(planApprovalRequest(dryRun, previewed.runId), context.style)}`);
  for (const line of dryRun.summary) context.write(context.style.dim(`  ${terminalText(line)}\n`));
}

function printOutcome(context: CommandContext, state: PlanState, outcome: RunPlanOutcome): void {
  const { write, style } = context;
  if (outcome.status === 'rejected') {
    write(style.yellow(`Not run: ${terminalText(outcome.reason)}.\n`));
    return;
  }
  for (const line of outcome.result.summary) write(style.dim(`  ${terminalText(line)}\n`));
  const headline = terminalText(runHeadline(outcome.result));
  write(`${outcome.result.status === 'completed' ? style.green(headline) : style.yellow(headline)}\n`);
  state.rest = outcome.rest;
  if (outcome.rest)
    write(style.dim('/rest runs what is left (anything the preview did not show is asked for again).\n'));
}

/** One line per missing input; Enter takes the default when there is one. Null when the input ends or Ctrl-C. */
async function askInputs(
  context: CommandContext,
  missing: readonly MissingInput[],
): Promise<Record<string, string> | null> {
  const values: Record<string, string> = {};
  for (const input of missing) {
    const hint = input.default !== undefined ? ` [${terminalText(input.default)}]` : '';
    for (;;) {
      // A value, not a decision: a pasted one is fine.
      const label =
        input.description && input.description !== input.name
          ? `${terminalText(input.description)} (${input.name})`
          : input.name;
      const event = await context.input.read(`${label}${hint}: `);
      if (event.kind !== 'line') return null;
      const value = event.text.trim() === '' ? (input.default ?? '') : event.text;
      if (value !== '') {
        values[input.name] = value;
        break;
      }
      context.write(`${input.name} is needed; type a value, or press Ctrl-C to give up.\n`);
    }
  }
  return values;
}
