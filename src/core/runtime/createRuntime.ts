import { AgentError } from '../errors';
import type { BudgetLimits } from '../budget/limits';
import type { loadModes } from '../modes/loadModes';
import type { ModeService } from '../modes/ModeService';
import type { PlanHost } from '../plan/host';
import type { RunApproval } from '../ports/approval';
import type { ClockPort } from '../ports/clock';
import type { ModesFilePort } from '../ports/modesFile';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { AgentServices, AgentServicesPorts } from '../session/AgentServices';
import type { AgentSession, SessionSettings } from '../session/AgentSession';
import type { OutsideDriver, OutsideDriverOptions } from '../session/OutsideDriver';
import type { SavedActionSource } from '../session/sessionPlans';
import { ResultExternalizer } from '../tool-execution/ResultExternalizer';
import type { PipelineSettings } from '../tool-execution/types';
import { sessionOver, type ChatDriver } from './chatSession';

export type { ChatDriver } from './chatSession';

/** The ports a run works on: vault, editor, workspace, commands, network and the checkpoint repository's folder. */
export type AdapterPorts = Omit<AgentServicesPorts, 'pluginFiles' | 'clock'>;

/** What a host (the plugin, the terminal runner, an MCP server) supplies: its ports and who it is. */
export interface RuntimePorts {
  /**
   * Asked for once, when the services are first needed (a run, a driver): the plugin's adapters load only then;
   * the terminal has them already.
   */
  adapters: () => Promise<AdapterPorts>;
  /** The plugin's folder: audit, conversations, recipes, temporary results. */
  pluginFiles: PluginFilesPort;
  clock: ClockPort;
  /** The per-user global modes file. */
  modesFile: ModesFilePort;
  /** Who answers the approvals of the host's chat sessions (a driver may bring its own); a null port denies. */
  approval: RunApproval;
  /** The plugin's folder as a vault path, e.g. ".obsidian/plugins/embedded-agent". */
  pluginFolderInVault: string;
  /** This process as "<host>:<pid>", on the audit's "started" lines and the spending ledger. */
  owner: string;
  /** Secret values (API keys) kept out of every file written and every result a model or client reads. */
  knownSecrets?: () => readonly string[];
  /** Where errors that nobody awaits go (a failed prune, a write to the audit). */
  onError?: (error: unknown) => void;
  /** The mode sessions start in; the built-in default when absent. */
  startMode?: string;
  /** The saved actions an outside client may run as tools (the panel's store; the vault's data.json in the terminal). */
  savedActions?: (host: PlanHost) => Promise<SavedActionSource>;
  /** Called once the services are built: the host's own start-up work over them (interrupted runs, run watchers). */
  servicesBuilt?: (services: AgentServices) => void;
}

/**
 * The settings every part reads, as the plugin's settings list holds them (src/settings): the pipeline's policy,
 * the session's model parameters and limits, the checkpoint cap, the vault's own modes. Every host hands the same
 * shape (the terminal fills what it has no setting for from the defaults).
 */
export interface RuntimeSettings extends SessionSettings, PipelineSettings, Partial<BudgetLimits> {
  checkpointMaxMb: number;
  customModes?: readonly unknown[];
}

/** What an outside client's connection brings to its driver; the runtime gives the services, modes and session. */
export type OutsideConnection = Omit<OutsideDriverOptions, 'services' | 'modes' | 'session'>;

/** Opens the driver of one outside client's connection (an MCP client): one run of a session of the runtime. */
export type OutsideDriverFactory = (connection: OutsideConnection) => OutsideDriver;

/** One composition for every host: the services, the modes and the sessions over them, whoever drives them. */
export interface Runtime {
  /** The services, built on first use over the host's adapters; the same object afterwards. */
  services(): Promise<AgentServices>;
  readonly settings: () => RuntimeSettings;
  /** The modes, loaded on first use (the global modes file is read then); the same object afterwards. */
  modes(): Promise<ModeService>;
  /** What was wrong with the modes file or the vault's modes when they were loaded (the valid ones still load). */
  modeProblems(): Promise<string[]>;
  /** After the settings changed: the vault's own modes as they are now, if the modes are loaded. */
  refreshVaultModes(): Promise<void>;
  /** A conversation driven by the model (the panel, the terminal); its services are built by its first run. */
  chatSession(driver: ChatDriver): AgentSession;
  /** Once the services and modes are ready: the factory of outside clients' drivers, for a server to open one per connection. */
  outsideDrivers(): Promise<OutsideDriverFactory>;
  /**
   * On start-up: removes the results that runs cut off left behind more than an hour ago (a run's own are never
   * that old). Needs only the plugin's folder, so it builds no services. Returns the folders removed.
   */
  sweepTemporaryResults(): Promise<string[]>;
  /** Stops following the vault's events, if the services were built. */
  dispose(): void;
}

