import { type App, Component, Notice } from 'obsidian';
import { describeError } from '../../core/errors';
import { describeSavedAction, type SavedAction, savedActionCommandName, type SavedActionStore } from '../../core/plan';
import { ImportActionsModal } from './ImportActionsModal';
import { PromptActionModal } from './PromptActionModal';
import { SaveActionModal } from './SaveActionModal';

export interface SavedActionsPaletteOptions {
  app: App;
  store: SavedActionStore;
  run: (action: SavedAction) => void;
}

/**
 * The saved actions as a compact list in the panel, each with its steps in words and what it needs: run, rename,
 * move up or down, delete (after a second click to confirm), export (copy or file), import, and a new prompt action. The store decides and saves; the list redraws on every change.
 */
export class SavedActionsPalette extends Component {
  readonly el: HTMLElement;
  private readonly listEl: HTMLElement;
  private confirming: string | null = null;

  constructor(
    parentEl: HTMLElement,
    private readonly options: SavedActionsPaletteOptions,
  ) {
    super();
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-saved-actions',
      attr: { role: 'region', 'aria-label': 'Saved actions' },
    });
    const header = this.el.createDiv({ cls: 'embedded-agent-saved-actions-header' });
    header.createSpan({ cls: 'embedded-agent-saved-actions-title', text: 'Saved actions' });
    const tools = header.createDiv({ cls: 'embedded-agent-saved-actions-tools' });
    this.button(tools, 'New prompt', 'New prompt action', () => this.openNewPrompt());
    this.button(tools, 'Copy', 'Copy saved actions as JSON', () => void this.copy());
    this.button(tools, 'Export', 'Export saved actions to a file', () => this.download());
    this.button(tools, 'Import', 'Import saved actions', () => this.openImport());
    this.listEl = this.el.createEl('ul', { cls: 'embedded-agent-saved-actions-list' });
  }

  override onload(): void {
    this.register(this.options.store.onChange(() => this.render()));
    this.render();
  }

  render(): void {
    this.listEl.empty();
    const actions = this.options.store.list();
    if (actions.length === 0) {
      this.listEl.createEl('li', {
        cls: 'embedded-agent-saved-actions-empty',
        text: 'No saved actions yet. Save a run that went well to list it here.',
      });
      return;
    }
    actions.forEach((action, index) => {
      const row = this.listEl.createEl('li', { cls: 'embedded-agent-saved-action' });
      if (this.confirming === action.id) {
        row.addClass('is-confirming');
        row.createSpan({ cls: 'embedded-agent-saved-action-confirm', text: `Delete "${action.name}"?` });
        this.button(
          row,
          'Delete',
          `Confirm delete ${action.name}`,
          () => void this.change(() => this.options.store.remove(action.id)),
          'mod-warning',
        );
        this.button(row, 'Keep', `Keep ${action.name}`, () => {
          this.confirming = null;
          this.render();
        });
        return;
      }
      this.button(
        row,
        action.name,
        `Run ${action.name}`,
        () => this.options.run(action),
        'embedded-agent-saved-action-run',
      );
      const tools = row.createDiv({ cls: 'embedded-agent-saved-action-tools' });
      this.button(tools, 'Rename', `Rename ${action.name}`, () => this.rename(action));
      this.button(
        tools,
        '↑',
        `Move ${action.name} up`,
        () => void this.change(() => this.options.store.move(action.id, index - 1)),
      ).disabled = index === 0;
      this.button(
        tools,
        '↓',
        `Move ${action.name} down`,
        () => void this.change(() => this.options.store.move(action.id, index + 1)),
      ).disabled = index === actions.length - 1;
      this.button(tools, '×', `Delete ${action.name}`, () => {
        this.confirming = action.id;
        this.render();
      });
      this.summary(row, action);
    });
  }

  /** What the action does (its steps in words) and what running it needs, under its name. */
  private summary(row: HTMLElement, action: SavedAction): void {
    const { does, needs } = describeSavedAction(action);
    const el = row.createDiv({
      cls: 'embedded-agent-saved-action-summary',
      attr: { 'aria-label': `What ${action.name} does` },
    });
    const list = el.createEl('ol', { cls: 'embedded-agent-saved-action-steps' });
    for (const step of does) list.createEl('li', { text: step });
    el.createDiv({
      cls: 'embedded-agent-saved-action-needs',
      text: needs.length > 0 ? `Needs: ${needs.join(', ')}` : 'Needs nothing',
    });
  }

  private button(
    parent: HTMLElement,
    text: string,
    label: string,
    onClick: () => void,
    cls?: string,
  ): HTMLButtonElement {
    const el = parent.createEl('button', {
      text,
      attr: { type: 'button', 'aria-label': label },
      ...(cls ? { cls } : {}),
    });
    this.registerDomEvent(el, 'click', onClick);
    return el;
  }

  private async change(action: () => Promise<void>): Promise<void> {
    this.confirming = null;
    try {
      await action();
    } catch (error) {
      new Notice(describeError(error));
      this.render();
    }
  }

  private rename(action: SavedAction): void {
    new SaveActionModal(this.options.app, {
      title: `Rename "${action.name}"`,
      initialName: action.name,
      buttonText: 'Rename',
      takenNames: () =>
        this.options.store
          .list()
          .filter((other) => other.id !== action.id)
          .map((other) => other.name),
      save: (name) => this.options.store.rename(action.id, name),
    }).open();
  }

  private async copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.options.store.exportJson());
      new Notice(`Copied ${this.options.store.list().length} saved actions as JSON.`);
    } catch (error) {
      new Notice(`The saved actions could not be copied: ${describeError(error)}`);
    }
  }

  private download(): void {
    const url = URL.createObjectURL(new Blob([this.options.store.exportJson()], { type: 'application/json' }));
    const link = this.el.createEl('a', { attr: { href: url, download: 'saved-actions.json' } });
    link.click();
    link.remove();
    // The download has started by now; the object URL is not needed after it.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  private openNewPrompt(): void {
    new PromptActionModal(this.options.app, {
      takenNames: () => this.options.store.list().map((action) => action.name),
      save: async (name, prompt) => {
        const action = await this.options.store.addPrompt(name, prompt);
        new Notice(
          `Saved. Run it from the saved actions or the command palette ("${savedActionCommandName(action)}").`,
        );
      },
    }).open();
  }

  private openImport(): void {
    new ImportActionsModal(this.options.app, (json) => this.options.store.importJson(json)).open();
  }
}
