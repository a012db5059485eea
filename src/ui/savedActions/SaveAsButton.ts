import type { App } from 'obsidian';
import type { SavedAction } from '../../core/plan';
import { SaveActionModal } from './SaveActionModal';
import type { FinishedRun, SavedActionsController } from './SavedActionsController';
import { SaveRunButton } from './SaveRunButton';

/**
 * "Save as button" under a run that ended well: asks for a name, freezes the run into a plan (placeholders for
 * what came from the person) and stores it; its command appears at once.
 */
export class SaveAsButton extends SaveRunButton<SaveActionModal> {
  constructor(
    parentEl: HTMLElement,
    app: App,
    controller: SavedActionsController,
    private readonly run: FinishedRun,
  ) {
    super(parentEl, app, controller, 'Save as button');
  }

  protected modal(taken: readonly string[], saved: (action: SavedAction) => void): SaveActionModal {
    const goal = this.run.kind === 'plan' ? this.run.plan.goal : (this.run.goal ?? this.run.context.userMessage);
    return new SaveActionModal(this.app, {
      initialName: goal.trim().slice(0, 60),
      takenNames: () => taken,
      save: async (name) => {
        const plan = await this.controller.freeze(this.run);
        saved(await this.controller.save(name, plan));
      },
    });
  }
}
