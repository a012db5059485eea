import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, Plugin } from 'obsidian';
import { type PlanHost } from '../../../src/core/plan';
import type { ApprovalPort } from '../../../src/core/ports/approval';
import type { HttpPort } from '../../../src/core/ports/http';
import { ModeService } from '../../../src/core/modes/ModeService';
import type { LlmPort } from '../../../src/core/ports/llm';
import { AgentServices } from '../../../src/core/session/AgentServices';
import { AgentSession } from '../../../src/core/session/AgentSession';
import { NodeGitFs } from '../../../src/node/NodeGitFs';
import { SystemClock } from '../../../src/node/SystemClock';
import { ObsidianCommands } from '../../../src/obsidian/ObsidianCommands';
import { ObsidianEditorTracker } from '../../../src/obsidian/ObsidianEditorTracker';
import { ObsidianPluginFiles } from '../../../src/obsidian/ObsidianPluginFiles';
import { ObsidianVault } from '../../../src/obsidian/ObsidianVault';
import { ObsidianWorkspace } from '../../../src/obsidian/ObsidianWorkspace';
import { DEFAULT_SETTINGS, type EmbeddedAgentSettings } from '../../../src/settings/settings';
import { createTestApp, manifest } from '../../obsidian-double/harness';
import { nodeYaml } from '../../../src/node/nodeYaml';

/** An HttpPort that fails the test's run if anything tries the network. */
export class NoNetwork implements HttpPort {
  readonly attempts: string[] = [];
  request(request: Parameters<HttpPort['request']>[0]): ReturnType<HttpPort['request']> {
    this.attempts.push(request.url);
    return Promise.reject(new Error(`network disabled in this test: ${request.url}`));
  }
}

export class TestPlugin extends Plugin {}

export interface ObsidianPlanFixture {
  app: App;
  plugin: TestPlugin;
  settings: EmbeddedAgentSettings;
  saves: number;
  host: PlanHost;
  services: AgentServices;
  http: NoNetwork;
  /** Set by the test: the panel's approval port. */
  approval: { port: ApprovalPort | null };
  /** A session over these services and approval, planning with `llm` (none: planning fails). */
  session(llm?: () => LlmPort): AgentSession;
  cleanup(): Promise<void>;
}

/** The plugin's services over the obsidian double, with checkpoints in a temp folder and no network at all. */
export async function obsidianPlanHost(
  files: Record<string, string>,
  settings: Partial<EmbeddedAgentSettings> = {},
): Promise<ObsidianPlanFixture> {
  const base = await mkdtemp(join(tmpdir(), 'ea-ui-plan-'));
  const app = createTestApp({ files });
  const plugin = new TestPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
  plugin.load();
  const all: EmbeddedAgentSettings = { ...structuredClone(DEFAULT_SETTINGS), ...settings };
  const http = new NoNetwork();
  const tracker = new ObsidianEditorTracker(app.workspace);
  const approval: { port: ApprovalPort | null } = { port: null };
  const pipelineSettings = () => ({ ...all, approvalTimeoutMs: 60_000 });
  const services = new AgentServices(
    {
      vault: new ObsidianVault(app.vault, app.fileManager, app.metadataCache),
      editor: tracker,
      workspace: new ObsidianWorkspace(app.workspace, app.vault, tracker),
      commands: new ObsidianCommands(app),
      http,
      pluginFiles: new ObsidianPluginFiles(app.vault.adapter, app.vault.configDir, 'embedded-agent'),
      gitFs: new NodeGitFs(join(base, 'checkpoints')),
      yaml: nodeYaml,
      clock: new SystemClock(),
    },
    {
      pluginFolderInVault: '.obsidian/plugins/embedded-agent',
      settings: pipelineSettings,
    },
  );
  const host = services.planHost({ settings: pipelineSettings, runs: services.runs({ port: () => approval.port }) });
  const fixture: ObsidianPlanFixture = {
    app,
    plugin,
    settings: all,
    saves: 0,
    host,
    services,
    http,
    approval,
    session: (llm) =>
      new AgentSession({
        services: () => Promise.resolve(services),
        llm: () => (llm ? Promise.resolve(llm()) : Promise.reject(new Error('no model in this test'))),
        modes: () => Promise.resolve(new ModeService({ gates: () => all })),
        settings: () => ({ ...pipelineSettings(), maxTokens: 2000, temperature: 0 }),
        approval: { port: () => approval.port },
        files: services.ports.pluginFiles,
        knownSecrets: () => [],
        now: () => Date.now(),
        runPrefix: 'chat',
      }),
    cleanup: async () => {
      plugin.unload();
      tracker.dispose();
      await rm(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
  return fixture;
}

/** Every visible file of the vault with its content: to compare before and after. */
export async function vaultSnapshot(app: App): Promise<Record<string, string>> {
  const entries = await Promise.all(
    app.vault.getFiles().map(async (file) => [file.path, await app.vault.read(file)] as const),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}
