import { stat } from 'node:fs/promises';
import * as nodePath from 'node:path';
import { AgentError, describeError } from '../core/errors';
import type { ModeService } from '../core/modes/ModeService';
import type { ApprovalPort } from '../core/ports/approval';
import { createRuntime, type OutsideDriverFactory, type RuntimeSettings } from '../core/runtime/createRuntime';
import type { AgentServices } from '../core/session/AgentServices';
import type { AgentSession } from '../core/session/AgentSession';
import type { ClockPort } from '../core/ports/clock';
import type { HttpPort } from '../core/ports/http';
import { resolveCheckpointFolder } from '../node/checkpointLocation';
import { MemoryCommands } from '../node/MemoryCommands';
import { MemoryEditor } from '../node/MemoryEditor';
import { MemoryWorkspace } from '../node/MemoryWorkspace';
import { NodeGitFs } from '../node/NodeGitFs';
import { NodeModesFile } from '../node/NodeModesFile';
import { NodePluginFiles } from '../node/NodePluginFiles';
import { NodeVault } from '../node/NodeVault';
import { processOwner } from '../node/processOwner';
import { approvalTimeoutMs, DEFAULT_SETTINGS } from '../settings/settings';
import type { LlmPort } from '../core/ports/llm';
import type { PlanHost } from '../core/plan/host';
import type { SavedActionSource } from '../core/session/sessionPlans';
import { savedActionsFromDataJson } from '../core/session/savedActionsFile';
import type { CliArgs } from './args';
import { budgetFromDataJson } from './budgetSettings';
import { type BudgetLimits, NO_LIMITS } from '../core/budget/limits';
import { FetchHttp } from './fetchHttp';
import { nodeYaml } from '../node/nodeYaml';

export const PLUGIN_ID = 'embedded-agent';

export interface CliRuntime {
  services: AgentServices;
  vault: NodeVault;
  modes: ModeService;
  /** The settings every part reads (see RuntimeSettings): the plugin's defaults with the command line's values. */
  settings: () => RuntimeSettings;
  /** The checkpoint repository's folder on disk. */
  checkpointFolder: string;
  /** Problems with the global modes file: said at start-up, the built-in modes still work. */
  modeProblems: string[];
  /** The limits runs spend under: the vault's settings, with the command line's on top. */
  budget: BudgetLimits;
  /** Budget values in data.json that were refused (each falls back to no limit). */
  budgetProblems: string[];
  /** The terminal's conversation over these services, with the given model. */
  session(llm: LlmPort): AgentSession;
  /** The drivers of outside clients' connections (the MCP server's) over these services and modes. */
  outsideDrivers(): Promise<OutsideDriverFactory>;
  close(): void;
}

/**
 * What a terminal host's command line says: the vault, where its checkpoints go, the mode, the policy and the
 * limits. Every other setting is the plugin's default.
 */
export type RuntimeArgs = Pick<CliArgs, 'vault' | 'mode' | 'checkpoints' | 'allowDeletes' | 'allowCommands'> &
  Partial<Pick<CliArgs, 'approval' | 'budget'>>;

export interface CliRuntimeOptions {
  args: RuntimeArgs;
  /** Who answers the terminal session's approvals (its y/n prompt); none for the MCP server, whose runs bring their own. */
  approval?: ApprovalPort;
  clock: ClockPort;
  /** Where the global modes file is; the per-user default when absent. */
  modesFile?: string;
  http?: HttpPort;
  /** Follow changes other programs make to the vault (Obsidian open on it at the same time). */
  watch: boolean;
  knownSecrets: readonly string[];
  onError: (error: unknown) => void;
  /** How long an approval waits for an answer; the `approvalTimeoutMinutes` default when absent. */
  approvalTimeoutMs?: number;
  /**
   * For an MCP server: its client is the model, so no spending limit is read (data.json is left alone until a
   * saved action is asked for), and leftover results are swept in the background, so nothing waits in front of
   * the client's first request.
   */
  serving?: boolean;
}

