import type { App } from 'obsidian';
import type { ApprovalPort } from '../core/ports/approval';
import { createRuntime, type Runtime } from '../core/runtime/createRuntime';
import type { AgentServices } from '../core/session/AgentServices';
import type { SavedActionSource } from '../core/session/sessionPlans';
import { NodeModesFile } from '../node/NodeModesFile';
import { ownerAlive, processOwner } from '../node/processOwner';
import { SystemClock } from '../node/SystemClock';
import { ObsidianPluginFiles } from '../obsidian/ObsidianPluginFiles';
import { ObsidianSecrets } from '../obsidian/ObsidianSecrets';
import { withApprovalTimeoutMs, type EmbeddedAgentSettings } from '../settings/settings';
import { lazyModules } from './lazyModules';
import type { ObsidianAdapters } from './obsidianAdapters';

/** The plugin as its runtime sees it. */
export interface PluginRuntimeHost {
  readonly app: App;
  readonly settings: EmbeddedAgentSettings;
  /** The chat panel's approval port while it is open: the plugin's chat sessions ask it. */
  readonly approvalPort: ApprovalPort | null;
}

export interface PluginRuntimeOptions {
  pluginId: string;
  /** Where the vault is on disk; found from its adapter when undefined, none when null (then writes are refused). */
  vaultPath: string | null | undefined;
  /** Where the global modes file is; the per-user default when absent. */
  modesFile: string | undefined;
  /** The panel's saved actions, which an MCP client may run as tools. */
  savedActions: () => Promise<SavedActionSource>;
  /** The plugin's own work once the services are built (watching their runs). */
  servicesBuilt: (services: AgentServices) => void;
}

export interface PluginRuntime {
  readonly runtime: Runtime;
  /** The adapters over the app, loaded on first call (the services' first build makes it). */
  adapters(): Promise<ObsidianAdapters>;
  /** Stops what follows the app's events: the services' vault listeners and the editor tracker. */
  dispose(): void;
}

/**
 * The plugin's ports for the one composition (core/runtime): its folder, the clock, the modes file, the panel's
 * approval and the secret key are at hand; the adapters over the app load with the services, on first use.
 * The panel starts in Agent: a person who types an instruction there expects it carried out, and every write
 * still waits for their approval and can be reverted.
 */
export function pluginRuntime(host: PluginRuntimeHost, o: PluginRuntimeOptions): PluginRuntime {
  const { app } = host;
  const settings = (): EmbeddedAgentSettings => host.settings;
  const secrets = new ObsidianSecrets(app.secretStorage);
  let adapters: Promise<ObsidianAdapters> | null = null;
  const loadAdapters = (): Promise<ObsidianAdapters> =>
    (adapters ??= lazyModules
      .services()
      .then(({ obsidianAdapters }) =>
        obsidianAdapters(app, settings, ...(o.vaultPath === undefined ? [] : [o.vaultPath])),
      ));
  const runtime = createRuntime(
    {
      adapters: async () => (await loadAdapters()).adapters,
      pluginFiles: new ObsidianPluginFiles(app.vault.adapter, app.vault.configDir, o.pluginId),
      clock: new SystemClock(),
      modesFile: new NodeModesFile(o.modesFile),
      approval: { port: () => host.approvalPort },
      pluginFolderInVault: `${app.vault.configDir}/plugins/${o.pluginId}`,
      owner: processOwner(),
      knownSecrets: () => {
        const key = secrets.get(settings().apiKeySecret);
        return key ? [key] : [];
      },
      onError: (error) => console.error('Embedded Agent:', error),
      startMode: 'agent',
      savedActions: () => o.savedActions(),
      servicesBuilt: (services) => {
        o.servicesBuilt(services);
        // Writes a crashed Obsidian (or terminal runner) started and never finished get their "interrupted" line.
        void services
          .markInterruptedRuns(ownerAlive)
          .catch((error: unknown) =>
            console.error('Embedded Agent: could not check the audit log for interrupted runs', error),
          );
      },
    },
    () => withApprovalTimeoutMs(settings()),
  );
  return {
    runtime,
    adapters: loadAdapters,
    dispose: () => {
      runtime.dispose();
      void adapters?.then(({ editorTracker }) => editorTracker.dispose());
    },
  };
}
