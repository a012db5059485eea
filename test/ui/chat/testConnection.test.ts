// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import EmbeddedAgentPlugin from '../../../src/main';
import { lazyModules } from '../../../src/plugin/lazyModules';
import { openAiCalls } from '../../builders/wireScripts';
import { useWireServer } from '../../builders/useWireServer';
import type { WireServer } from '../../builders/wireServer';
import { createTestApp, manifest } from '../../obsidian-double/harness';
import { click, getByLabel, getByRole } from '../support/a11y';
import { patchObsidianLikeControls } from '../support/obsidianLikeControls';

patchObsidianLikeControls();

let server: WireServer;
useWireServer((started) => {
  server = started;
  // happy-dom's fetch applies CORS; Obsidian's requestUrl does not, and a local server used from Obsidian allows it.
  server.cors = true;
});
afterEach(() => document.body.empty());

async function loadedPlugin(): Promise<EmbeddedAgentPlugin> {
  const plugin = new EmbeddedAgentPlugin(createTestApp(), manifest('embedded-agent', 'Embedded Agent'));
  await plugin.onload();
  return plugin;
}

describe('Test connection in the plugin', () => {
  it('should list through requestUrl, then run the checklist against the configured server', async () => {
    const plugin = await loadedPlugin();
    server.reply('/api/tags', { json: { models: [{ name: 'llama3.1:8b', model: 'llama3.1:8b' }] } });
    server.reply('/api/show', {
      json: {
        capabilities: ['completion', 'tools'],
        model_info: { 'general.architecture': 'llama', 'llama.context_length': 131_072 },
      },
    });
    server.reply('/v1/chat/completions', openAiCalls([{ id: 'call_1', name: 'connection.ping', input: {} }]));
    const report = await plugin.testConnection({
      ...plugin.settings,
      provider: 'openai-compatible',
      baseUrl: server.openAiBaseUrl,
      model: 'llama3.1:8b',
    });
    expect(report).toContain('✓ Native tool call: called the test tool');
    expect(report).toContain('✓ Context window: 131,072 tokens (from the server)');
  });

  it('should build the next model with the window the server reported for a model the table does not know', async () => {
    const plugin = await loadedPlugin();
    const settings = {
      ...plugin.settings,
      provider: 'openai-compatible' as const,
      baseUrl: server.openAiBaseUrl,
      model: 'tinyllm:1b',
      contextWindow: 0,
    };
    const runtime = await lazyModules.runtime();
    expect(runtime.createLlm(plugin.app, settings).contextWindow).toBe(32_768);
    server.reply('/api/tags', { json: { models: [{ name: 'tinyllm:1b', model: 'tinyllm:1b' }] } });
    server.reply('/api/show', {
      json: {
        capabilities: ['completion'],
        model_info: { 'general.architecture': 'tiny', 'tiny.context_length': 8192 },
      },
    });
    server.reply('/v1/chat/completions', openAiCalls([{ id: 'call_1', name: 'connection.ping', input: {} }]));
    await plugin.testConnection(settings);
    expect(runtime.createLlm(plugin.app, settings).contextWindow).toBe(8192);
    // The setting still wins.
    expect(runtime.createLlm(plugin.app, { ...settings, contextWindow: 4096 }).contextWindow).toBe(4096);
  });

  it("should fill the settings tab's model list from the configured server through requestUrl", async () => {
    const plugin = new EmbeddedAgentPlugin(createTestApp(), manifest('embedded-agent', 'Embedded Agent'));
    const tabs = vi.spyOn(plugin, 'addSettingTab');
    await plugin.onload();
    Object.assign(plugin.settings, { provider: 'openai-compatible', baseUrl: server.openAiBaseUrl });
    server.reply('/api/tags', { status: 404, json: { error: 'not found' } });
    server.reply('/v1/models', {
      json: { object: 'list', data: [{ id: 'qwen2.5-7b-instruct', object: 'model', owned_by: 'organization_owner' }] },
    });
    const tab = tabs.mock.calls[0]![0];
    document.body.appendChild(tab.containerEl);
    const beforeDeclarativeSettings: { display(): void } = tab;
    beforeDeclarativeSettings.display();
    click(getByRole(tab.containerEl, 'button', 'Refresh models'));
    const field = getByLabel<HTMLInputElement>(tab.containerEl, 'Model');
    await vi.waitFor(() =>
      expect(document.getElementById(field.getAttribute('list')!)?.querySelector('option')?.value).toBe(
        'qwen2.5-7b-instruct',
      ),
    );
  });

  it('should reject with the checklist when the model is not pulled', async () => {
    const plugin = await loadedPlugin();
    server.reply('/api/tags', { json: { models: [] } });
    await expect(
      plugin.testConnection({
        ...plugin.settings,
        provider: 'openai-compatible',
        baseUrl: server.openAiBaseUrl,
        model: 'llama3.1:8b',
      }),
    ).rejects.toThrow('✗ Model exists: llama3.1:8b is not among the models the server lists.');
  });
});
