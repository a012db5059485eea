import { type App, Modal } from 'obsidian';
import { promptProblems } from '../../core/plan';
import { nameProblem } from './SaveActionModal';

export interface PromptActionModalOptions {
  initialPrompt?: string;
  /** Names already in use, compared without case and surrounding spaces. */
  takenNames: () => readonly string[];
  /** Saves the action; a refusal's message shows in the modal, which stays open. */
  save: (name: string, prompt: string) => Promise<void>;
}

/**
 * Saves a prompt as an action: `Action name`, `Prompt` (placeholders such as ${selection} or ${topic}) and `Save`.
 * When it runs, the placeholders are bound from where the person works, the rest asked for, and the message goes to
 * the agent as if typed.
 */
export class PromptActionModal extends Modal {
  constructor(
    app: App,
    private readonly options: PromptActionModalOptions,
  ) {
    super(app);
  }

  override onOpen(): void {
    this.setTitle('Save a prompt as an action');
    const { contentEl } = this;
    contentEl.empty();
    const form = contentEl.createEl('form', { cls: 'embedded-agent-save-action' });
    form.createEl('label', { text: 'Action name', attr: { for: 'embedded-agent-prompt-action-name' } });
    const name = form.createEl('input', {
      type: 'text',
      attr: {
        id: 'embedded-agent-prompt-action-name',
        'aria-label': 'Action name',
        placeholder: 'E.g. Summarize selection',
      },
    });
    form.createEl('label', { text: 'Prompt', attr: { for: 'embedded-agent-prompt-action-prompt' } });
    const prompt = form.createEl('textarea', {
      attr: { id: 'embedded-agent-prompt-action-prompt', 'aria-label': 'Prompt', rows: '6' },
    });
    prompt.value = this.options.initialPrompt ?? '';
    form.createDiv({
      cls: 'setting-item-description',
      text: 'Placeholders: ${selection}, ${activeFile} and ${date} come from where you work; any other ${name} is asked for when the action runs.',
    });
    const error = form.createDiv({ cls: 'embedded-agent-error', attr: { role: 'alert' } });
    const buttons = form.createDiv({ cls: 'modal-button-container' });
    const save = buttons.createEl('button', { text: 'Save', cls: 'mod-cta', attr: { type: 'submit' } });
    const cancel = buttons.createEl('button', { text: 'Cancel', attr: { type: 'button' } });
    cancel.addEventListener('click', () => this.close());
    for (const field of [name, prompt]) field.addEventListener('input', () => error.setText(''));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const problem = nameProblem(name.value, this.options.takenNames()) ?? promptProblem(prompt.value);
      if (problem) {
        error.setText(problem);
        return;
      }
      save.disabled = true;
      this.options.save(name.value.trim(), prompt.value).then(
        () => this.close(),
        (cause: unknown) => {
          save.disabled = false;
          error.setText(cause instanceof Error ? cause.message : String(cause));
        },
      );
    });
    name.focus();
  }

  override onClose(): void {
    this.contentEl.empty();
  }
}

function promptProblem(prompt: string): string | null {
  const problems = promptProblems(prompt);
  if (problems.length === 0) return null;
  const [first = ''] = problems;
  return `${first.charAt(0).toUpperCase()}${first.slice(1)}.`;
}
