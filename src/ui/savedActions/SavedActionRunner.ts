import { type App, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import {
  type MissingInput,
  type PlanRest,
  type PromptSavedAction,
  runHeadline,
  type SavedAction,
} from '../../core/plan';
import type { AgentSession } from '../../core/session/AgentSession';
import type { ActionOutcome } from '../../core/session/sessionPlans';
import { PlanRunView } from '../plan/PlanRunView';
import type { TrackRun } from '../chat/types';
import { ParameterModal } from './ParameterModal';

/** The session's saved-action methods: binding, the policy and run ids are decided there. */
export type ActionSession = Pick<AgentSession, 'runSavedAction' | 'runRest' | 'savedActionInputs'>;

export interface SavedActionRunnerOptions {
  app: App;
  /** The session: the same pipeline (approval, sandbox, checkpoints, audit) as every other run. */
  session: ActionSession;
  /** Where the panel shows runs; null while the chat panel is closed (then a Notice reports the end). */
  container: () => HTMLElement | null;
  /** The panel's, while it is open: its Cancel stops the run too. */
  trackRun?: () => TrackRun | undefined;
  /** Asks for the missing inputs; the parameter modal unless a test or the panel gives another. */
  askInputs?: typeof ParameterModal.ask;
  /** Sends a prompt action's message as the person's own, through the chat panel (opening it): see `runPrompt`. */
  sendPrompt?: (message: string) => Promise<void>;
  /** Told the values typed into the modal after a plan action ran with them: the next modal's prefill. */
  remember?: (action: SavedAction, values: Record<string, string>) => void;
}

/**
 * The panel's face of `AgentSession.runSavedAction`: the session binds the context (selection of the editor last
 * used, active note, date) and runs the plan under the one policy; this asks for what is missing in a modal and
 * shows the progress in the panel when it is open (a Notice otherwise).
 */
export class SavedActionRunner {
  /** What each run's view left undone, for its "Run the rest". */
  private readonly rests = new WeakMap<PlanRunView, PlanRest | null>();

  constructor(private readonly options: SavedActionRunnerOptions) {}

  async run(action: SavedAction, signal: AbortSignal = new AbortController().signal): Promise<ActionOutcome | null> {
    if (action.kind === 'prompt') {
      await this.runPrompt(action, signal);
      return null;
    }
    let values: Record<string, string> = {};
    try {
      const missing = await this.options.session.savedActionInputs(action);
      if (missing.length > 0) {
        const given = await this.ask(action, missing);
        if (given === null) return null;
        values = given;
      }
    } catch (error) {
      new Notice(`Saved action "${action.name}" could not start: ${describeError(error)}`);
      return null;
    }
    const container = this.options.container();
    const trackRun = this.options.trackRun?.();
    const view = container
      ? new PlanRunView(container, `Saved action: ${action.name}`, {
          onRunRest: () => void this.runRest(view, action),
          ...(trackRun ? { trackRun } : {}),
        })
      : null;
    view?.load();
    try {
      const outcome = await this.options.session.runSavedAction(
        action,
        values,
        view ? { onProgress: view.onProgress } : {},
        view ? view.begin(signal) : signal,
      );
      this.report(action, outcome, view);
      if (outcome.status === 'ran' && view) this.rests.set(view, outcome.rest);
      if (outcome.status === 'ran' && Object.keys(values).length > 0) this.options.remember?.(action, values);
      return outcome;
    } catch (error) {
      const message = `Saved action "${action.name}" did not run: ${describeError(error)}`;
      if (view) view.fail(message);
      else new Notice(message);
      return null;
    }
  }

  private ask(action: SavedAction, missing: MissingInput[]): Promise<Record<string, string> | null> {
    return (this.options.askInputs ?? ParameterModal.ask)(this.options.app, action.name, missing);
  }

  /**
   * A prompt action: its placeholders bound from the context, asking only for what is missing, then sent to the
   * agent as if typed into the panel, so it runs with the panel's mode, approvals, checkpoints and Cancel.
   */
  private async runPrompt(action: PromptSavedAction, signal: AbortSignal): Promise<void> {
    try {
      let bound = await this.options.session.runSavedAction(action, {}, {}, signal);
      if (bound.status === 'needs-input') {
        const given = await this.ask(action, bound.missing);
        if (given === null) return;
        bound = await this.options.session.runSavedAction(action, given, {}, signal);
      }
      if (bound.status === 'needs-input')
        throw new Error(`it still needs ${bound.missing.map((input) => input.name).join(', ')}`);
      if (bound.status !== 'prompt') throw new Error('it is not a prompt action');
      if (!this.options.sendPrompt) throw new Error('the chat panel is not available');
      await this.options.sendPrompt(bound.message);
    } catch (error) {
      new Notice(`Saved action "${action.name}" did not run: ${describeError(error)}`);
    }
  }

  private async runRest(view: PlanRunView | null, action: SavedAction): Promise<void> {
    const rest = view ? this.rests.get(view) : null;
    if (!rest || !view) return;
    try {
      const ran = await this.options.session.runRest(rest, { onProgress: view.onProgress }, view.begin());
      if (ran.status === 'ran') {
        view.finish(ran.result);
        this.rests.set(view, ran.rest);
      }
    } catch (error) {
      view.fail(`The rest of "${action.name}" did not run: ${describeError(error)}`);
    }
  }

  private report(action: SavedAction, outcome: ActionOutcome, view: PlanRunView | null): void {
    let message: string;
    if (outcome.status === 'needs-input')
      message = `Saved action "${action.name}" still needs: ${outcome.missing.map((input) => input.name).join(', ')}`;
    else if (outcome.status === 'rejected') message = `Saved action "${action.name}" did not run: ${outcome.reason}`;
    else if (outcome.status === 'prompt')
      message = `Saved action "${action.name}" is a prompt: send it from the chat panel`;
    else {
      view?.finish(outcome.result);
      if (view) return;
      message = `${action.name}: ${runHeadline(outcome.result)}`;
    }
    if (view) view.fail(message);
    else new Notice(message);
  }
}
