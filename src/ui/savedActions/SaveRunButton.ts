import { type App, Component, type Modal, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import { type SavedAction, savedActionCommandName } from '../../core/plan';
import type { SavedActionsController } from './SavedActionsController';

/**
 * A button under a run that ended well that saves it as an action: loads the names already taken, opens the
 * modal of its kind, and once saved turns into "Saved" and says where the action runs from.
 */
export abstract class SaveRunButton<M extends Modal> extends Component {
  readonly el: HTMLButtonElement;

  constructor(
    parentEl: HTMLElement,
    protected readonly app: App,
    protected readonly controller: SavedActionsController,
    label: string,
  ) {
    super();
    this.el = parentEl.createEl('button', { text: label, cls: 'embedded-agent-save-as', attr: { type: 'button' } });
  }

  override onload(): void {
    this.registerDomEvent(this.el, 'click', () => void this.open());
  }

  async open(): Promise<M | null> {
    let taken: readonly string[];
    try {
      taken = (await this.controller.store()).list().map((action) => action.name);
    } catch (error) {
      new Notice(`Saved actions are not available: ${describeError(error)}`);
      return null;
    }
    let modal: M;
    try {
      modal = await this.modal(taken, (action) => this.saved(action));
    } catch (error) {
      new Notice(`This run cannot be saved: ${describeError(error)}`);
      return null;
    }
    modal.open();
    return modal;
  }

  /** The modal that asks for the name (and what else this kind needs) and saves; `saved` is called after. */
  protected abstract modal(taken: readonly string[], saved: (action: SavedAction) => void): M | Promise<M>;

  private saved(action: SavedAction): void {
    this.el.disabled = true;
    this.el.setText('Saved');
    new Notice(`Saved. Run it from the saved actions or the command palette ("${savedActionCommandName(action)}").`);
  }
}
