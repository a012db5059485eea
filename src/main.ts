import { Notice, Plugin } from 'obsidian';
import type { ApprovalPort } from './core/ports/approval';
import { ResultExternalizer } from './core/tool-execution/ResultExternalizer';
import type { ObsidianServices } from './obsidian/createAgentServices';
import { ObsidianPluginFiles } from './obsidian/ObsidianPluginFiles';
import { parseSettings, type EmbeddedAgentSettings } from './settings/settings';

/** Wiring only: load settings, build the agent's services on first use, register what Obsidian shows. */
export default class EmbeddedAgentPlugin extends Plugin {
  declare settings: EmbeddedAgentSettings;
  private servicesPromise: Promise<ObsidianServices> | null = null;
  /** The chat panel sets this while it is open; with none, every call that needs approval is denied. */
  approvalPort: ApprovalPort | null = null;

  override async onload(): Promise<void> {
    await this.loadSettings();
    // After layout-ready, so start-up is not slowed: results that runs cut off left behind more than an hour ago.
    this.app.workspace.onLayoutReady(() => void this.sweepTemporaryResults());
  }

  override onunload(): void {
    void this.servicesPromise?.then(({ editorTracker }) => editorTracker.dispose());
  }

  /** The agent's services, built on first use: isomorphic-git and the rest load only when the agent is used. */
  services(): Promise<ObsidianServices> {
    this.servicesPromise ??= import('./obsidian/createAgentServices').then(({ createAgentServices }) =>
      createAgentServices(this.app, this.manifest.id, () => this.settings, () => this.approvalPort),
    );
    return this.servicesPromise;
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

  private async sweepTemporaryResults(): Promise<void> {
    const files = new ObsidianPluginFiles(this.app.vault.adapter, this.app.vault.configDir, this.manifest.id);
    await new ResultExternalizer(files, `${this.app.vault.configDir}/plugins/${this.manifest.id}`).sweepOrphans(Date.now()).catch((error: unknown) => {
      console.error('Embedded Agent: could not clean up temporary results', error);
    });
  }
}
