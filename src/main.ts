import { Notice, Plugin } from 'obsidian';
import type { ModeService } from './core/modes/ModeService';
import type { ApprovalPort } from './core/ports/approval';
import type { LlmPort } from './core/ports/llm';
import type { PluginFilesPort } from './core/ports/pluginFiles';
import type { Runtime } from './core/runtime/createRuntime';
import type { AgentServices } from './core/session/AgentServices';
import type { AgentSession } from './core/session/AgentSession';
import type { SelectionSource } from './core/session/selectionContext';
import { panelSessionKeeper } from './plugin/chatSession';
import { lazyModules } from './plugin/lazyModules';
import type { ObsidianAdapters } from './plugin/obsidianAdapters';
import { pluginRuntime, type PluginRuntime } from './plugin/pluginRuntime';
import { ObsidianPluginFiles } from './obsidian/ObsidianPluginFiles';
import { registerCommands } from './plugin/commands';
import { parseSettings, type EmbeddedAgentSettings } from './settings/settings';
import { ChatView } from './ui/chat/ChatView';
import { CHAT_VIEW_TYPE, type ChatHooks, type ChatHost } from './ui/chat/types';
import { installPlanFeatures, type InstalledPlanFeatures } from './plugin/installPlanFeatures';
import { EmbeddedAgentSettingTab } from './ui/SettingsTab';
import { McpServerHost, type RunningMcpServer } from './plugin/McpServerHost';
import { PanelApprovals } from './plugin/PanelApprovals';
import { RunWatch } from './plugin/RunWatch';
import { ChangesFeature } from './plugin/changesFeature';
import { ObsidianSecrets } from './obsidian/ObsidianSecrets';

/** Seams for tests and benchmarks: a model in place of the provider, where the vault is on disk, the modes file. */
export interface RuntimeOverrides {
  llm?: (settings: EmbeddedAgentSettings) => LlmPort;
  vaultPath?: string | null;
  modesFile?: string;
}

/** Wiring only: load settings, register the panel, command, ribbon and settings tab; build the agent on first use. */
export default class EmbeddedAgentPlugin extends Plugin implements ChatHost {
  declare settings: EmbeddedAgentSettings;
  private agent: PluginRuntime | null = null;
  private modesPromise: Promise<ModeService> | null = null;
  /** The chat panel's approval port while it is open, and a way to wait for it (an MCP client's request). */
  readonly panelApprovals = new PanelApprovals();
  /** The MCP server for clients on this computer, while the `mcpServer` setting is on. */
  readonly mcpServer = new McpServerHost({
    settings: () => this.settings,
    secrets: new ObsidianSecrets(this.app.secretStorage),
    start: (listen) => this.startMcpServer(listen),
    notify: (message) => void new Notice(message),
  });
  private savedActions: InstalledPlanFeatures | null = null;
  /** Where features outside the panel (saved actions) plug into it. */
  readonly chatHooks: ChatHooks = {};
  overrides: RuntimeOverrides = {};
  private readonly panelSession = panelSessionKeeper(this);
  private readonly runWatch = new RunWatch();
  /** The Changes view and the count of runs to review. */
  readonly changes = new ChangesFeature(this, () => this.services());

  /** The chat panel sets this while it is open; with none, every call that needs approval is denied. */
  get approvalPort(): ApprovalPort | null {
    return this.panelApprovals.port;
  }

  set approvalPort(port: ApprovalPort | null) {
    this.panelApprovals.port = port;
  }

  override async onload(): Promise<void> {
    await this.loadSettings();
    this.registerView(CHAT_VIEW_TYPE, (leaf) => new ChatView(leaf, this));
    this.changes.install();
    registerCommands(this);
    this.addSettingTab(
      new EmbeddedAgentSettingTab(
        this.app,
        this,
        (settings) => this.testConnection(settings),
        async (settings) => (await lazyModules.runtime()).listModelsFor(this.app, { ...settings }),
        this.mcpServer,
      ),
    );
    this.savedActions = installPlanFeatures(this);
    // After layout-ready, so start-up is not slowed: results that runs cut off left behind more than an hour ago,
    // and the MCP server when it is switched on.
    this.app.workspace.onLayoutReady(() => {
      void this.sweepTemporaryResults();
      void this.mcpServer.sync();
    });
  }

