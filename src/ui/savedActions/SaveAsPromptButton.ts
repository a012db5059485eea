import { type App, Component, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import { savedActionCommandName } from '../../core/plan';
import { PromptActionModal } from './PromptActionModal';
import type { SavedActionsController } from './SavedActionsController';

/**
 * "Save as prompt" under a run that ended well: the message the person sent, in the prompt modal, to add
 * placeholders to (${selection}, ${topic}) and save. Unlike "Save as button" it needs no write: a question asked
 * again is worth a button too.
 */
export class SaveAsPromptButton extends Component {
  readonly el: HTMLButtonElement;

  constructor(
    parentEl: HTMLElement,
    private readonly app: App,
    private readonly controller: SavedActionsController,
    private readonly message: string,
  ) {
    super();
    this.el = parentEl.createEl('button', { text: 'Save as prompt', cls: 'embedded-agent-save-as', attr: { type: 'button' } });
  }

  override onload(): void {
    this.registerDomEvent(this.el, 'click', () => void this.open());
  }

  async open(): Promise<PromptActionModal | null> {
    let taken: readonly string[];
    try {
      taken = (await this.controller.store()).list().map((action) => action.name);
    } catch (error) {
      new Notice(`Saved actions are not available: ${describeError(error)}`);
      return null;
    }
    const modal = new PromptActionModal(this.app, {
      initialPrompt: this.message,
      takenNames: () => taken,
      save: async (name, prompt) => {
        const action = await (await this.controller.store()).addPrompt(name, prompt);
        this.el.disabled = true;
        this.el.setText('Saved');
        new Notice(`Saved. Run it from the saved actions or the command palette ("${savedActionCommandName(action)}").`);
      },
    });
    modal.open();
    return modal;
  }
}
