// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import EmbeddedAgentPlugin from '../../../src/main';
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

  it('should reject with the checklist when the model is not pulled', async () => {
    const plugin = await loadedPlugin();
    server.reply('/api/tags', { json: { models: [] } });
    await expect(plugin.testConnection({ ...plugin.settings, provider: 'openai-compatible', baseUrl: server.openAiBaseUrl, model: 'llama3.1:8b' })).rejects.toThrow(
      '✗ Model exists: llama3.1:8b is not among the models the server lists.',
    );
  });
});
