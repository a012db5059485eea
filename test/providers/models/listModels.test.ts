import { describe, expect, it } from 'vitest';
import { FetchHttp } from '../../../src/cli/fetchHttp';
import { formatModelLine, listModels } from '../../../src/providers/models/listModels';
import { useWireServer } from '../../builders/useWireServer';
import type { WireServer } from '../../builders/wireServer';

let server: WireServer;
useWireServer((started) => (server = started));
const http = new FetchHttp();

describe('listModels over the real wire shapes', () => {
  it('should list OpenAI /v1/models with the bearer key, the table window for known ids and none for unknown ones', async () => {
    server.reply('/v1/models', {
      json: {
        object: 'list',
        data: [
          { id: 'gpt-4o', object: 'model', created: 1, owned_by: 'openai' },
          { id: 'my-finetune', object: 'model', created: 2, owned_by: 'me' },
        ],
      },
    });
    const models = await listModels(http, { provider: 'openai', baseUrl: server.openAiBaseUrl, apiKey: 'sk-test' });
    expect(models).toEqual([{ id: 'gpt-4o', contextWindow: 128_000, contextSource: 'table' }, { id: 'my-finetune' }]);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(formatModelLine(models[0]!)).toBe('gpt-4o  ·  128,000 tokens (known-models table)');
  });

  it('should take the server context length over the table (OpenRouter, vLLM)', async () => {
    server.reply('/api/tags', { status: 404, json: { error: 'not found' } });
    server.reply('/v1/models', {
      json: {
        object: 'list',
        data: [
          { id: 'gpt-4o', context_length: 64_000 },
          { id: 'served', max_model_len: 8192 },
        ],
      },
    });
    const models = await listModels(http, { provider: 'openai-compatible', baseUrl: server.openAiBaseUrl, apiKey: '' });
    expect(models).toEqual([
      { id: 'gpt-4o', contextWindow: 64_000, contextSource: 'server' },
      { id: 'served', contextWindow: 8192, contextSource: 'server' },
    ]);
    expect(server.requests.find((request) => request.path === '/v1/models')?.headers.authorization).toBeUndefined();
  });

  it('should follow Anthropic pagination with after_id and send its key headers', async () => {
    server.reply(
      '/v1/models',
      {
        json: {
          data: [
            {
              type: 'model',
              id: 'claude-sonnet-4-6',
              display_name: 'Claude Sonnet 4.6',
              created_at: '2026-01-01T00:00:00Z',
            },
          ],
          has_more: true,
          first_id: 'claude-sonnet-4-6',
          last_id: 'claude-sonnet-4-6',
        },
      },
      {
        json: {
          data: [
            {
              type: 'model',
              id: 'claude-haiku-4-5',
              display_name: 'Claude Haiku 4.5',
              created_at: '2025-10-01T00:00:00Z',
            },
          ],
          has_more: false,
          first_id: 'claude-haiku-4-5',
          last_id: 'claude-haiku-4-5',
        },
      },
    );
    const models = await listModels(http, { provider: 'anthropic', baseUrl: server.origin, apiKey: 'sk-ant-test' });
    expect(models.map((model) => model.id)).toEqual(['claude-haiku-4-5', 'claude-sonnet-4-6']);
    expect(models[0]).toMatchObject({ contextWindow: 200_000, contextSource: 'table' });
    expect(server.requests.map((request) => request.query)).toEqual([
      'limit=1000',
      'limit=1000&after_id=claude-sonnet-4-6',
    ]);
    expect(server.requests[0]?.headers['x-api-key']).toBe('sk-ant-test');
    expect(server.requests[0]?.headers['anthropic-version']).toBe('2023-06-01');
  });

  it('should read Ollama /api/tags, then /api/show for context length and tool support', async () => {
    server.reply('/api/tags', {
      json: {
        models: [
          { name: 'llama3.1:8b', model: 'llama3.1:8b', size: 1 },
          { name: 'gemma2:2b', model: 'gemma2:2b', size: 1 },
        ],
      },
    });
    server.reply(
      '/api/show',
      {
        json: {
          capabilities: ['completion', 'tools'],
          model_info: { 'general.architecture': 'llama', 'llama.context_length': 131_072 },
        },
      },
      {
        json: {
          capabilities: ['completion'],
          model_info: { 'general.architecture': 'gemma2', 'gemma2.context_length': 8192 },
        },
      },
    );
    const models = await listModels(http, { provider: 'openai-compatible', baseUrl: server.openAiBaseUrl, apiKey: '' });
    expect(models).toEqual([
      { id: 'gemma2:2b', contextWindow: 8192, contextSource: 'server', tools: false },
      { id: 'llama3.1:8b', contextWindow: 131_072, contextSource: 'server', tools: true },
    ]);
    expect(server.bodies('/api/show')).toEqual([{ model: 'llama3.1:8b' }, { model: 'gemma2:2b' }]);
    expect(formatModelLine(models[0]!)).toBe('gemma2:2b  ·  8,192 tokens  ·  no tools');
  });

  it('should name the fix for a wrong base URL path, a refused key and a server that is not there', async () => {
    server.reply('/v1/models', { status: 401, json: { error: { message: 'Incorrect API key' } } });
    await expect(
      listModels(http, { provider: 'openai', baseUrl: server.openAiBaseUrl, apiKey: 'sk-ant-x' }),
    ).rejects.toThrow('refused the API key (HTTP 401). Use a key made for this server');
    const wrong = `${server.origin}/v1/api/chat`;
    await expect(listModels(http, { provider: 'openai-compatible', baseUrl: wrong, apiKey: '' })).rejects.toThrow(
      `${wrong}/models does not exist (HTTP 404): the base URL's path is wrong. An OpenAI-compatible base URL ends in /v1`,
    );
    await expect(
      listModels(http, { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: '' }),
    ).rejects.toThrow('No answer from http://127.0.0.1:9/v1/models');
  });
});