/**
 * Builds the runtime from a host's ports and settings. Cheap, and loads nothing: the services (and the code
 * behind them) are built at the first run, the modes file is read on first use. Both come in dynamic imports,
 * so a host that builds its runtime at start-up (the plugin) evaluates none of that code until it is used.
 */
export function createRuntime(ports: RuntimePorts, settings: () => RuntimeSettings): Runtime {
  let built: AgentServices | null = null;
  let building: Promise<AgentServices> | null = null;
  const services = (): Promise<AgentServices> =>
    (building ??= Promise.all([ports.adapters(), import('./onFirstUse')]).then(([adapters, { buildServices }]) => {
      built = buildServices(
        { ...adapters, pluginFiles: ports.pluginFiles, clock: ports.clock },
        {
          pluginFolderInVault: ports.pluginFolderInVault,
          settings,
          ...(ports.knownSecrets ? { knownSecrets: ports.knownSecrets } : {}),
          ...(ports.onError ? { onError: ports.onError } : {}),
          auditOwner: ports.owner,
        },
      );
      ports.servicesBuilt?.(built);
      return built;
    }));
  let loaded: ReturnType<typeof loadModes> | null = null;
  // The loader on first use too: its schema check brings ajv, which a plugin's start-up should not evaluate.
  const load = (): ReturnType<typeof loadModes> =>
    (loaded ??= import('../modes/loadModes').then(({ loadModes }) =>
      loadModes({
        file: ports.modesFile,
        settings,
        ...(ports.startMode !== undefined ? { startMode: ports.startMode } : {}),
      }),
    ));
  const modes = async (): Promise<ModeService> => (await load()).modes;
  const chatSession = (driver: ChatDriver): AgentSession =>
    sessionOver(
      {
        services,
        modes,
        settings,
        files: ports.pluginFiles,
        approval: ports.approval,
        now: () => ports.clock.now(),
        owner: ports.owner,
        // Nothing is saved before a run has built the services, so their secrets are known by then.
        knownSecrets: () => built?.knownSecrets() ?? [],
      },
      driver,
    );
  return {
    services,
    settings,
    modes,
    modeProblems: async () => (await load()).problems,
    refreshVaultModes: async () => {
      if (!loaded) return;
      const [{ modes }, { vaultModesOf }] = await Promise.all([loaded, import('../modes/loadModes')]);
      modes.setVaultModes(vaultModesOf(settings().customModes).modes);
    },
    chatSession,
    outsideDrivers: async () => {
      const [ready, modeService, { buildOutsideDriver }] = await Promise.all([
        services(),
        modes(),
        import('./onFirstUse'),
      ]);
      return (connection) =>
        buildOutsideDriver({
          ...connection,
          services: ready,
          modes: modeService,
          // The outside driver's session: the client is the model, and its saved actions are the host's.
          session: ({ runPrefix, approval, author }) =>
            chatSession({
              runPrefix,
              approval,
              ...(author ? { author } : {}),
              llm: () => Promise.reject(new AgentError('NOT_ALLOWED', NO_MODEL)),
              ...(ports.savedActions ? { savedActions: ports.savedActions } : {}),
            }),
        });
    },
    sweepTemporaryResults: () =>
      new ResultExternalizer(ports.pluginFiles, ports.pluginFolderInVault).sweepOrphans(ports.clock.now()),
    dispose: () => {
      if (built) built.dispose();
      else
        void building?.then(
          (ready) => ready.dispose(),
          () => undefined,
        );
    },
  };
}

const NO_MODEL = 'This session has no model of its own: the client that drives it is the model';
