import { Plugin } from 'obsidian';
import { DEFAULT_SETTINGS, type EmbeddedAgentSettings } from '../../../src/settings/settings';
import type { EmbeddedAgentSettingTab } from '../../../src/ui/SettingsTab';

/** What the Obsidian double's PluginSettingTab adds for rendering from getSettingDefinitions(). */
interface DeclarativeTab {
  renderTab__(): void;
  update(): void;
}

/**
 * Renders the settings tab into the document as Obsidian would: from getSettingDefinitions() in 1.13+
 * (`declarative`), else through display(), which the manifest's minAppVersion still calls and 1.13's typings
 * mark deprecated. Returns the tab's element.
 */
export function renderSettingTab(tab: EmbeddedAgentSettingTab, declarative: boolean): HTMLElement {
  document.body.appendChild(tab.containerEl);
  if (declarative) {
    (tab as unknown as DeclarativeTab).update();
    (tab as unknown as DeclarativeTab).renderTab__();
  } else {
    const beforeDeclarativeSettings: { display(): void } = tab;
    beforeDeclarativeSettings.display();
  }
  return tab.containerEl;
}

/** The plugin a settings tab edits: default settings, and data.json as each save wrote it. */
export class SettingsTestPlugin extends Plugin {
  override settings: EmbeddedAgentSettings = structuredClone(DEFAULT_SETTINGS);
  saved: string[] = [];
  async saveSettings(): Promise<void> {
    this.saved.push(JSON.stringify(this.settings));
    await Promise.resolve();
  }
}
