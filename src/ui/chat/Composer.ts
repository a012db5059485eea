import { Component } from 'obsidian';

export interface ComposerActions {
  send(message: string): void;
  dryRun(message: string): void;
  cancel(): void;
}

/**
 * The message box and its buttons. Enter sends, Shift+Enter is a new line, Escape cancels a run. Cancel is enabled
 * only while a run runs; Send and Dry run are disabled meanwhile, so one panel runs one thing at a time.
 */
export class Composer extends Component {
  readonly el: HTMLElement;
  readonly textarea: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly dryRunButton: HTMLButtonElement;
  private readonly cancelButton: HTMLButtonElement;
  private running = false;

  constructor(
    parentEl: HTMLElement,
    private readonly actions: ComposerActions,
  ) {
    super();
    this.el = parentEl.createDiv({ cls: 'embedded-agent-composer' });
    this.textarea = this.el.createEl('textarea', {
      cls: 'embedded-agent-message-input',
      attr: { 'aria-label': 'Message', placeholder: 'Ask or tell the agent what to do…', rows: '3' },
    });
    const buttons = this.el.createDiv({ cls: 'embedded-agent-composer-buttons' });
    this.dryRunButton = buttons.createEl('button', {
      text: 'Dry run',
      attr: { type: 'button', 'aria-label': 'Dry run' },
    });
    this.cancelButton = buttons.createEl('button', {
      text: 'Cancel',
      attr: { type: 'button', 'aria-label': 'Cancel' },
    });
    this.sendButton = buttons.createEl('button', {
      cls: 'mod-cta',
      text: 'Send',
      attr: { type: 'button', 'aria-label': 'Send' },
    });
    this.setRunning(false);
  }

  override onload(): void {
    this.registerDomEvent(this.textarea, 'keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit('send');
      } else if (event.key === 'Escape' && this.running) {
        event.preventDefault();
        this.actions.cancel();
      }
    });
    this.registerDomEvent(this.sendButton, 'click', () => this.submit('send'));
    this.registerDomEvent(this.dryRunButton, 'click', () => this.submit('dryRun'));
    this.registerDomEvent(this.cancelButton, 'click', () => this.actions.cancel());
  }

  setRunning(running: boolean): void {
    this.running = running;
    this.cancelButton.disabled = !running;
    this.sendButton.disabled = running;
    this.dryRunButton.disabled = running;
  }

  focus(): void {
    this.textarea.focus();
  }

  private submit(kind: 'send' | 'dryRun'): void {
    const message = this.textarea.value.trim();
    if (this.running || message === '') return;
    this.textarea.value = '';
    if (kind === 'send') this.actions.send(message);
    else this.actions.dryRun(message);
  }
}
