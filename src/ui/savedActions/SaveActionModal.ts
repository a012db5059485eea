import { type App, Modal } from 'obsidian';

/**
 * Asks for a saved action's name: a text field `Action name` and `Save`. `save` decides; when it refuses (an
 * empty or duplicate name, a store error) its message shows under the field and the modal stays open. The values
 * the run fixed (`kept`) are listed, each with an "Ask each time" checkbox; `save` gets the names ticked.
 */
export class SaveActionModal extends Modal {
  constructor(
    app: App,
    private readonly options: {
      title?: string;
      initialName?: string;
      buttonText?: string;
      /** Names already in use, compared without case and surrounding spaces. */
      takenNames: () => readonly string[];
      /** Values the action keeps from the run it was saved from, by parameter name. */
      kept?: readonly { name: string; value: string }[];
      save: (name: string, askEachTime: string[]) => Promise<void>;
    },
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle(this.options.title ?? 'Save as button');
    const { contentEl } = this;
    contentEl.empty();
    const form = contentEl.createEl('form', { cls: 'embedded-agent-save-action' });
    form.createEl('label', { text: 'Action name', attr: { for: 'embedded-agent-action-name' } });
    const input = form.createEl('input', {
      type: 'text',
      value: this.options.initialName ?? '',
      attr: { id: 'embedded-agent-action-name', 'aria-label': 'Action name', placeholder: 'E.g. Bullets to notes' },
    });
    const asks = this.keptValues(form);
    const error = form.createDiv({ cls: 'embedded-agent-error', attr: { role: 'alert' } });
    const buttons = form.createDiv({ cls: 'modal-button-container' });
    const save = buttons.createEl('button', {
      text: this.options.buttonText ?? 'Save',
      cls: 'mod-cta',
      attr: { type: 'submit' },
    });
    const cancel = buttons.createEl('button', { text: 'Cancel', attr: { type: 'button' } });
    cancel.addEventListener('click', () => this.close());
    input.addEventListener('input', () => error.setText(''));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const problem = nameProblem(input.value, this.options.takenNames(), this.options.initialName);
      if (problem) {
        error.setText(problem);
        input.setAttr('aria-invalid', 'true');
        return;
      }
      save.disabled = true;
      const asked = asks.filter((ask) => ask.box.checked).map((ask) => ask.name);
      this.options.save(input.value.trim(), asked).then(
        () => this.close(),
        (cause: unknown) => {
          save.disabled = false;
          error.setText(cause instanceof Error ? cause.message : String(cause));
        },
      );
    });
    input.focus();
  }

  /** One row per kept value: the name, the value and its "Ask each time" checkbox (unticked: kept as it is). */
  private keptValues(form: HTMLElement): { name: string; box: HTMLInputElement }[] {
    const kept = this.options.kept ?? [];
    if (kept.length === 0) return [];
    const list = form.createDiv({ cls: 'embedded-agent-kept-values' });
    list.createDiv({
      cls: 'setting-item-description',
      text: 'Kept as in this run (the selection, the open note and the date are taken from where you work):',
    });
    return kept.map(({ name, value }) => {
      const row = list.createDiv({ cls: 'embedded-agent-kept-value' });
      row.createSpan({ cls: 'embedded-agent-kept-value-name', text: `${name}: ` });
      row.createEl('code', { text: value });
      const label = row.createEl('label');
      const box = label.createEl('input', { type: 'checkbox', attr: { 'aria-label': `Ask each time for ${name}` } });
      label.appendText(' Ask each time');
      return { name, box };
    });
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}

/** Why a name cannot be used, or null. Keeping the current name on rename is not a duplicate. */
export function nameProblem(name: string, taken: readonly string[], current?: string): string | null {
  const wanted = name.trim().replace(/\s+/g, ' ');
  if (wanted === '') return 'Give the action a name.';
  const key = wanted.toLowerCase();
  if (current !== undefined && current.trim().toLowerCase() === key) return null;
  if (taken.some((other) => other.trim().toLowerCase() === key))
    return `A saved action is already named "${wanted}". Choose another name.`;
  return null;
}
