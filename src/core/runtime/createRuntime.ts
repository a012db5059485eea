import type { BudgetLimits } from '../budget/limits';
import { loadModes, vaultModesOf } from '../modes/loadModes';
import type { ModeService } from '../modes/ModeService';
import type { RunApproval } from '../ports/approval';
import type { ModesFilePort } from '../ports/modesFile';
import { AgentServices, type AgentServicesPorts } from '../session/AgentServices';
import type { AgentSession, SessionSettings } from '../session/AgentSession';
import type { PipelineSettings } from '../tool-execution/types';
import { chatSessionOver, type ChatDriver } from './chatSession';

export type { ChatDriver } from './chatSession';

/** What a host (the plugin, the terminal runner, an MCP server) supplies: its ports and who it is. */
export interface RuntimePorts extends AgentServicesPorts {
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

/** One composition for every host: the services, the modes and the sessions over them. */
export interface Runtime {
  readonly services: AgentServices;
  readonly settings: () => RuntimeSettings;
  /** The modes, loaded on first use (the global modes file is read then); the same object afterwards. */
  modes(): Promise<ModeService>;
  /** What was wrong with the modes file or the vault's modes when they were loaded (the valid ones still load). */
  modeProblems(): Promise<string[]>;
  /** After the settings changed: the vault's own modes as they are now, if the modes are loaded. */
  refreshVaultModes(): Promise<void>;
  /** A conversation over these services. */
  chatSession(driver: ChatDriver): AgentSession;
  /** Stops following the vault's events. */
  dispose(): void;
}

/**
 * Builds the runtime from a host's ports and settings. Cheap: the services read and load nothing until the first
 * run, and the modes file is read on first use.
 */
export function createRuntime(ports: RuntimePorts, settings: () => RuntimeSettings): Runtime {
  const services = new AgentServices(ports, {
    pluginFolderInVault: ports.pluginFolderInVault,
    settings,
    ...(ports.knownSecrets ? { knownSecrets: ports.knownSecrets } : {}),
    ...(ports.onError ? { onError: ports.onError } : {}),
    auditOwner: ports.owner,
  });
  let loaded: ReturnType<typeof loadModes> | null = null;
  const load = (): ReturnType<typeof loadModes> =>
    (loaded ??= loadModes({
      file: ports.modesFile,
      settings,
      ...(ports.startMode !== undefined ? { startMode: ports.startMode } : {}),
    }));
  return {
    services,
    settings,
    modes: async () => (await load()).modes,
    modeProblems: async () => (await load()).problems,
    refreshVaultModes: async () => {
      if (loaded) (await loaded).modes.setVaultModes(vaultModesOf(settings().customModes).modes);
    },
    chatSession: (driver) =>
      chatSessionOver(
        {
          services: () => Promise.resolve(services),
          modes: async () => (await load()).modes,
          settings,
          files: ports.pluginFiles,
          approval: ports.approval,
          now: () => ports.clock.now(),
          owner: ports.owner,
          knownSecrets: () => services.knownSecrets(),
        },
        driver,
      ),
    dispose: () => services.dispose(),
  };
}
