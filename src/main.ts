import { Notice, Plugin } from 'obsidian';
import { parseSettings, type EmbeddedAgentSettings } from './settings/settings';

/** Wiring only: load settings, build adapters on first use, register what Obsidian shows. */
export default class EmbeddedAgentPlugin extends Plugin {
  declare settings: EmbeddedAgentSettings;

  override async onload(): Promise<void> {
    await this.loadSettings();
  }

  async loadSettings(): Promise<void> {
    const { settings, problems } = parseSettings(await this.loadData());
    this.settings = settings;
    if (problems.length > 0) {
      // A hand-edited data.json should not silently lose a value: say which ones fell back and why.
      new Notice(`Embedded Agent settings: ${problems.join('; ')}`);
    }
  }

  async saveSettings(): Promise<void> {
    await this.saveData(this.settings);
  }
}
