import { describe, expect, it } from 'vitest';
import { FetchHttp } from '../../../src/cli/fetchHttp';
import { checkConnection, formatChecklist, type CheckItem } from '../../../src/providers/models/connectionCheck';
import { anthropicCalls, openAiCalls, openAiText } from '../../builders/wireScripts';
import { useWireServer } from '../../builders/useWireServer';
import type { WireServer } from '../../builders/wireServer';
import { testProvider } from '../helpers';

let server: WireServer;
useWireServer((started) => (server = started));
const http = new FetchHttp();
const PING = { id: 'call_1', name: 'connection.ping', input: {} };

/** An Ollama that has pulled `models`, each with tools and a 32k window. */
function ollamaWith(...models: string[]): void {
  server.reply('/api/tags', { json: { models: models.map((name) => ({ name, model: name })) } });
  for (let i = 0; i < models.length; i++)
    server.reply('/api/show', {
      json: {
        capabilities: ['completion', 'tools'],
        model_info: { 'general.architecture': 'qwen2', 'qwen2.context_length': 32_768 },
      },
    });
}

/** The checklist stopped at `name`, failed, and its detail says `text`. */
function expectLastFailed(items: readonly CheckItem[], name: string, text: string): void {
  expect(items.at(-1)?.name).toBe(name);
  expect(items.at(-1)?.ok).toBe(false);
  expect(items.at(-1)?.detail).toContain(text);
}

const local = (): { provider: 'openai-compatible'; baseUrl: string; apiKey: string } => ({
  provider: 'openai-compatible',
  baseUrl: server.openAiBaseUrl,
  apiKey: '',
});

describe('Test connection: the checklist', () => {
  it('should pass every line against an Ollama whose model streams and calls the tool, with one chat request', async () => {
    ollamaWith('qwen2.5-coder:7b');
    server.reply('/v1/chat/completions', openAiCalls([PING]));
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible'));
    expect(formatChecklist(items)).toBe(
      [
        `✓ Reachable: ${server.openAiBaseUrl} answered`,
        '✓ Key accepted: no key needed',
        '✓ Model exists: qwen2.5-coder:7b',
        '✓ Streams: 2 events',
        '✓ Native tool call: called the test tool',
        '✓ Context window: 32,768 tokens (from the server)',
        '✓ Price: free (a local server)',
      ].join('\n'),
    );
    const [body] = server.bodies('/v1/chat/completions');
    expect(server.bodies('/v1/chat/completions')).toHaveLength(1);
    expect(JSON.stringify(body?.tools)).toContain('"name":"connection_ping"');
  });

  it('should give Anthropic its table window and list price', async () => {
    server.reply('/v1/models', {
      json: {
        data: [
          {
            type: 'model',
            id: 'claude-sonnet-4-6',
            display_name: 'Claude Sonnet 4.6',
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
        has_more: false,
        first_id: 'claude-sonnet-4-6',
        last_id: 'claude-sonnet-4-6',
      },
    });
    server.reply('/v1/messages', anthropicCalls([PING]));
    const items = await checkConnection(
      http,
      { provider: 'anthropic', baseUrl: server.origin, apiKey: 'sk-ant-test' },
      testProvider(server, 'anthropic', { model: 'claude-sonnet-4-6' }),
    );
    expect(items.every((item) => item.ok === true)).toBe(true);
    expect(items.slice(-2).map((item) => item.detail)).toEqual([
      '200,000 tokens (known-models table or the Context window setting)',
      '$3 input, $15 output per million tokens (list price)',
    ]);
  });

  it('should say the server is not reachable', async () => {
    const items = await checkConnection(
      http,
      { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:9/v1', apiKey: '' },
      testProvider(server, 'openai-compatible'),
    );
    expect(items).toHaveLength(1);
    expectLastFailed(items, 'Reachable', 'No answer from http://127.0.0.1:9/v1/models');
  });

  it('should name a wrong base URL path such as /v1/api/chat', async () => {
    const items = await checkConnection(
      http,
      { ...local(), baseUrl: `${server.origin}/v1/api/chat` },
      testProvider(server, 'openai-compatible'),
    );
    expectLastFailed(items, 'Base URL path', 'not /v1/api/chat or /v1/chat/completions');
  });

  it('should say when the key belongs to another provider', async () => {
    server.reply('/v1/models', {
      status: 401,
      json: {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' },
      },
    });
    const items = await checkConnection(
      http,
      { provider: 'openai', baseUrl: server.openAiBaseUrl, apiKey: 'sk-ant-api03-x' },
      testProvider(server, 'openai'),
    );
    expectLastFailed(items, 'Key accepted', 'This is an Anthropic key (sk-ant-…): choose the provider "anthropic"');
  });

  it('should say to pull a model Ollama does not have, and send no chat request', async () => {
    ollamaWith('llama3.1:8b');
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible'));
    expect(items.at(-1)).toEqual({
      name: 'Model exists',
      ok: false,
      detail:
        'qwen2.5-coder:7b is not among the models the server lists (llama3.1:8b). Pull it first: ollama pull qwen2.5-coder:7b. Or pick a listed one.',
    });
    expect(server.bodies('/v1/chat/completions')).toEqual([]);
  });

  it('should point at CORS when a local server lists models but the chat request gets no answer', async () => {
    ollamaWith('qwen2.5-coder:7b');
    server.reply('/v1/chat/completions', { destroy: true });
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible', { maxRetries: 0 }));
    expectLastFailed(items, 'Streams', 'must allow CORS from app://obsidian.md (LM Studio: turn on CORS');
  });

  it('should fail the tool line when the server refuses a request that offers tools', async () => {
    ollamaWith('qwen2.5-coder:7b');
    server.reply('/v1/chat/completions', {
      status: 400,
      json: {
        error: {
          message: 'registry.ollama.ai/library/qwen2.5-coder:7b does not support tools',
          type: 'api_error',
          param: null,
          code: null,
        },
      },
    });
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible', { maxRetries: 0 }));
    expectLastFailed(items, 'Native tool call', 'the server refused a request that offers a tool: ');
    expect(items.at(-1)?.detail).toContain('does not support tools');
  });

  it('should say when the server drops `tools` and the model writes the call as text, which the agent reads', async () => {
    ollamaWith('qwen2.5-coder:7b');
    server.reply('/v1/chat/completions', openAiText('{"name": "connection_ping", "arguments": {}}'));
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible'));
    expect(items.find((item) => item.name === 'Native tool call')).toEqual({
      name: 'Native tool call',
      ok: null,
      detail:
        'the model wrote the call as text instead of a native call; the agent reads such calls (toolCallFormat auto or text), so it can act',
    });
  });

  it('should say when the model answers in text with no call at all', async () => {
    ollamaWith('qwen2.5-coder:7b');
    server.reply('/v1/chat/completions', openAiText('I cannot call tools.'));
    const items = await checkConnection(http, local(), testProvider(server, 'openai-compatible'));
    expect(items.find((item) => item.name === 'Native tool call')).toEqual({
      name: 'Native tool call',
      ok: false,
      detail:
        'no native tool call. It answered in text instead ("I cannot call tools."). The server may drop `tools` (an old server version, or a model without tool support); the agent needs tool calls to act.',
    });
  });
});
