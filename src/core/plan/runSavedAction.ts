import type { IgnoreService } from '../tool-execution/IgnoreService';
import type { RunState } from '../tool-execution/types';
import { selectionReadable } from '../util/selectionReadable';
import { bindPlan, type MissingInput, type PlanContext } from './bindings';
import type { PlanHost } from './host';
import type { PlanProgress } from './progress';
import { runPlan, type RunPlanOutcome } from './runPlan';
import { bindPrompt, type BoundPrompt } from './promptAction';
import { type PlanSavedAction, planOf, type PromptSavedAction, type SavedAction } from './savedActions';

/**
 * Where the person is working now: selection and note from the editor the user last used, time from the clock.
 * A note the ignore rules hide gives neither its name nor its selection: a plan would send them to the planner or
 * copy them into notes the agent may read. Callers load the rules first (`ignore.ensureLoaded`).
 */
export function readPlanContext(host: {
  ports: Pick<RunState['ports'], 'editor' | 'workspace' | 'clock'>;
  ignore: Pick<IgnoreService, 'denial'>;
}): PlanContext {
  const { ports } = host;
  const readable = (path: string): boolean => host.ignore.denial(path, 'read') === null;
  const snapshot = ports.editor.snapshot();
  const active = ports.workspace.activeFilePath() ?? snapshot?.filePath ?? null;
  const shared = selectionReadable(snapshot?.filePath ?? null, active, readable);
  return {
    selection: shared ? (snapshot?.selection ?? null) : null,
    activeFile: active !== null && readable(active) ? active : null,
    now: ports.clock.now(),
  };
}

export interface SavedActionRunOptions {
  runId: string;
  signal: AbortSignal;
  /** What the person typed into the missing-input form, by input name (parameters, "selection", "activeFile"). */
  values?: Readonly<Record<string, string>>;
  allowedTools?: ReadonlySet<string> | null;
  onProgress?: (event: PlanProgress) => void;
}

export type SavedActionOutcome = { status: 'needs-input'; missing: MissingInput[] } | RunPlanOutcome;

/** The inputs the action would have to ask for if it ran now; empty when it can run as it is. */
export function missingInputs(
  action: SavedAction,
  host: Pick<PlanHost, 'ports' | 'ignore'>,
  values: Readonly<Record<string, string>> = {},
): MissingInput[] {
  if (action.kind === 'prompt') {
    const bound = bindPrompt(action, readPlanContext(host), values);
    return bound.status === 'needs-input' ? bound.missing : [];
  }
  return bindPlan(planOf(action), readPlanContext(host), values).missing;
}

/**
 * The message a prompt action sends to the agent, bound to where the person works now and the given values, or the
 * inputs it still needs. Sending it is the caller's: the chat panel's Send, so the agent runs it as a typed message.
 */
export async function preparePromptAction(
  action: PromptSavedAction,
  host: Pick<PlanHost, 'ports' | 'ignore'>,
  values: Readonly<Record<string, string>> = {},
): Promise<BoundPrompt> {
  await host.ignore.ensureLoaded();
  return bindPrompt(action, readPlanContext(host), values);
}

/**
 * Runs a saved action with no model and no network of its own: binds its placeholders to the current context
 * and the given values, and when something is missing (no selection, a parameter without default) returns
 * exactly those inputs for the UI to ask for. Otherwise plan → confirm → execute, as for a planned request.
 */
export async function runSavedAction(
  action: PlanSavedAction,
  host: PlanHost,
  options: SavedActionRunOptions,
): Promise<SavedActionOutcome> {
  const plan = planOf(action);
  await host.ignore.ensureLoaded();
  const { bindings, missing } = bindPlan(plan, readPlanContext(host), options.values ?? {});
  if (missing.length > 0) return { status: 'needs-input', missing };
  return runPlan(plan, host, {
    runId: options.runId,
    signal: options.signal,
    bindings,
    allowedTools: options.allowedTools ?? null,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
