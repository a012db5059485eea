import type { App } from 'obsidian';
import type { SavedAction } from '../../core/plan';
import { PromptActionModal } from './PromptActionModal';
import type { SavedActionsController } from './SavedActionsController';
import { SaveRunButton } from './SaveRunButton';

/**
 * "Save as prompt" under a run that ended well: the message the person sent, in the prompt modal, to add
 * placeholders to (${selection}, ${topic}) and save. Unlike "Save as button" it needs no write: a question asked
 * again is worth a button too.
 */
export class SaveAsPromptButton extends SaveRunButton<PromptActionModal> {
  constructor(
    parentEl: HTMLElement,
    app: App,
    controller: SavedActionsController,
    private readonly message: string,
  ) {
    super(parentEl, app, controller, 'Save as prompt');
  }

  protected modal(taken: readonly string[], saved: (action: SavedAction) => void): PromptActionModal {
    return new PromptActionModal(this.app, {
      initialPrompt: this.message,
      takenNames: () => taken,
      save: async (name, prompt) => saved(await (await this.controller.store()).addPrompt(name, prompt)),
    });
  }
}
