import type { SavedAction } from '../../src/core/plan';
import type { LlmPort } from '../../src/core/ports/llm';
import type { PluginFilesPort } from '../../src/core/ports/pluginFiles';
import { ModeService } from '../../src/core/modes/ModeService';
import { AgentServices } from '../../src/core/session/AgentServices';
import { AgentSession, type SessionSettings } from '../../src/core/session/AgentSession';
import { NO_APPROVER } from '../../src/core/tool-execution/stages/approval';
import { MemoryCommands } from '../../src/node/MemoryCommands';
import { MemoryEditor } from '../../src/node/MemoryEditor';
import { MemoryVault } from '../../src/node/MemoryVault';
import { MemoryWorkspace } from '../../src/node/MemoryWorkspace';
import { NodeGitFs } from '../../src/node/NodeGitFs';
import { memoryPluginFiles, ScriptedApproval } from './pipeline';
import { fixedClock } from './toolContext';
import { nodeYaml } from '../../src/node/nodeYaml';

export const SESSION_SETTINGS = {
  approval: 'writes' as const,
  allowDeletes: false,
  allowCommands: false,
  approvalTimeoutMs: 1000,
  checkpointMaxMb: 50,
  maxRetries: 2,
  maxTokens: 1000,
  temperature: 0,
};

export interface SessionOptions {
  llmFails?: boolean;
  vault?: MemoryVault;
  approval?: ScriptedApproval;
  savedActions?: readonly SavedAction[];
  /** Checkpoints on disk: without them no plan may write. */
  checkpoints?: string;
  /** Settings over SESSION_SETTINGS (budget limits, say). */
  settings?: Partial<SessionSettings>;
  /** The plugin folder; two sessions given the same one share it as the panel and the terminal do. */
  files?: PluginFilesPort;
  /** The session's clock; a fixed one when absent. */
  now?: () => number;
  /** Handed the services the session runs on (their review core, their checkpoints). */
  services?: (services: AgentServices) => void;
}

/** Without an approval given: every call is approved, and nobody is there to confirm a plan. */
const callsOnly = new ScriptedApproval((request) =>
  request.tool === 'plan' ? { approved: false, reason: NO_APPROVER } : { approved: true, scope: 'once' },
);

/** An AgentSession over an in-memory vault and plugin folder, with the given model. */
export function buildSession(model: LlmPort, options: SessionOptions = {}): AgentSession {
  const {
    llmFails = false,
    vault = new MemoryVault({ 'Inbox.md': '- a\n' }),
    approval,
    savedActions,
    checkpoints,
  } = options;
  const settings = { ...SESSION_SETTINGS, ...options.settings };
  const editor = new MemoryEditor({ vault });
  const files = options.files ?? memoryPluginFiles();
  const clock = fixedClock();
  const services = new AgentServices(
    {
      vault,
      editor,
      workspace: new MemoryWorkspace({ vault, editor }),
      commands: new MemoryCommands(),
      http: { request: () => Promise.reject(new Error('offline')) },
      pluginFiles: files,
      gitFs: checkpoints ? new NodeGitFs(checkpoints) : null,
      yaml: nodeYaml,
      clock,
    },
    {
      pluginFolderInVault: '.obsidian/plugins/embedded-agent',
      settings: () => settings,
    },
  );
  options.services?.(services);
  const modes = new ModeService({ gates: () => settings });
  return new AgentSession({
    services: () => Promise.resolve(services),
    llm: () =>
      llmFails ? Promise.reject(new Error('No API key: set it in Settings → Embedded Agent')) : Promise.resolve(model),
    modes: () => Promise.resolve(modes),
    settings: () => settings,
    approval: { port: () => approval ?? callsOnly },
    files,
    ...(savedActions ? { savedActions: () => Promise.resolve({ list: () => savedActions }) } : {}),
    knownSecrets: () => [],
    now: options.now ?? (() => clock.now()),
    runPrefix: 'test',
  });
}
