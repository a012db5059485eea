import { type App, Component, Notice } from 'obsidian';
import type { PluginSearchResult } from '../core/tools/types';

/** `app.setting` is not in obsidian.d.ts; these two calls are what the settings window has offered for years. */
interface SettingWindow {
  open(): void;
  openTabById(id: string): unknown;
}

/**
 * Community plugins that may help, from `plugins.search`: name, author and description, with buttons to open the
 * community plugins settings and to copy the plugin id. It only recommends: installing is left to the person.
 */
export class RecommendationCard extends Component {
  readonly el: HTMLElement;
  private readonly actions: { el: HTMLButtonElement; run: () => void }[] = [];

  constructor(
    parentEl: HTMLElement,
    private readonly app: App,
    results: PluginSearchResult['results'],
  ) {
    super();
    this.el = parentEl.createDiv({
      cls: 'embedded-agent-recommendations',
      attr: { role: 'region', 'aria-label': 'Plugin recommendations' },
    });
    this.el.createDiv({ cls: 'embedded-agent-recommendations-title', text: 'Community plugins that may help' });
    const list = this.el.createEl('ul');
    for (const plugin of results) {
      const item = list.createEl('li', { cls: 'embedded-agent-recommendation', attr: { 'aria-label': plugin.name } });
      const head = item.createDiv({ cls: 'embedded-agent-recommendation-head' });
      head.createSpan({ cls: 'embedded-agent-recommendation-name', text: plugin.name });
      head.createSpan({ cls: 'embedded-agent-recommendation-author', text: `by ${plugin.author}` });
      item.createDiv({ cls: 'embedded-agent-recommendation-desc', text: plugin.description });
      const buttons = item.createDiv({ cls: 'embedded-agent-recommendation-buttons' });
      this.add(buttons, 'Open community plugins settings', () => this.openSettings());
      this.add(buttons, 'Copy plugin id', () => void this.copy(plugin.id));
    }
  }

  override onload(): void {
    for (const action of this.actions) this.registerDomEvent(action.el, 'click', action.run);
  }

  private add(parent: HTMLElement, text: string, run: () => void): void {
    this.actions.push({ el: parent.createEl('button', { text, attr: { type: 'button' } }), run });
  }

  private openSettings(): void {
    const setting = (this.app as unknown as { setting?: SettingWindow }).setting;
    if (!setting) {
      new Notice('Open settings → community plugins to browse and install plugins.');
      return;
    }
    setting.open();
    setting.openTabById('community-plugins');
  }

  private async copy(id: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(id);
      new Notice(`Copied "${id}".`);
    } catch (error) {
      new Notice(`Could not copy "${id}": ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
