import { Component } from 'obsidian';
import { describeError } from '../../core/errors';
import {
  type ActionPlan,
  applyPlanEdits,
  bindPlan,
  type DryRunResult,
  dryRunPlan,
  editableArgs,
  executeApproved,
  type PlanBindings,
  type PlanContext,
  type PlanHost,
  planPolicy,
  type PlanRan,
  type PlanRest,
  readPlanContext,
  requestPlan,
  runRest,
} from '../../core/plan';
import type { LlmPort } from '../../core/ports/llm';
import { RunIds } from '../../core/session/runIds';
import type { TrackRun } from '../chat/types';
import { PlanPreview } from '../PlanPreview';
import { PlanRunView } from './PlanRunView';

export interface DryRunControllerOptions {
  host: () => Promise<PlanHost>;
  llm: () => Promise<LlmPort>;
  settings: () => { maxTokens: number; temperature: number };
  /** Where the preview and then the run show: the panel. */
  container: () => HTMLElement;
  /** Asks for inputs the plan uses and the context lacks; null cancels. */
  askInputs?: (inputs: { name: string; kind: 'selection' | 'activeFile' | 'parameter'; description: string }[]) => Promise<Record<string, string> | null>;
  /** The panel's: while an approved plan runs, its Cancel stops it too. */
  trackRun?: TrackRun;
  /** After a plan ran to the end: where "Save as button" is offered. */
  onPlanRan?: (plan: ActionPlan, context: PlanContext, parent: HTMLElement) => void;
}

/**
 * "Dry run": the model writes an ActionPlan for the message, the dry run resolves it against the vault without
 * writing, and the panel shows the region `Plan preview` with "Edit plan" (every edit is validated again and
 * previewed again). `Approve` executes exactly the previewed plan, once approved, with progress and log;
 * a partial run offers "Run the rest".
 */
export class DryRunController extends Component {
  private runIds: RunIds | null = null;

  constructor(private readonly options: DryRunControllerOptions) {
    super();
  }

  /** Plans and previews `message`; resolves once the preview is shown (or why not is). */
  async dryRun(message: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
    const box = this.options.container().createDiv({ cls: 'embedded-agent-dry-run' });
    const status = box.createDiv({ cls: 'embedded-agent-dry-run-status', attr: { role: 'status' }, text: 'Planning…' });
    try {
      const host = await this.options.host();
      const policy = await planPolicy(host, null);
      await host.ignore.ensureLoaded();
      const context = readPlanContext(host);
      const settings = this.options.settings();
      const { validation } = await requestPlan({
        llm: await this.options.llm(),
        policy,
        instruction: message,
        context: { activeFile: context.activeFile, selection: context.selection },
        signal,
        maxTokens: settings.maxTokens,
        temperature: settings.temperature,
      });
      const bound = bindPlan(validation.plan, context);
      let bindings = bound.bindings;
      if (bound.missing.length > 0) {
        const values = await this.options.askInputs?.(bound.missing);
        if (!values) {
          status.setText(`Not previewed: the plan needs ${bound.missing.map((input) => input.name).join(', ')}.`);
          return;
        }
        bindings = bindPlan(validation.plan, context, values).bindings;
      }
      status.remove();
      const session = new PreviewSession(box, host, { plan: validation.plan, bindings, context, signal, runId: (this.runIds ??= new RunIds(() => host.ports.clock.now())).next('dry') }, this.options);
      this.addChild(session);
      await session.preview(validation.plan);
    } catch (error) {
      status.setText(`Dry run failed: ${describeError(error)}`);
      status.addClass('embedded-agent-error');
    }
  }
}

interface SessionState {
  plan: ActionPlan;
  bindings: PlanBindings;
  context: PlanContext;
  signal: AbortSignal;
  runId: string;
}

/** One previewed plan: its preview (redrawn after each edit), then its run. */
class PreviewSession extends Component {
  private readonly previewEl: HTMLElement;
  private readonly actionsEl: HTMLElement;
  private preview_: PlanPreview | null = null;
  private dry: DryRunResult | null = null;
  private run: PlanRunView | null = null;
  private rest: PlanRest | null = null;

  constructor(
    private readonly box: HTMLElement,
    private readonly host: PlanHost,
    private readonly state: SessionState,
    private readonly options: DryRunControllerOptions,
  ) {
    super();
    this.previewEl = box.createDiv();
    this.actionsEl = box.createDiv({ cls: 'embedded-agent-dry-run-buttons' });
  }

  /** Dry runs `plan` (nothing is written) and shows it; the plan that is approved is exactly this one. */
  async preview(plan: ActionPlan): Promise<void> {
    const dry = await dryRunPlan(plan, this.host, { runId: `${this.state.runId}-preview`, signal: this.state.signal, bindings: this.state.bindings });
    this.state.plan = dry.plan;
    this.dry = dry;
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
    const validation = applyPlanEdits(this.state.plan, edits, await planPolicy(this.host, null));
    if (!validation.ok) throw new Error(`The edited plan is not valid:\n${validation.errors.join('\n')}`);
    await this.preview(validation.plan);
  }

  private renderButtons(): void {
    this.actionsEl.empty();
    const approve = this.actionsEl.createEl('button', { text: 'Approve', cls: 'mod-cta', attr: { type: 'button' } });
    const cancel = this.actionsEl.createEl('button', { text: 'Cancel', attr: { type: 'button', 'aria-label': 'Cancel plan' } });
    this.registerDomEvent(approve, 'click', () => void this.execute());
    this.registerDomEvent(cancel, 'click', () => {
      this.actionsEl.empty();
      this.actionsEl.createDiv({ text: 'Cancelled: nothing was changed.' });
      this.previewEl.addClass('is-settled');
    });
  }

  private async execute(): Promise<void> {
    if (!this.dry || this.run) return;
    this.actionsEl.empty();
    this.previewEl.addClass('is-settled');
    const { trackRun } = this.options;
    this.run = this.addChild(new PlanRunView(this.box, `Plan: ${this.state.plan.goal}`, { onRunRest: () => void this.runRest(), ...(trackRun ? { trackRun } : {}) }));
    try {
      // The person approved this very plan after its preview (see executeApproved).
      this.finish(await executeApproved(this.dry, this.host, { runId: this.state.runId, signal: this.run.begin(this.state.signal), bindings: this.state.bindings, onProgress: this.run.onProgress }));
    } catch (error) {
      this.run.fail(`The plan did not run: ${describeError(error)}`);
    }
  }

  private async runRest(): Promise<void> {
    const rest = this.rest;
    if (!rest || !this.run) return;
    try {
      this.finish(await runRest(rest, this.host, { runId: `${this.state.runId}-rest`, signal: this.run.begin(this.state.signal), onProgress: this.run.onProgress }));
    } catch (error) {
      this.run.fail(`The rest of the plan did not run: ${describeError(error)}`);
    }
  }

  private finish({ result, rest }: PlanRan): void {
    this.rest = rest;
    this.run?.finish(result);
    if (result.status === 'completed') this.options.onPlanRan?.(this.state.plan, this.state.context, this.box);
  }
}
