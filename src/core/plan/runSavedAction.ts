import type { RunState } from '../tool-execution/types';
import { bindPlan, type MissingInput, type PlanContext } from './bindings';
import type { PlanHost } from './host';
import type { PlanProgress } from './progress';
import { runPlan, type RunPlanOutcome } from './runPlan';
import { planOf, type SavedAction } from './savedActions';

/** Where the person is working now: selection and note from the editor the user last used, time from the clock. */
export function readPlanContext(ports: Pick<RunState['ports'], 'editor' | 'workspace' | 'clock'>): PlanContext {
  const snapshot = ports.editor.snapshot();
  return {
    selection: snapshot?.selection ?? null,
    activeFile: ports.workspace.activeFilePath() ?? snapshot?.filePath ?? null,
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
export function missingInputs(action: SavedAction, host: Pick<PlanHost, 'ports'>, values: Readonly<Record<string, string>> = {}): MissingInput[] {
  return bindPlan(planOf(action), readPlanContext(host.ports), values).missing;
}

/**
 * Runs a saved action with no model and no network of its own: binds its placeholders to the current context
 * and the given values, and when something is missing (no selection, a parameter without default) returns
 * exactly those inputs for the UI to ask for. Otherwise plan → confirm → execute, as for a planned request.
 */
export async function runSavedAction(action: SavedAction, host: PlanHost, options: SavedActionRunOptions): Promise<SavedActionOutcome> {
  const plan = planOf(action);
  const { bindings, missing } = bindPlan(plan, readPlanContext(host.ports), options.values ?? {});
  if (missing.length > 0) return { status: 'needs-input', missing };
  return runPlan(plan, host, {
    runId: options.runId,
    signal: options.signal,
    bindings,
    allowedTools: options.allowedTools ?? null,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
}
