// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyModules } from '../../../src/plugin/lazyModules';
import EmbeddedAgentPlugin from '../../../src/main';
import { ChatView } from '../../../src/ui/chat/ChatView';
import { EmbeddedAgentSettingTab } from '../../../src/ui/SettingsTab';
import { ScriptedModel, textReply } from '../../builders/scriptedModel';
import { commandsOf, createTestApp, manifest } from '../../obsidian-double/harness';
import { isSidebar } from '../../obsidian-double/leafPlacement';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.empty();
});

function newPlugin(): { plugin: EmbeddedAgentPlugin; app: ReturnType<typeof createTestApp> } {
  const app = createTestApp();
  return { app, plugin: new EmbeddedAgentPlugin(app, manifest('embedded-agent', 'Embedded Agent')) };
}

describe('plugin registration', () => {
  it('should register the view, the command without a hotkey, the ribbon icon and the settings tab, loading no lazy module', async () => {
    const services = vi.spyOn(lazyModules, 'services');
    const runtime = vi.spyOn(lazyModules, 'runtime');
    const { plugin, app } = newPlugin();
    const ribbon = vi.spyOn(plugin, 'addRibbonIcon');
    const tabs = vi.spyOn(plugin, 'addSettingTab');
    await plugin.onload();

    const command = commandsOf(app).findCommand('embedded-agent:open-chat');
    expect(command?.name).toBe('Embedded Agent: Open chat');
    expect(command?.hotkeys ?? []).toEqual([]);
    expect(ribbon).toHaveBeenCalledTimes(1);
    expect(ribbon.mock.calls[0]?.[1]).toBe('Open embedded agent');
    expect(tabs.mock.calls[0]?.[0]).toBeInstanceOf(EmbeddedAgentSettingTab);
    // Neither the services (isomorphic-git, the plugin index) nor the runtime (the provider SDKs) are loaded.
    expect(services).not.toHaveBeenCalled();
    expect(runtime).not.toHaveBeenCalled();
    plugin.unload();
  });

  it('should name its palette commands as the outside contract does, which wins over the spec\'s "Open Embedded Agent"', async () => {
    const { plugin, app } = newPlugin();
    const createdAt = '2026-01-15T12:00:00.000Z';
    vi.spyOn(plugin, 'loadData').mockResolvedValue({
      savedActions: [
        {
          id: 'find-todos',
          name: 'Find TODOs',
          kind: 'fixed',
          parameters: [],
          createdAt,
          plan: {
            version: '1.0',
            goal: 'Find TODOs',
            assumptions: [],
            riskLevel: 'read-only',
            steps: [{ id: 'search', tool: 'vault.searchText', args: { query: 'TODO' } }],
          },
        },
        { id: 'summary', name: 'Summary', kind: 'prompt', prompt: 'Summarize ${selection}', parameters: [], createdAt },
      ],
    });
    await plugin.onload();
    const ours = commandsOf(app)
      .listCommands()
      .filter((command) => command.id.startsWith('embedded-agent:'));
    expect(ours.map((command) => [command.id, command.name])).toEqual([
      ['embedded-agent:open-chat', 'Embedded Agent: Open chat'],
      ['embedded-agent:review-changes', 'Embedded Agent: Review changes'],
      ['embedded-agent:run-saved-action-find-todos', 'Embedded Agent: Run saved action: Find TODOs'],
      ['embedded-agent:run-saved-action-summary', 'Embedded Agent: Run saved action: Summary'],
    ]);
    plugin.unload();
  });

  it('should open one chat panel in the right sidebar from the ribbon, revealing it, and reuse it', async () => {
    const { plugin, app } = newPlugin();
    const ribbon = vi.spyOn(plugin, 'addRibbonIcon');
    const reveal = vi.spyOn(app.workspace, 'revealLeaf');
    // load(), as Obsidian does, so that unload() runs the registered cleanups.
    plugin.load();
    await vi.waitFor(() => expect(ribbon).toHaveBeenCalled());
    const open = ribbon.mock.calls[0]?.[2] as (event: MouseEvent) => unknown;
    open(new MouseEvent('click'));
    await vi.waitFor(() => expect(app.workspace.getLeavesOfType('embedded-agent-chat')).toHaveLength(1));
    open(new MouseEvent('click'));
    commandsOf(app).executeCommandById('embedded-agent:open-chat');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const leaves = app.workspace.getLeavesOfType('embedded-agent-chat');
    expect(leaves).toHaveLength(1);
    expect(isSidebar(leaves[0] as never)).toBe(true);
    expect(leaves[0]?.view).toBeInstanceOf(ChatView);
    expect(reveal).toHaveBeenCalledWith(leaves[0]);
    plugin.unload();
    // Obsidian restores panels where the user left them: unloading never detaches leaves.
    expect(app.workspace.getLeavesOfType('embedded-agent-chat')).toHaveLength(1);
    expect(commandsOf(app).findCommand('embedded-agent:open-chat')).toBeUndefined();
  });

  it('should drop its vault and workspace subscriptions when unloaded, which Obsidian does not do for it', async () => {
    const { plugin } = newPlugin();
    plugin.overrides = { vaultPath: null };
    // load(), as Obsidian does, so that unload() runs onunload.
    plugin.load();
    await vi.waitFor(() => expect(plugin.settings).toBeDefined());
    const { services, editorTracker } = await plugin.services();
    await services.ignore.ensureLoaded();
    const disposals = [vi.spyOn(services.ignore, 'dispose'), vi.spyOn(editorTracker, 'dispose')];
    plugin.unload();
    await vi.waitFor(() => disposals.forEach((dispose) => expect(dispose).toHaveBeenCalledTimes(1)));
  });

  it('should test the connection with one tiny request and report the answer', async () => {
    const { plugin } = newPlugin();
    await plugin.onload();
    const model = new ScriptedModel([textReply('OK')]);
    plugin.overrides = { llm: () => model };
    await expect(plugin.testConnection(plugin.settings)).resolves.toMatch(
      /^scripted-model answered "OK" in \d+\.\d s$/,
    );
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.maxTokens).toBe(16);
  });

  it('should report the exact error when the connection test cannot run', async () => {
    const { plugin } = newPlugin();
    await plugin.onload();
    await expect(plugin.testConnection({ ...plugin.settings, provider: 'openai', model: 'gpt-4.1' })).rejects.toThrow(
      'No API key for OpenAI: set it in Settings → Embedded Agent → API key',
    );
  });
});
