import { Component } from 'obsidian';

/**
 * The run's progress: role `progressbar` with `aria-valuenow` / `aria-valuemax`, a line such as "7 of 10 steps",
 * and for a run that stopped part-way a "Run the rest" button whose action the caller supplies.
 */
export class ProgressBar extends Component {
  readonly el: HTMLElement;
  private readonly barEl: HTMLElement;
  private readonly fillEl: HTMLElement;
  private readonly textEl: HTMLElement;
  private readonly restEl: HTMLElement;
  private readonly restNoteEl: HTMLElement;
  private readonly restButton: HTMLButtonElement;

  constructor(
    parentEl: HTMLElement,
    private readonly onRunRest?: () => void,
  ) {
    super();
    this.el = parentEl.createDiv({ cls: 'embedded-agent-progress' });
    this.barEl = this.el.createDiv({
      cls: 'embedded-agent-progress-bar',
      attr: {
        role: 'progressbar',
        'aria-label': 'Progress',
        'aria-valuemin': '0',
        'aria-valuemax': '0',
        'aria-valuenow': '0',
      },
    });
    this.fillEl = this.barEl.createDiv({ cls: 'embedded-agent-progress-fill' });
    this.textEl = this.el.createDiv({ cls: 'embedded-agent-progress-text' });
    this.restEl = this.el.createDiv({ cls: 'embedded-agent-progress-rest' });
    this.restNoteEl = this.restEl.createSpan();
    this.restButton = this.restEl.createEl('button', { text: 'Run the rest', attr: { type: 'button' } });
    this.restEl.hide();
  }

  override onload(): void {
    this.registerDomEvent(this.restButton, 'click', () => {
      this.hideRest();
      this.onRunRest?.();
    });
  }

  /** `done` of `total` steps; `total` 0 means not known yet. */
  set(done: number, total: number): void {
    const max = Math.max(0, total);
    const now = Math.min(Math.max(0, done), max);
    this.barEl.setAttr('aria-valuemax', String(max));
    this.barEl.setAttr('aria-valuenow', String(now));
    const text = max === 0 ? 'Starting' : `${now} of ${max} ${max === 1 ? 'step' : 'steps'}`;
    this.barEl.setAttr('aria-valuetext', text);
    this.textEl.setText(text);
    this.fillEl.setCssProps({ '--embedded-agent-progress': `${max === 0 ? 0 : (now / max) * 100}%` });
  }

  /** After a run that stopped part-way: says how many steps did not run and offers "Run the rest". */
  showRest(remaining: number): void {
    if (!this.onRunRest || remaining <= 0) return;
    this.restNoteEl.setText(`${remaining} ${remaining === 1 ? 'step did' : 'steps did'} not run.`);
    this.restEl.show();
  }

  hideRest(): void {
    this.restEl.hide();
  }
}
