import { ItemView, type WorkspaceLeaf } from 'obsidian';
import { describeError } from '../../core/errors';
import type { ChangesPanel } from './ChangesPanel';
import { CHANGES_VIEW_TYPE, type ChangesHost } from './types';

/**
 * The Changes view: a region named "Changes" that shows every run to keep or undo. This shell is all that loads
 * with the plugin; the list's code and the review core load when a view first opens.
 */
export class ChangesView extends ItemView {
  private panel: ChangesPanel | null = null;
  private opened = 0;

  constructor(
    leaf: WorkspaceLeaf,
    private readonly host: ChangesHost,
  ) {
    super(leaf);
  }

  override getViewType(): string {
    return CHANGES_VIEW_TYPE;
  }

  override getDisplayText(): string {
    return 'Changes';
  }

  override getIcon(): string {
    return 'history';
  }

  /** The list, once loaded: for tests and the bench. */
  get list(): ChangesPanel | null {
    return this.panel;
  }

  override async onOpen(): Promise<void> {
    const opening = ++this.opened;
    const root = this.contentEl;
    root.empty();
    root.addClass('embedded-agent-changes');
    const region = root.createDiv({ cls: 'embedded-agent-review', attr: { role: 'region', 'aria-label': 'Changes' } });
    const loading = region.createEl('p', { cls: 'embedded-agent-review-empty', text: 'Loading the changes…' });
    try {
      const [{ ChangesPanel }, port] = await Promise.all([this.host.changesPanel(), this.host.changes()]);
      if (opening !== this.opened) return;
      loading.remove();
      this.panel = new ChangesPanel(region, port);
      await this.panel.refresh();
    } catch (error) {
      loading.setText(`Could not load the changes: ${describeError(error)}`);
    }
  }

  override async onClose(): Promise<void> {
    this.opened++;
    this.panel?.close();
    this.panel = null;
    this.contentEl.empty();
    await Promise.resolve();
  }
}
