import type { App } from 'obsidian';
import { askEachTime, type SavedAction } from '../../core/plan';
import { SaveActionModal } from './SaveActionModal';
import type { FinishedRun, SavedActionsController } from './SavedActionsController';
import { SaveRunButton } from './SaveRunButton';

/**
 * "Save as button" under a run that ended well: freezes the run into a plan (placeholders for the context, kept
 * values for what the run fixed), asks for a name and which kept values to ask each time, and stores it; its
 * command appears at once.
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

  protected async modal(taken: readonly string[], saved: (action: SavedAction) => void): Promise<SaveActionModal> {
    const goal = this.run.kind === 'plan' ? this.run.plan.goal : (this.run.goal ?? this.run.context.userMessage);
    const plan = await this.controller.freeze(this.run);
    const kept = (plan.parameters ?? []).flatMap((parameter) =>
      parameter.default === undefined ? [] : [{ name: parameter.name, value: parameter.default }],
    );
    return new SaveActionModal(this.app, {
      initialName: goal.trim().slice(0, 60),
      takenNames: () => taken,
      kept,
      save: async (name, asked) => saved(await this.controller.save(name, askEachTime(plan, asked))),
    });
  }
}
