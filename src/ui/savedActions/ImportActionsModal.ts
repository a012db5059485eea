import { type App, Modal } from 'obsidian';
import type { ImportResult } from '../../core/plan';

/**
 * Import of saved actions: paste the JSON or choose an exported file, then `Import`. All or nothing: when any
 * entry is invalid nothing is imported and every problem is listed, naming the entry and the field.
 */
export class ImportActionsModal extends Modal {
  constructor(
    app: App,
    private readonly importJson: (json: string) => Promise<ImportResult>,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Import saved actions');
    const { contentEl } = this;
    contentEl.empty();
    const form = contentEl.createEl('form', { cls: 'embedded-agent-import' });
    form.createEl('label', {
      text: 'Paste exported JSON, or choose a file',
      attr: { for: 'embedded-agent-import-json' },
    });
    const text = form.createEl('textarea', {
      attr: { id: 'embedded-agent-import-json', 'aria-label': 'Saved actions JSON', rows: '8' },
    });
    const file = form.createEl('input', {
      type: 'file',
      attr: { accept: '.json,application/json', 'aria-label': 'Saved actions file' },
    });
    const errors = form.createDiv({ cls: 'embedded-agent-error', attr: { role: 'alert' } });
    const buttons = form.createDiv({ cls: 'modal-button-container' });
    const submit = buttons.createEl('button', { text: 'Import', cls: 'mod-cta', attr: { type: 'submit' } });
    const cancel = buttons.createEl('button', { text: 'Cancel', attr: { type: 'button' } });
    cancel.addEventListener('click', () => this.close());
    file.addEventListener('change', () => {
      const chosen = file.files?.[0];
      if (chosen) void chosen.text().then((content) => (text.value = content));
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      errors.empty();
      submit.disabled = true;
      void this.importJson(text.value).then(
        (result) => {
          submit.disabled = false;
          if (result.ok) {
            this.close();
            return;
          }
          errors.createDiv({ text: 'Nothing was imported:' });
          const list = errors.createEl('ul');
          for (const error of result.errors) list.createEl('li', { text: error });
        },
        (error: unknown) => {
          submit.disabled = false;
          errors.setText(`Nothing was imported: ${error instanceof Error ? error.message : String(error)}`);
        },
      );
    });
    text.focus();
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}
