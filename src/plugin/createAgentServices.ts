import { FileSystemAdapter, requestUrl, type App } from 'obsidian';
import { AgentServices } from '../core/session/AgentServices';
import { resolveCheckpointFolder } from '../node/checkpointLocation';
import { NodeGitFs } from '../node/NodeGitFs';
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
  services: AgentServices;
  editorTracker: ObsidianEditorTracker;
  secrets: ObsidianSecrets;
}

/**
 * Builds the agent's services over the running app. Called on first use, not in onload, so isomorphic-git and the
 * rest load only when the user starts the agent. The checkpoint repository lives outside the vault (desktop
 * only: its folder is on the local disk, found from the vault's base path).
 */
export function createAgentServices(
  app: App,
  pluginId: string,
  settings: () => EmbeddedAgentSettings,
  /** Where the vault is on disk; found from the FileSystemAdapter when not given. */
  vaultPath: string | null = app.vault.adapter instanceof FileSystemAdapter ? app.vault.adapter.getBasePath() : null,
): ObsidianServices {
  const editorTracker = new ObsidianEditorTracker(app.workspace);
  const secrets = new ObsidianSecrets(app.secretStorage);
  const adapter = app.vault.adapter;
  const gitFs =
    vaultPath === null ? null : new NodeGitFs(resolveCheckpointFolder(vaultPath, settings().checkpointLocation));
  const services = new AgentServices(
    {
      vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache),
      editor: editorTracker,
      workspace: new ObsidianWorkspace(app.workspace, app.vault, editorTracker),
      commands: new ObsidianCommands(app),
      http: new ObsidianHttp(requestUrl),
      pluginFiles: new ObsidianPluginFiles(adapter, app.vault.configDir, pluginId),
      gitFs,
      clock: new SystemClock(),
    },
    {
      pluginFolderInVault: `${app.vault.configDir}/plugins/${pluginId}`,
      settings: () => withApprovalTimeoutMs(settings()),
      knownSecrets: () => {
        const key = secrets.get(settings().apiKeySecret);
        return key ? [key] : [];
      },
      onError: (error) => console.error('Embedded Agent:', error),
      auditOwner: processOwner(),
    },
  );
  // Writes a crashed Obsidian (or terminal runner) started and never finished get their "interrupted" audit line.
  void services
    .markInterruptedRuns(ownerAlive)
    .catch((error: unknown) =>
      console.error('Embedded Agent: could not check the audit log for interrupted runs', error),
    );
  return { services, editorTracker, secrets };
}
