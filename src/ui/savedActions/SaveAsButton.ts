import { type App, Component, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import { savedActionCommandName } from '../../core/plan';
import { SaveActionModal } from './SaveActionModal';
import type { FinishedRun, SavedActionsController } from './SavedActionsController';

/**
 * "Save as button" under a run that ended well: asks for a name, freezes the run into a plan (placeholders for
 * what came from the person) and stores it; its command appears at once.
 */
export class SaveAsButton extends Component {
  readonly el: HTMLButtonElement;

  constructor(
    parentEl: HTMLElement,
    private readonly app: App,
    private readonly controller: SavedActionsController,
    private readonly run: FinishedRun,
  ) {
    super();
    this.el = parentEl.createEl('button', { text: 'Save as button', cls: 'embedded-agent-save-as', attr: { type: 'button' } });
  }

  override onload(): void {
    this.registerDomEvent(this.el, 'click', () => void this.open());
  }

  async open(): Promise<SaveActionModal | null> {
    let taken: readonly string[];
    try {
      taken = (await this.controller.store()).list().map((action) => action.name);
    } catch (error) {
      new Notice(`Saved actions are not available: ${describeError(error)}`);
      return null;
    }
    const goal = this.run.kind === 'plan' ? this.run.plan.goal : (this.run.goal ?? this.run.context.userMessage);
    const modal = new SaveActionModal(this.app, {
      initialName: goal.trim().slice(0, 60),
      takenNames: () => taken,
      save: async (name) => {
        const plan = await this.controller.freeze(this.run);
        const action = await this.controller.save(name, plan);
        this.el.disabled = true;
        this.el.setText('Saved');
        new Notice(`Saved. Run it from the saved actions or the command palette ("${savedActionCommandName(action)}").`);
      },
    });
    modal.open();
    return modal;
  }
}
