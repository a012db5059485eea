import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/args';
import { useWireServer } from '../builders/useWireServer';
import type { WireServer } from '../builders/wireServer';
import { startSession } from './harness';

let server: WireServer;
useWireServer((started) => (server = started));

describe('terminal runner: --list-models', () => {
  it('should need no vault and keep the provider options', () => {
    expect(parseArgs(['--list-models', '--provider', 'anthropic', '--base-url=http://x'])).toEqual({
      help: false,
      listModels: { provider: 'anthropic', baseUrl: 'http://x' },
    });
  });

  it("should print an Ollama server's models with context window and tool support, then exit 0", async () => {
    server.reply('/api/tags', { json: { models: [{ name: 'qwen3:8b', model: 'qwen3:8b' }] } });
    server.reply('/api/show', {
      json: {
        capabilities: ['completion', 'tools'],
        model_info: { 'general.architecture': 'qwen3', 'qwen3.context_length': 40_960 },
      },
    });
    const run = startSession({ argv: ['--list-models', '--base-url', server.openAiBaseUrl], env: {}, lines: [] });
    expect(await run.code).toBe(0);
    expect(run.stdout()).toBe(
      `1 model from openai-compatible at ${server.openAiBaseUrl}:\n  qwen3:8b  ·  40,960 tokens  ·  tools\n`,
    );
  });

  it('should say what to fix and exit 2 when the key is refused', async () => {
    server.reply('/v1/models', {
      status: 401,
      json: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
    });
    const run = startSession({
      argv: ['--list-models', '--base-url', server.origin],
      env: { ANTHROPIC_API_KEY: 'sk-wrong' },
      lines: [],
    });
    expect(await run.code).toBe(2);
    expect(run.stderr()).toContain(
      `Could not list the models of anthropic at ${server.origin}: ${server.origin}/v1/models?limit=1000 refused the API key (HTTP 401). Use an Anthropic key`,
    );
  });
});
