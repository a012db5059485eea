import { CheckpointService } from '../checkpoints/CheckpointService';
import type { PlanHost, PlanSettings } from '../plan/host';
import type { RunAuthor, RunSummary } from '../checkpoints/types';
import { CommunityPluginIndex } from '../plugins/CommunityPluginIndex';
import type { RunApproval } from '../ports/approval';
import type { YamlPort } from '../ports/yaml';
import type { ClockPort } from '../ports/clock';
import type { CommandsPort } from '../ports/commands';
import type { EditorPort } from '../ports/editor';
import type { GitFsPort } from '../ports/gitFs';
import type { HttpPort } from '../ports/http';
import type { PluginFilesPort } from '../ports/pluginFiles';
import type { VaultPort } from '../ports/vault';
import type { WorkspacePort } from '../ports/workspace';
import { AuditLog, type AuditEntry } from '../tool-execution/AuditLog';
import { IgnoreService } from '../tool-execution/IgnoreService';
import { SearchIndex } from '../search/SearchIndex';
import { ResultExternalizer } from '../tool-execution/ResultExternalizer';
import { ToolExecutionPipeline } from '../tool-execution/ToolExecutionPipeline';
import type { PipelineSettings } from '../tool-execution/types';
import type { AnyTool } from '../tools/BaseTool';
import { agentTools } from '../tools/agent';
import { builtinTools } from '../tools/builtinTools';
import { ToolRegistry } from '../tools/ToolRegistry';
import { ChangesService } from '../review/ChangesService';
import { SessionRuns } from './SessionRuns';
import type { ToolContext } from '../tools/types';

export interface AgentServicesPorts {
  vault: VaultPort;
  editor: EditorPort;
  workspace: WorkspacePort;
  commands: CommandsPort;
  http: HttpPort;
  pluginFiles: PluginFilesPort;
  /** The shadow checkpoint repository's folder; null when checkpoints cannot be kept (then every write is refused). */
  gitFs: GitFsPort | null;
  clock: ClockPort;
  /** The host's YAML parser (Obsidian's `parseYaml` in the plugin). */
  yaml: YamlPort;
}

export interface AgentServicesOptions {
  /** The plugin's folder as a vault path, e.g. ".obsidian/plugins/embedded-agent". */
  pluginFolderInVault: string;
  settings: () => PipelineSettings & { checkpointMaxMb: number };
  /** Secret values to keep out of every file the plugin writes and every result a model or client reads (API keys from secret storage). */
  knownSecrets?: () => readonly string[];
  onError?: (error: unknown) => void;
  /** This process as "<host>:<pid>", written on the audit's "started" lines so a restart can tell a crash. */
  auditOwner?: string;
  /** More tools than the built-in and agent ones (later MCP or skills). */
  extraTools?: AnyTool[];
}

/**
 * Everything a run needs, built once from ports: the registry, ignore rules, checkpoints, audit, externalizer and
 * the pipeline they form. The Obsidian plugin and the terminal runner both start here, so both govern tools the
 * same way. Cheap to construct: nothing is read or loaded until the first run.
 */
export class AgentServices {
  readonly registry: ToolRegistry;
  readonly ignore: IgnoreService;
  readonly checkpoints: CheckpointService | null;
  readonly audit: AuditLog;
  readonly externalizer: ResultExternalizer;
  readonly pipeline: ToolExecutionPipeline;
  readonly plugins: CommunityPluginIndex;
  /** Search's index of the vault, over its change events: every call's search shares it. */
  readonly searchIndex: SearchIndex;
  /** Review after the fact (the Changes view, /changes, /undo, "Revert last run"); null when checkpoints are off. */
  readonly changes: ChangesService | null;

  constructor(
    readonly ports: AgentServicesPorts,
    private readonly options: AgentServicesOptions,
  ) {
    const { vault, clock, pluginFiles, gitFs } = ports;
    this.registry = new ToolRegistry([...builtinTools(), ...agentTools(), ...(options.extraTools ?? [])]);
    this.ignore = new IgnoreService(vault, { configDir: vault.configDir, pluginFolder: options.pluginFolderInVault });
    this.checkpoints = gitFs ? new CheckpointService({ vault, gitFs, clock }) : null;
    this.audit = new AuditLog(pluginFiles, clock, options.knownSecrets, options.onError, options.auditOwner ?? null);
    this.externalizer = new ResultExternalizer(
      pluginFiles,
      options.pluginFolderInVault,
      undefined,
      options.knownSecrets,
    );
    this.plugins = new CommunityPluginIndex({ http: ports.http, files: pluginFiles, clock });
    this.searchIndex = new SearchIndex(vault);
    this.changes =
      gitFs && this.checkpoints
        ? new ChangesService({ checkpoints: this.checkpoints, vault, audit: this.audit, clock, gitFs })
        : null;
    this.pipeline = new ToolExecutionPipeline({
      registry: this.registry,
      ignore: this.ignore,
      settings: options.settings,
      checkpoints: this.checkpoints,
      audit: this.audit,
      externalizer: this.externalizer,
      clock,
      yaml: ports.yaml,
      knownSecrets: () => this.knownSecrets(),
    });
  }

  /** The ports every tool call gets (signal and run id are added per call). */
  toolPorts(): Omit<ToolContext, 'signal' | 'runId'> {
    const { vault, editor, workspace, commands, clock } = this.ports;
    return {
      vault,
      editor,
      workspace,
      commands,
      clock,
      plugins: this.plugins,
      searchIndex: this.searchIndex,
      ...(this.checkpoints ? { checkpoints: this.checkpoints } : {}),
    };
  }

  /**
   * Opens and ends runs whose approvals `approval` answers: the session core's, for every driver of it. A run of
   * these services is only ever opened here, so whoever opens one says who approves it.
   */
  runs(approval: RunApproval, author?: () => RunAuthor): SessionRuns {
    return new SessionRuns(this, approval, author);
  }

  /** Keeps the checkpoint repository under its size cap: after every run's end. */
  async pruneCheckpoints(): Promise<void> {
    if (!this.checkpoints) return;
    await this.checkpoints
      .prune(this.options.settings().checkpointMaxMb * 1024 * 1024)
      .catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Stops following the vault's events (Obsidian keeps `vault.on` listeners after a plugin unloads): the ignore
   * rules and the search index. The services answer nothing afterwards.
   */
  dispose(): void {
    this.ignore.dispose();
    this.searchIndex.dispose();
  }

  /** What plans, dry runs and saved actions run on: these services, with the session's settings and runs. */
  planHost(options: { settings: () => PlanSettings; runs: SessionRuns }): PlanHost {
    return {
      pipeline: this.pipeline,
      registry: this.registry,
      ignore: this.ignore,
      ports: this.toolPorts(),
      settings: options.settings,
      runs: options.runs,
      knownSecrets: () => this.knownSecrets(),
    };
  }

  /** The secret values (the configured API key) that no file the plugin writes may hold. */
  knownSecrets(): readonly string[] {
    return this.options.knownSecrets?.() ?? [];
  }

  /**
   * On start-up: every write a crashed process started and never finished gets an "interrupted" audit line;
   * `alive` says whether an owner's process still runs. Returns the lines added.
   */
  async markInterruptedRuns(alive: (owner: string) => boolean): Promise<AuditEntry[]> {
    return this.audit.markInterrupted(alive);
  }

  /** The finished run that changed something and ended last (chat, plan, saved action or revert): what "Revert last run" undoes. */
  async lastRun(): Promise<RunSummary | null> {
    return (await this.checkpoints?.lastRun()) ?? null;
  }
}
