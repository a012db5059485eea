import { type App, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import {
  missingInputs,
  type PlanHost,
  preparePromptAction,
  type PromptSavedAction,
  type PlanRest,
  runRest,
  runSavedAction,
  type SavedAction,
  type SavedActionOutcome,
} from '../../core/plan';
import { RunIds } from '../../core/session/runIds';
import { PlanRunView, runHeadline } from '../plan/PlanRunView';
import type { TrackRun } from '../chat/types';
import { ParameterModal } from './ParameterModal';

export interface SavedActionRunnerOptions {
  app: App;
  /** The plan host: the same pipeline (approval, sandbox, checkpoints, audit) as every other run. */
  host: () => Promise<PlanHost>;
  /** Where the panel shows runs; null while the chat panel is closed (then a Notice reports the end). */
  container: () => HTMLElement | null;
  /** The panel's, while it is open: its Cancel stops the run too. */
  trackRun?: () => TrackRun | undefined;
  /** Asks for the missing inputs; the parameter modal unless a test or the panel gives another. */
  askInputs?: typeof ParameterModal.ask;
  /** Sends a prompt action's message as the person's own, through the chat panel (opening it): see `runPrompt`. */
  sendPrompt?: (message: string) => Promise<void>;
}

/**
 * Runs a saved action with no model and no network: the core binds the context (selection of the editor last
 * used, active note, date), this asks only for what is missing, and the plan runs through the pipeline with
 * approval and checkpoints, its progress shown in the panel when it is open.
 */
export class SavedActionRunner {
  private runIds: RunIds | null = null;
  /** What each run left undone, for its "Run the rest". */
  private readonly rests = new Map<string, PlanRest | null>();

  constructor(private readonly options: SavedActionRunnerOptions) {}

  async run(action: SavedAction, signal: AbortSignal = new AbortController().signal): Promise<SavedActionOutcome | null> {
    const { app } = this.options;
    let host: PlanHost;
    try {
      host = await this.options.host();
    } catch (error) {
      new Notice(`Saved action "${action.name}" could not start: ${describeError(error)}`);
      return null;
    }
    if (action.kind === 'prompt') {
      await this.runPrompt(action, host);
      return null;
    }
    let values: Record<string, string> = {};
    const missing = missingInputs(action, host);
    if (missing.length > 0) {
      const given = await (this.options.askInputs ?? ParameterModal.ask)(app, action.name, missing);
      if (given === null) return null;
      values = given;
    }
    const runId = (this.runIds ??= new RunIds(() => host.ports.clock.now())).next(`saved-${action.id}`);
    const container = this.options.container();
    const trackRun = this.options.trackRun?.();
    const view = container ? new PlanRunView(container, `Saved action: ${action.name}`, { onRunRest: () => void this.runRest(view, host, action, runId), ...(trackRun ? { trackRun } : {}) }) : null;
    view?.load();
    try {
      const outcome = await runSavedAction(action, host, { runId, signal: view ? view.begin(signal) : signal, values, ...(view ? { onProgress: view.onProgress } : {}) });
      this.report(action, outcome, view);
      if (outcome.status === 'ran') this.rests.set(runId, outcome.rest);
      return outcome;
    } catch (error) {
      const message = `Saved action "${action.name}" did not run: ${describeError(error)}`;
      if (view) view.fail(message);
      else new Notice(message);
      return null;
    }
  }

  /**
   * A prompt action: its placeholders bound from the context, asking only for what is missing, then sent to the
   * agent as if typed into the panel, so it runs with the panel's mode, approvals, checkpoints and Cancel.
   */
  private async runPrompt(action: PromptSavedAction, host: PlanHost): Promise<void> {
    try {
      let bound = await preparePromptAction(action, host);
      if (bound.status === 'needs-input') {
        const given = await (this.options.askInputs ?? ParameterModal.ask)(this.options.app, action.name, bound.missing);
        if (given === null) return;
        bound = await preparePromptAction(action, host, given);
      }
      if (bound.status === 'needs-input') throw new Error(`it still needs ${bound.missing.map((input) => input.name).join(', ')}`);
      if (!this.options.sendPrompt) throw new Error('the chat panel is not available');
      await this.options.sendPrompt(bound.message);
    } catch (error) {
      new Notice(`Saved action "${action.name}" did not run: ${describeError(error)}`);
    }
  }

  private async runRest(view: PlanRunView | null, host: PlanHost, action: SavedAction, runId: string): Promise<void> {
    const rest = this.rests.get(runId);
    if (!rest || !view) return;
    try {
      const ran = await runRest(rest, host, { runId: `${runId}-rest`, signal: view.begin(), onProgress: view.onProgress });
      view.finish(ran.result);
      this.rests.set(runId, ran.rest);
    } catch (error) {
      view.fail(`The rest of "${action.name}" did not run: ${describeError(error)}`);
    }
  }

  private report(action: SavedAction, outcome: SavedActionOutcome, view: PlanRunView | null): void {
    let message: string;
    if (outcome.status === 'needs-input') message = `Saved action "${action.name}" still needs: ${outcome.missing.map((input) => input.name).join(', ')}`;
    else if (outcome.status === 'rejected') message = `Saved action "${action.name}" did not run: ${outcome.reason}`;
    else {
      view?.finish(outcome.result);
      if (view) return;
      message = `${action.name}: ${runHeadline(outcome.result)}`;
    }
    if (view) view.fail(message);
    else new Notice(message);
  }
}
