import { Component } from 'obsidian';
import { type PlanProgress, type PlanRunResult, runHeadline, type StepStatus as PlanStepStatus } from '../../core/plan';
import type { TrackRun } from '../chat/types';
import { ExecutionLog, type StepStatus } from '../ExecutionLog';
import { ProgressBar } from '../ProgressBar';

const LOG_STATUS: Record<PlanStepStatus, StepStatus> = {
  ok: 'done',
  partial: 'failed',
  failed: 'failed',
  skipped: 'skipped',
  cancelled: 'skipped',
  'not-run': 'skipped',
  unknown: 'pending',
};

export interface PlanRunViewOptions {
  /** Offered after a run that stopped part-way. */
  onRunRest?: () => void;
  /** The panel's: while the run goes, the panel's Cancel stops it too. */
  trackRun?: TrackRun;
}

/**
 * One plan run in the panel: its progress bar, a Stop button while it runs, its execution log (one entry per
 * step, updated in place) and, when it ends, the summary. A run that stopped part-way offers "Run the rest".
 */
export class PlanRunView extends Component {
  readonly el: HTMLElement;
  private readonly progress: ProgressBar;
  private readonly log: ExecutionLog;
  private readonly summaryEl: HTMLElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly tools = new Map<string, string>();
  private running: AbortController | null = null;
  private untrack: (() => void) | null = null;

  constructor(
    parentEl: HTMLElement,
    title: string,
    private readonly options: PlanRunViewOptions = {},
  ) {
    super();
    this.el = parentEl.createDiv({ cls: 'embedded-agent-plan-run' });
    const header = this.el.createDiv({ cls: 'embedded-agent-plan-run-header' });
    header.createDiv({ cls: 'embedded-agent-plan-run-title', text: title });
    this.stopButton = header.createEl('button', { text: 'Stop', attr: { type: 'button', 'aria-label': 'Stop run' } });
    this.stopButton.hide();
    this.progress = this.addChild(new ProgressBar(this.el, options.onRunRest));
    this.log = new ExecutionLog(this.el);
    this.summaryEl = this.el.createDiv({ cls: 'embedded-agent-plan-run-summary', attr: { role: 'status' } });
  }

  override onunload(): void {
    this.end();
  }

  override onload(): void {
    this.registerDomEvent(this.stopButton, 'click', () => {
      this.stopButton.disabled = true;
      this.stopButton.setText('Stopping…');
      this.running?.abort();
    });
  }

  /**
   * Starts a run (or its rest) and shows Stop. The signal aborts when Stop (or the panel's Cancel) is pressed or
   * `outer` aborts; the executor then finishes the call in flight, runs nothing more, and the run ends as cancelled.
   */
  begin(outer?: AbortSignal): AbortSignal {
    this.end();
    const controller = new AbortController();
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', () => controller.abort(), { once: true });
    this.running = controller;
    this.untrack = this.options.trackRun?.(() => controller.abort()) ?? null;
    this.stopButton.disabled = false;
    this.stopButton.setText('Stop');
    this.stopButton.show();
    return controller.signal;
  }

  /** Feeds one progress event of the executor into the bar and the log. */
  onProgress = (event: PlanProgress): void => {
    switch (event.type) {
      case 'step-started':
        this.tools.set(event.stepId, event.tool);
        this.progress.set(event.position - 1, event.total);
        this.log.update({
          id: event.stepId,
          tool: event.tool,
          status: 'running',
          message: event.items === undefined ? '' : `0 of ${event.items}`,
        });
        return;
      case 'item-started':
        this.log.update({
          id: event.stepId,
          tool: this.toolOf(event.stepId),
          status: 'running',
          message: `${event.item} of ${event.of}: ${event.label}`,
        });
        return;
      case 'retrying':
        this.log.update({
          id: event.stepId,
          tool: this.toolOf(event.stepId),
          status: 'running',
          message: event.message,
        });
        return;
      case 'item-finished':
        return;
      case 'step-finished':
        this.progress.set(event.position, event.total);
        this.log.update({
          id: event.stepId,
          tool: event.tool,
          status: LOG_STATUS[event.status],
          message: event.message,
        });
    }
  };

  /** Shows how the run ended; offers "Run the rest" when something is left. */
  finish(result: PlanRunResult): void {
    this.end();
    for (const step of result.steps)
      this.log.update({ id: step.id, tool: step.tool, status: LOG_STATUS[step.status], message: step.message });
    const done = result.steps.filter((step) => step.status === 'ok').length;
    this.progress.set(done, result.steps.length);
    this.summaryEl.setText(runHeadline(result));
    if (result.resume) this.progress.showRest(result.steps.length - done);
  }

  /** Says why the run did not start or stopped (rejected, invalid, failed to load). */
  fail(message: string): void {
    this.end();
    this.summaryEl.setText(message);
    this.summaryEl.addClass('embedded-agent-error');
  }

  private end(): void {
    this.untrack?.();
    this.untrack = null;
    this.running = null;
    this.stopButton.hide();
  }

  private toolOf(stepId: string): string {
    return this.tools.get(stepId) ?? '';
  }
}
