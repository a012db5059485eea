import { FileSystemAdapter, parseYaml, requestUrl, type App } from 'obsidian';
import { NO_APPROVAL } from '../core/ports/approval';
import { createRuntime, type Runtime } from '../core/runtime/createRuntime';
import type { AgentServices } from '../core/session/AgentServices';
import { resolveCheckpointFolder } from '../node/checkpointLocation';
import { NodeGitFs } from '../node/NodeGitFs';
import { NodeModesFile } from '../node/NodeModesFile';
import { ownerAlive, processOwner } from '../node/processOwner';
import { SystemClock } from '../node/SystemClock';
import { withApprovalTimeoutMs, type EmbeddedAgentSettings } from '../settings/settings';
import { ObsidianCommands } from '../obsidian/ObsidianCommands';
import { ObsidianEditorTracker } from '../obsidian/ObsidianEditorTracker';
import { ObsidianHttp } from '../obsidian/ObsidianHttp';
import { ObsidianPluginFiles } from '../obsidian/ObsidianPluginFiles';
import { ObsidianSecrets } from '../obsidian/ObsidianSecrets';
import { ObsidianVault } from '../obsidian/ObsidianVault';
import { ObsidianWorkspace } from '../obsidian/ObsidianWorkspace';

export interface ObsidianServices {
  runtime: Runtime;
  services: AgentServices;
  editorTracker: ObsidianEditorTracker;
  secrets: ObsidianSecrets;
}

/**
 * The plugin's ports for the one composition (core/runtime): the agent's services over the running app. Called
 * on first use, not in onload, so isomorphic-git and the rest load only when the user starts the agent. The
 * checkpoint repository lives outside the vault (desktop only: its folder is on the local disk, found from the
 * vault's base path).
 */
export function createAgentServices(
  app: App,
  pluginId: string,
  settings: () => EmbeddedAgentSettings,
  /** Where the vault is on disk; found from the FileSystemAdapter when not given. */
  vaultPath: string | null = app.vault.adapter instanceof FileSystemAdapter ? app.vault.adapter.getBasePath() : null,
  /** Where the global modes file is; the per-user default when absent. */
  modesFile?: string,
): ObsidianServices {
  const editorTracker = new ObsidianEditorTracker(app.workspace);
  const secrets = new ObsidianSecrets(app.secretStorage);
  const adapter = app.vault.adapter;
  const gitFs =
    vaultPath === null ? null : new NodeGitFs(resolveCheckpointFolder(vaultPath, settings().checkpointLocation));
  const runtime = createRuntime(
    {
      vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache),
      editor: editorTracker,
      workspace: new ObsidianWorkspace(app.workspace, app.vault, editorTracker),
      commands: new ObsidianCommands(app),
      http: new ObsidianHttp(requestUrl),
      pluginFiles: new ObsidianPluginFiles(adapter, app.vault.configDir, pluginId),
      gitFs,
      clock: new SystemClock(),
      yaml: { parse: parseYaml },
      modesFile: new NodeModesFile(modesFile),
      // The plugin's sessions bring their own approval (the panel's cards, the palette's modal, an MCP client's).
      approval: NO_APPROVAL,
      pluginFolderInVault: `${app.vault.configDir}/plugins/${pluginId}`,
      owner: processOwner(),
      knownSecrets: () => {
        const key = secrets.get(settings().apiKeySecret);
        return key ? [key] : [];
      },
      onError: (error) => console.error('Embedded Agent:', error),
      // The panel starts in Agent: a person who types an instruction there expects it carried out, and every
      // write still waits for their approval and can be reverted.
      startMode: 'agent',
    },
    () => withApprovalTimeoutMs(settings()),
  );
  const { services } = runtime;
  // Writes a crashed Obsidian (or terminal runner) started and never finished get their "interrupted" audit line.
  void services
    .markInterruptedRuns(ownerAlive)
    .catch((error: unknown) =>
      console.error('Embedded Agent: could not check the audit log for interrupted runs', error),
    );
  return { runtime, services, editorTracker, secrets };
}
