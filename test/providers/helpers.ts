import { createProvider, type ProviderConfig } from '../../src/providers/createProvider';
import type { WireServer } from '../builders/wireServer';
import { AgentError } from '../../src/core/errors';
import type { ClockPort } from '../../src/core/ports/clock';
import type { HistoryMessage, LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';
import type { ToolDefinition } from '../../src/core/tools/types';

/** A clock whose sleeps return at once and are recorded, so retry tests assert the waits without waiting. */
export function recordingClock(start = Date.UTC(2026, 0, 15, 9, 0, 0)): ClockPort & { sleeps: number[] } {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) return Promise.reject(new AgentError('CANCELLED', 'Cancelled while waiting'));
      sleeps.push(ms);
      now += ms;
      return Promise.resolve();
    },
  };
}

export const CREATE_FILE: ToolDefinition = {
  name: 'vault.createFile',
  description: 'Create a note.',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
    required: ['path'],
  },
};

export const READ_FILE: ToolDefinition = {
  name: 'vault.readFile',
  description: 'Read a note.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

export function buildRequest(overrides: Partial<LlmRequest> = {}): LlmRequest {
  const messages: HistoryMessage[] = [{ role: 'user', text: 'Make a note' }];
  return {
    system: 'You are a vault agent.',
    messages,
    tools: [CREATE_FILE, READ_FILE],
    maxTokens: 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

export async function collect(port: LlmPort, request: LlmRequest = buildRequest()): Promise<LlmEvent[]> {
  const events: LlmEvent[] = [];
  for await (const event of port.stream(request)) events.push(event);
  return events;
}

/** What the agent loop acts on: text joined, whole tool calls, usage, stop (progress events left out). */
export function summary(events: readonly LlmEvent[]): {
  text: string;
  calls: unknown[];
  usage: unknown;
  stop: unknown;
} {
  return {
    text: events.flatMap((event) => (event.type === 'text' ? [event.delta] : [])).join(''),
    calls: events.filter((event) => event.type === 'tool-call'),
    usage: events.find((event) => event.type === 'usage')?.usage,
    stop: events.find((event) => event.type === 'stop')?.reason,
  };
}

export async function failure(port: LlmPort, request: LlmRequest = buildRequest()): Promise<AgentError> {
  try {
    await collect(port, request);
  } catch (error) {
    if (error instanceof AgentError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

/** What the provider tests send unless a test says otherwise: a model and key per provider, retries, no jitter. */
const TEST_DEFAULTS: Record<ProviderConfig['provider'], { model: string; apiKey?: string }> = {
  anthropic: { model: 'claude-opus-4-8', apiKey: 'sk-ant-test' },
  openai: { model: 'gpt-4o', apiKey: 'sk-test' },
  'openai-compatible': { model: 'qwen2.5-coder:7b' },
};

/** A real provider (the real SDK) pointed at the local wire server, with a recording clock and no jitter. */
export function testProvider(
  server: WireServer,
  provider: ProviderConfig['provider'],
  overrides: Partial<ProviderConfig> = {},
): ReturnType<typeof createProvider> {
  const baseUrl = provider === 'anthropic' ? server.origin : server.openAiBaseUrl;
  return createProvider({
    provider,
    ...TEST_DEFAULTS[provider],
    baseUrl,
    streaming: true,
    maxRetries: 3,
    clock: recordingClock(),
    random: () => 0,
    ...overrides,
  });
}
