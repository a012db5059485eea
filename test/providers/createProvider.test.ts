import { describe, expect, it } from 'vitest';
import { AgentError } from '../../src/core/errors';
import { createProvider, type ProviderConfig } from '../../src/providers/createProvider';
import { useWireServer } from '../builders/useWireServer';
import { recordedStream, WireServer } from '../builders/wireServer';
import { collect, recordingClock } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const base = (overrides: Partial<ProviderConfig>): ProviderConfig => ({
  provider: 'anthropic',
  model: 'claude-opus-4-8',
  streaming: true,
  maxRetries: 3,
  clock: recordingClock(),
  ...overrides,
});

function thrown(run: () => unknown): AgentError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  throw new Error('expected an AgentError');
}

describe('createProvider', () => {
  it.each([
    ['anthropic', 'No API key for Anthropic: set it in Settings → Embedded Agent → API key'],
    ['openai', 'No API key for OpenAI: set it in Settings → Embedded Agent → API key'],
  ] as const)('should refuse %s without a key, naming the setting to fill in', (provider, message) => {
    const error = thrown(() => createProvider(base({ provider, apiKey: '  ' })));
    expect(error.code).toBe('PROVIDER_AUTH');
    expect(error.message).toBe(message);
  });

  it('should refuse openai-compatible without a base URL', () => {
    const error = thrown(() => createProvider(base({ provider: 'openai-compatible', model: 'llama3.1' })));
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toBe(
      'The openai-compatible provider needs a base URL: set Settings → Embedded Agent → Base URL, e.g. http://localhost:11434/v1 (Ollama) or http://localhost:1234/v1 (LM Studio)',
    );
  });

  it('should refuse a base URL that is not http(s)', () => {
    const error = thrown(() =>
      createProvider(base({ provider: 'openai-compatible', model: 'llama3.1', baseUrl: 'localhost:11434' })),
    );
    expect(error.message).toBe('Settings → Embedded Agent → Base URL must be an http(s) URL, got "localhost:11434"');
  });

  it('should refuse an empty model, naming the setting', () => {
    const error = thrown(() => createProvider(base({ apiKey: 'k', model: ' ' })));
    expect(error.message).toBe('No model is set for anthropic: fill in Settings → Embedded Agent → Model');
  });

  it('should build openai-compatible without a key', () => {
    const port = createProvider(
      base({ provider: 'openai-compatible', model: 'llama3.1', baseUrl: 'http://localhost:11434/v1/' }),
    );
    expect([port.provider, port.model, port.contextWindow]).toEqual(['openai-compatible', 'llama3.1', 131_072]);
  });

  it('should take the context window from the setting when it is set', () => {
    expect(createProvider(base({ apiKey: 'k', contextWindow: 1_000_000 })).contextWindow).toBe(1_000_000);
    expect(createProvider(base({ apiKey: 'k', contextWindow: 0 })).contextWindow).toBe(200_000);
  });

  it('should drop a /v1 copied into the Anthropic base URL, since the SDK adds it', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_text_only_end_turn.sse') });
    await collect(createProvider(base({ apiKey: 'k', baseUrl: `${server.origin}/v1/` })));
    expect(server.requests.map((request) => request.path)).toEqual(['/v1/messages']);
  });
});
