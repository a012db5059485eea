/**
 * The plugin over the obsidian double with its chat panel open, a model in place of the provider, and a
 * checkpoint folder on disk: what the chat panel tests drive by accessible names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarkdownRenderer, type App } from 'obsidian';
import { vi } from 'vitest';
import type { LlmPort } from '../../../src/core/ports/llm';
import EmbeddedAgentPlugin from '../../../src/main';
import type { EmbeddedAgentSettings } from '../../../src/settings/settings';
import { commandsOf, createTestApp, manifest } from '../../obsidian-double/harness';

export interface ChatPanel {
  app: App;
  plugin: EmbeddedAgentPlugin;
  /** The panel's content: find controls here by role and name. */
  root: HTMLElement;
  cleanup(): Promise<void>;
  /** Quits and starts Obsidian again on the same vault and app storage: a new plugin, its panel opened anew. */
  restart(): Promise<HTMLElement>;
}

export interface ChatPanelOptions {
  files?: Record<string, string>;
  /** The model; absent: the real provider from the settings (none configured by default). */
  model?: LlmPort;
  settings?: Partial<EmbeddedAgentSettings>;
  /** Runs after onload, before the panel opens (e.g. open a note). */
  before?: (app: App) => Promise<void>;
}

/** The double's renderer draws nothing; this one writes the source as a paragraph, as a plain answer renders. */
export function renderMarkdownAsText(): void {
  vi.spyOn(MarkdownRenderer, 'render').mockImplementation(async (_app, markdown, el) => {
    await Promise.resolve();
    el.createEl('p', { text: markdown.trim() });
  });
}

export async function openChatPanel(options: ChatPanelOptions = {}): Promise<ChatPanel> {
  renderMarkdownAsText();
  const base = await mkdtemp(join(tmpdir(), 'ea-chat-'));
  const app = createTestApp({ files: options.files ?? {} });
  const plugin = new EmbeddedAgentPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
  plugin.overrides = {
    ...(options.model ? { llm: () => options.model as LlmPort } : {}),
    vaultPath: join(base, 'vault'),
    modesFile: join(base, 'modes.json'),
  };
  // load(), as Obsidian does, so that unload() runs every registered cleanup.
  plugin.load();
  await vi.waitFor(() => {
    if (!commandsOf(app).findCommand('embedded-agent:open-chat')) throw new Error('onload did not finish');
  });
  Object.assign(plugin.settings, { checkpointLocation: join(base, 'checkpoints') }, options.settings ?? {});
  await options.before?.(app);
  commandsOf(app).executeCommandById('embedded-agent:open-chat');
  const root = await openedRoot(app);
  const panel: ChatPanel = {
    app,
    plugin,
    root,
    restart: async () => {
      for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
      panel.plugin.unload();
      document.body.empty();
      const next = new EmbeddedAgentPlugin(app, manifest('embedded-agent', 'Embedded Agent'));
      next.overrides = panel.plugin.overrides;
      next.load();
      await vi.waitFor(() => {
        if (!commandsOf(app).findCommand('embedded-agent:open-chat')) throw new Error('onload did not finish');
      });
      Object.assign(next.settings, { checkpointLocation: join(base, 'checkpoints') }, options.settings ?? {});
      panel.plugin = next;
      commandsOf(app).executeCommandById('embedded-agent:open-chat');
      panel.root = await openedRoot(app);
      return panel.root;
    },
    cleanup: async () => {
      for (const leaf of app.workspace.getLeavesOfType('embedded-agent-chat')) leaf.detach();
      panel.plugin.unload();
      vi.restoreAllMocks();
      document.body.empty();
      // A run's last checkpoint pruning may still be writing: retry rather than fail the cleanup.
      await rm(base, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
  return panel;
}

/** The chat panel's content once it has opened, put into the document as Obsidian's would be. */
function openedRoot(app: App): Promise<HTMLElement> {
  return vi.waitFor(() => {
    const view = app.workspace.getLeavesOfType('embedded-agent-chat')[0]?.view;
    const el = view?.containerEl.querySelector('.embedded-agent-chat');
    if (!(el instanceof HTMLElement)) throw new Error('the chat panel did not open');
    // In Obsidian the panel is in the document; the double leaves leaves detached from it.
    if (view && !view.containerEl.isConnected) document.body.appendChild(view.containerEl);
    return el;
  });
}
