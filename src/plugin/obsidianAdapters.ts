import { FileSystemAdapter, parseYaml, requestUrl, type App } from 'obsidian';
import type { AdapterPorts } from '../core/runtime/createRuntime';
import { resolveCheckpointFolder } from '../node/checkpointLocation';
import { NodeGitFs } from '../node/NodeGitFs';
import type { EmbeddedAgentSettings } from '../settings/settings';
import { ObsidianCommands } from '../obsidian/ObsidianCommands';
import { ObsidianEditorTracker } from '../obsidian/ObsidianEditorTracker';
import { ObsidianHttp } from '../obsidian/ObsidianHttp';
import { ObsidianVault } from '../obsidian/ObsidianVault';
import { ObsidianWorkspace } from '../obsidian/ObsidianWorkspace';

export interface ObsidianAdapters {
  adapters: AdapterPorts;
  /** Follows the workspace's editors: disposed when the plugin unloads (Obsidian keeps its listeners). */
  editorTracker: ObsidianEditorTracker;
}

/**
 * The ports a run works on, over the running app: loaded when the runtime first builds its services, not in
 * onload, so these adapters (and isomorphic-git behind the services) load only when the user starts the agent.
 * The checkpoint repository lives outside the vault (desktop only: its folder is on the local disk, found from the
 * vault's base path); without a base path there is none, and every write is refused.
 */
export function obsidianAdapters(
  app: App,
  settings: () => EmbeddedAgentSettings,
  /** Where the vault is on disk; found from the FileSystemAdapter when not given. */
  vaultPath: string | null = app.vault.adapter instanceof FileSystemAdapter ? app.vault.adapter.getBasePath() : null,
): ObsidianAdapters {
  const editorTracker = new ObsidianEditorTracker(app.workspace);
  return {
    adapters: {
      vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache),
      editor: editorTracker,
      workspace: new ObsidianWorkspace(app.workspace, app.vault, editorTracker),
      commands: new ObsidianCommands(app),
      http: new ObsidianHttp(requestUrl),
      yaml: { parse: parseYaml },
      gitFs:
        vaultPath === null ? null : new NodeGitFs(resolveCheckpointFolder(vaultPath, settings().checkpointLocation)),
    },
    editorTracker,
  };
}