/**
 * The terminal's ports for the one composition (core/runtime): a NodeVault, the plugin folder inside the vault's
 * config folder (audit, temporary results), the checkpoint repository outside the vault, in-memory editor and
 * workspace (nothing is open in a terminal), and the global modes file. The terminal runner and the stdio MCP
 * server both start here.
 */
export async function createCliRuntime(options: CliRuntimeOptions): Promise<CliRuntime> {
  const { args } = options;
  const root = nodePath.resolve(args.vault);
  await assertFolder(root, args.vault);
  const checkpointFolder = resolveCheckpointFolder(root, args.checkpoints ?? '');
  const vault = new NodeVault(root, { watch: options.watch });
  const editor = new MemoryEditor({ vault });
  const pluginFolderInVault = `${vault.configDir}/plugins/${PLUGIN_ID}`;
  const pluginFiles = new NodePluginFiles(nodePath.join(root, ...pluginFolderInVault.split('/')));
  const fromVault = options.serving ? { limits: NO_LIMITS, problems: [] } : await budgetFromDataJson(pluginFiles);
  const budget: BudgetLimits = { ...fromVault.limits, ...args.budget };
  // The plugin's settings list, its defaults where a terminal has no setting, the command line's on top.
  const settings: RuntimeSettings = {
    ...DEFAULT_SETTINGS,
    ...(args.approval ? { approval: args.approval } : {}),
    allowDeletes: args.allowDeletes,
    allowCommands: args.allowCommands,
    approvalTimeoutMs: options.approvalTimeoutMs ?? approvalTimeoutMs(DEFAULT_SETTINGS),
    ...budget,
  };
  const adapters = {
    vault,
    editor,
    workspace: new MemoryWorkspace({ vault, editor }),
    commands: new MemoryCommands(),
    http: options.http ?? new FetchHttp(),
    gitFs: new NodeGitFs(checkpointFolder),
    yaml: nodeYaml,
  };
  // The panel's saved actions, from the vault's data.json: the terminal's /actions and /run, an MCP client's tools.
  const savedActions = (host: PlanHost): Promise<SavedActionSource> => savedActionsFromDataJson(pluginFiles, host);
  const runtime = createRuntime(
    {
      adapters: () => Promise.resolve(adapters),
      pluginFiles,
      clock: options.clock,
      modesFile: new NodeModesFile(options.modesFile),
      approval: { port: () => options.approval ?? null },
      pluginFolderInVault,
      owner: processOwner(),
      knownSecrets: () => options.knownSecrets,
      onError: options.onError,
      ...(args.mode !== undefined ? { startMode: args.mode } : {}),
      savedActions,
    },
    () => settings,
  );
  const services = await runtime.services();
  // A run cut off (a second Ctrl-C exits at once) leaves its stored results; Obsidian sweeps them on start-up too.
  // They are over an hour old, so a server's own runs starting meanwhile are never among them.
  const swept = runtime.sweepTemporaryResults().catch((error: unknown) => options.onError(error));
  if (!options.serving) await swept;
  let modes: ModeService;
  try {
    modes = await runtime.modes();
  } catch (error) {
    vault.close();
    throw new AgentError('INVALID_INPUT', `--mode: ${describeError(error)}`);
  }
  return {
    services,
    vault,
    modes,
    settings: runtime.settings,
    checkpointFolder,
    session: (llm) => runtime.chatSession({ runPrefix: 'cli', llm: () => Promise.resolve(llm), savedActions }),
    outsideDrivers: () => runtime.outsideDrivers(),
    modeProblems: await runtime.modeProblems(),
    budget,
    budgetProblems: fromVault.problems,
    close: () => {
      runtime.dispose();
      vault.close();
    },
  };
}

async function assertFolder(root: string, given: string): Promise<void> {
  let isFolder = false;
  try {
    isFolder = (await stat(root)).isDirectory();
  } catch {
    throw new AgentError(
      'NOT_FOUND',
      `--vault "${given}" does not exist (looked at ${root}): give the folder of an existing vault, e.g. --vault examples/vault`,
    );
  }
  if (!isFolder)
    throw new AgentError('NOT_A_FOLDER', `--vault "${given}" is a file, not a folder: give the vault's folder`);
}