  override onunload(): void {
    void this.mcpServer.close();
    this.changes.dispose();
    // These subscribe with workspace.on / vault.on, which Obsidian does not undo when a plugin unloads.
    this.agent?.dispose();
  }

  /**
   * The one composition (core/runtime) over this app's ports, made at first use, after the overrides are set; it
   * loads nothing itself: the adapters, isomorphic-git and the rest load with the services, at the first run.
   */
  get runtime(): Runtime {
    return this.composition().runtime;
  }

  /** The services with the adapters they run over, built on first use. */
  async services(): Promise<{ services: AgentServices } & ObsidianAdapters> {
    const [services, adapters] = await Promise.all([this.runtime.services(), this.composition().adapters()]);
    return { services, ...adapters };
  }

  agentServices(): Promise<AgentServices> {
    return this.runtime.services();
  }

  async llm(): Promise<LlmPort> {
    if (this.overrides.llm) return this.overrides.llm(this.settings);
    return (await lazyModules.runtime()).createLlm(this.app, this.settings);
  }

  modes(): Promise<ModeService> {
    this.modesPromise ??= this.runtime.modes().then(async (modes) => {
      const problems = await this.runtime.modeProblems();
      if (problems.length > 0) new Notice(`Embedded Agent modes: ${problems.join('; ')}`);
      return modes;
    });
    return this.modesPromise;
  }

  pluginFiles(): PluginFilesPort {
    return new ObsidianPluginFiles(this.app.vault.adapter, this.app.vault.configDir, this.manifest.id);
  }

  chatSession(selection: SelectionSource): AgentSession {
    return this.panelSession(selection);
  }

  endOutsideRun(runId: string): Promise<boolean> {
    return this.mcpServer.endRun(runId);
  }

  watchRuns(listener: () => void): () => void {
    return this.runWatch.watch(listener);
  }

  async testConnection(settings: Readonly<EmbeddedAgentSettings>): Promise<string> {
    const runtime = await lazyModules.runtime();
    // A model injected by a test has no server to list or check: it gets the one-request test.
    if (this.overrides.llm) return runtime.testConnection(this.overrides.llm({ ...settings }));
    return runtime.checkConnectionFor(this.app, { ...settings });
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
    await this.mcpServer.sync();
    // Modes already loaded follow the vault's custom modes at once; otherwise they load them when first needed.
    await this.agent?.runtime.refreshVaultModes();
  }

  /** Loads the MCP server's code (the SDK and src/mcp) only now, and serves this vault from the panel's runtime. */
  private async startMcpServer(listen: { port: number; token: string }): Promise<RunningMcpServer> {
    const [{ startPluginMcpServer }] = await Promise.all([lazyModules.mcp(), this.modes()]);
    return startPluginMcpServer(
      {
        app: this.app,
        runtime: this.runtime,
        approval: () => this.settings.mcpApproval,
        panel: this.panelApprovals,
        log: (line) => console.warn(`Embedded Agent: ${line}`),
      },
      listen,
    );
  }

  private composition(): PluginRuntime {
    this.agent ??= pluginRuntime(this, {
      pluginId: this.manifest.id,
      // Left undefined, the vault's path is found from its adapter; an override may say there is none (null).
      vaultPath: 'vaultPath' in this.overrides ? (this.overrides.vaultPath ?? null) : undefined,
      modesFile: this.overrides.modesFile,
      savedActions: async () => {
        if (!this.savedActions) throw new Error('saved actions are not loaded yet');
        return this.savedActions.store();
      },
      servicesBuilt: (services) => this.runWatch.attach(services),
    });
    return this.agent;
  }

  private async sweepTemporaryResults(): Promise<void> {
    await this.runtime.sweepTemporaryResults().catch((error: unknown) => {
      console.error('Embedded Agent: could not clean up temporary results', error);
    });
  }
}
