// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import EmbeddedAgentPlugin from '../../../src/main';
import { lazyModules } from '../../../src/plugin/lazyModules';
import { openAiCalls } from '../../builders/wireScripts';
import { useWireServer, type WireServer } from '../../builders/wireServer';
import { createTestApp, manifest } from '../../obsidian-double/harness';

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
    server.reply('/api/show', { json: { capabilities: ['completion', 'tools'], model_info: { 'general.architecture': 'llama', 'llama.context_length': 131_072 } } });
    server.reply('/v1/chat/completions', openAiCalls([{ id: 'call_1', name: 'connection.ping', input: {} }]));
    const report = await plugin.testConnection({ ...plugin.settings, provider: 'openai-compatible', baseUrl: server.openAiBaseUrl, model: 'llama3.1:8b' });
    expect(report).toContain('✓ Native tool call: called the test tool');
    expect(report).toContain('✓ Context window: 131,072 tokens (from the server)');
  });

  it("should build the next model with the window the server reported for a model the table does not know", async () => {
    const plugin = await loadedPlugin();
    const settings = { ...plugin.settings, provider: 'openai-compatible' as const, baseUrl: server.openAiBaseUrl, model: 'tinyllm:1b', contextWindow: 0 };
    const runtime = await lazyModules.runtime();
    expect(runtime.createLlm(plugin.app, settings).contextWindow).toBe(32_768);
    server.reply('/api/tags', { json: { models: [{ name: 'tinyllm:1b', model: 'tinyllm:1b' }] } });
    server.reply('/api/show', { json: { capabilities: ['completion'], model_info: { 'general.architecture': 'tiny', 'tiny.context_length': 8192 } } });
    server.reply('/v1/chat/completions', openAiCalls([{ id: 'call_1', name: 'connection.ping', input: {} }]));
    await plugin.testConnection(settings);
    expect(runtime.createLlm(plugin.app, settings).contextWindow).toBe(8192);
    // The setting still wins.
    expect(runtime.createLlm(plugin.app, { ...settings, contextWindow: 4096 }).contextWindow).toBe(4096);
  });

  it('should reject with the checklist when the model is not pulled', async () => {
    const plugin = await loadedPlugin();
    server.reply('/api/tags', { json: { models: [] } });
    await expect(plugin.testConnection({ ...plugin.settings, provider: 'openai-compatible', baseUrl: server.openAiBaseUrl, model: 'llama3.1:8b' })).rejects.toThrow(
      '✗ Model exists: llama3.1:8b is not among the models the server lists.',
    );
  });
});
