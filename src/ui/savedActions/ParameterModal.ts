import { type App, Modal } from 'obsidian';
import type { MissingInput } from '../../core/plan';

/**
 * Asks for exactly the inputs a saved action is missing: one text field per input, named after it (the
 * selection gets a multi-line field), and `Run`. Resolves with the values, or null when the person cancels.
 */
export class ParameterModal extends Modal {
  private result: Record<string, string> | null = null;
  private resolve: ((values: Record<string, string> | null) => void) | null = null;

  constructor(
    app: App,
    private readonly actionName: string,
    private readonly inputs: readonly MissingInput[],
  ) {
    super(app);
  }

  /** Opens the modal and waits for `Run` (the values) or a close (null). */
  static ask(app: App, actionName: string, inputs: readonly MissingInput[]): Promise<Record<string, string> | null> {
    return new Promise((resolve) => {
      const modal = new ParameterModal(app, actionName, inputs);
      modal.resolve = resolve;
      modal.open();
    });
  }

  override onOpen(): void {
    this.setTitle(`Run "${this.actionName}"`);
    const { contentEl } = this;
    contentEl.empty();
    contentEl.addClass('embedded-agent-parameters');
    const form = contentEl.createEl('form');
    const fields: { name: string; el: HTMLInputElement | HTMLTextAreaElement }[] = [];
    for (const input of this.inputs) {
      const row = form.createDiv({ cls: 'embedded-agent-parameter' });
      const id = `embedded-agent-parameter-${input.name}`;
      row.createEl('label', { text: input.name, attr: { for: id } });
      if (input.description && input.description !== input.name)
        row.createDiv({ cls: 'setting-item-description', text: input.description });
      const attr = { id, 'aria-label': input.name };
      const el =
        input.kind === 'selection'
          ? row.createEl('textarea', { attr: { ...attr, rows: '5' } })
          : row.createEl('input', { type: 'text', value: input.default ?? '', attr });
      fields.push({ name: input.name, el });
    }
    const error = form.createDiv({ cls: 'embedded-agent-error', attr: { role: 'alert' } });
    const buttons = form.createDiv({ cls: 'modal-button-container' });
    buttons.createEl('button', { text: 'Run', cls: 'mod-cta', attr: { type: 'submit' } });
    const cancel = buttons.createEl('button', { text: 'Cancel', attr: { type: 'button' } });
    cancel.addEventListener('click', () => this.close());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const empty = fields.filter((field) => field.el.value.trim() === '').map((field) => field.name);
      if (empty.length > 0) {
        error.setText(`Fill in ${empty.map((name) => `"${name}"`).join(', ')} to run the action.`);
        return;
      }
      this.result = Object.fromEntries(fields.map((field) => [field.name, field.el.value]));
      this.close();
    });
    fields[0]?.el.focus();
  }

  override onClose(): void {
    this.contentEl.empty();
    const resolve = this.resolve;
    this.resolve = null;
    resolve?.(this.result);
  }
}
