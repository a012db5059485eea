import { Component } from 'obsidian';
import { describeError } from '../../core/errors';
import {
  type ActionPlan,
  editableArgs,
  keepBoundValues,
  type PlanContext,
  type PlanRest,
  type RunPlanOutcome,
} from '../../core/plan';
import type { AgentSession } from '../../core/session/AgentSession';
import type { PlanEvents, PreviewedPlan } from '../../core/session/sessionPlans';
import type { TrackRun } from '../chat/types';
import { PlanPreview } from '../PlanPreview';
import { PlanRunView } from './PlanRunView';

/** The session's plan methods: the dry run, its edits and its run are decided there. */
export type PlanSession = Pick<AgentSession, 'dryRun' | 'editPlan' | 'runPlan' | 'runRest'>;

export interface DryRunControllerOptions {
  session: PlanSession;
  /** Where the preview and then the run show: the panel. */
  container: () => HTMLElement;
  /** Asks for inputs the plan uses and the context lacks; null cancels. */
  askInputs?: PlanEvents['askInputs'];
  /** The panel's: while an approved plan runs, its Cancel stops it too. */
  trackRun?: TrackRun;
  /** After a plan ran to the end: where "Save as button" is offered. */
  onPlanRan?: (plan: ActionPlan, context: PlanContext, parent: HTMLElement) => void;
}

/**
 * "Dry run" in the panel: the session plans and previews (`AgentSession.dryRun`), and this shows the region
 * `Plan preview` with "Edit plan" (the session validates and previews each edit again). `Approve` runs exactly the
 * previewed plan through the session, with progress and log; a partial run offers "Run the rest".
 */
export class DryRunController extends Component {
  constructor(private readonly options: DryRunControllerOptions) {
    super();
  }

  /** Plans and previews `message`; resolves once the preview is shown (or why not is). */
  async dryRun(message: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
    const box = this.options.container().createDiv({ cls: 'embedded-agent-dry-run' });
    const status = box.createDiv({ cls: 'embedded-agent-dry-run-status', attr: { role: 'status' }, text: 'Planning…' });
    try {
      const outcome = await this.options.session.dryRun(
        message,
        this.options.askInputs ? { askInputs: this.options.askInputs } : {},
        signal,
      );
      if (outcome.status === 'needs-input') {
        status.setText(`Not previewed: the plan needs ${outcome.missing.map((input) => input.name).join(', ')}.`);
        return;
      }
      status.remove();
      const session = new PreviewSession(box, outcome.previewed, signal, this.options);
      this.addChild(session);
      session.show();
    } catch (error) {
      status.setText(`Dry run failed: ${describeError(error)}`);
      status.addClass('embedded-agent-error');
    }
  }
}

/** One previewed plan: its preview (redrawn after each edit), then its run. */
class PreviewSession extends Component {
  private readonly previewEl: HTMLElement;
  private readonly actionsEl: HTMLElement;
  private preview_: PlanPreview | null = null;
  private run: PlanRunView | null = null;
  private rest: PlanRest | null = null;

  constructor(
    private readonly box: HTMLElement,
    private previewed: PreviewedPlan,
    private readonly signal: AbortSignal,
    private readonly options: DryRunControllerOptions,
  ) {
    super();
    this.previewEl = box.createDiv();
    this.actionsEl = box.createDiv({ cls: 'embedded-agent-dry-run-buttons' });
  }

  /** Shows the previewed plan; the plan that is approved is exactly this one. */
  show(): void {
    const dry = this.previewed.dryRun;
    if (this.preview_) this.removeChild(this.preview_);
    this.previewEl.empty();
    this.preview_ = this.addChild(
      new PlanPreview(this.previewEl, {
        preview: dry.preview,
        risk: dry.risk,
        counts: { steps: dry.counts.steps },
        goal: dry.plan.goal,
        editableArgs: editableArgs(dry.plan),
        onEdit: (edits) => this.edit(edits),
      }),
    );
    this.renderButtons();
  }

  private async edit(edits: { stepId: string; path: string; value: string }[]): Promise<void> {
    this.previewed = await this.options.session.editPlan(this.previewed, edits, this.signal);
    this.show();
  }

  private renderButtons(): void {
    this.actionsEl.empty();
    const approve = this.actionsEl.createEl('button', { text: 'Approve', cls: 'mod-cta', attr: { type: 'button' } });
    const cancel = this.actionsEl.createEl('button', {
      text: 'Cancel',
      attr: { type: 'button', 'aria-label': 'Cancel plan' },
    });
    this.registerDomEvent(approve, 'click', () => void this.execute());
    this.registerDomEvent(cancel, 'click', () => {
      this.actionsEl.empty();
      this.actionsEl.createDiv({ text: 'Cancelled: nothing was changed.' });
      this.previewEl.addClass('is-settled');
    });
  }

  private async execute(): Promise<void> {
    if (this.run) return;
    this.actionsEl.empty();
    this.previewEl.addClass('is-settled');
    const { trackRun } = this.options;
    const run = (this.run = this.addChild(
      new PlanRunView(this.box, `Plan: ${this.previewed.plan.goal}`, {
        onRunRest: () => void this.runRest(),
        ...(trackRun ? { trackRun } : {}),
      }),
    ));
    try {
      // Approve is the confirmation of this very preview: the session runs what it showed.
      this.finish(
        await this.options.session.runPlan(this.previewed, { onProgress: run.onProgress }, run.begin(this.signal)),
      );
    } catch (error) {
      run.fail(`The plan did not run: ${describeError(error)}`);
    }
  }

  private async runRest(): Promise<void> {
    const { rest, run } = this;
    if (!rest || !run) return;
    try {
      this.finish(await this.options.session.runRest(rest, { onProgress: run.onProgress }, run.begin(this.signal)));
    } catch (error) {
      run.fail(`The rest of the plan did not run: ${describeError(error)}`);
    }
  }

  private finish(outcome: RunPlanOutcome): void {
    if (outcome.status === 'rejected') {
      this.run?.fail(`The plan did not run: ${outcome.reason}`);
      return;
    }
    this.rest = outcome.rest;
    this.run?.finish(outcome.result);
    if (outcome.result.status === 'completed')
      this.options.onPlanRan?.(
        keepBoundValues(this.previewed.plan, this.previewed.bindings),
        this.previewed.context,
        this.box,
      );
  }
}
