import { requestUrl } from 'obsidian';
import { describe, expect, it } from 'vitest';
import type { LlmEvent } from '../../src/core/ports/llm';
import { createRequestUrlFetch } from '../../src/obsidian/requestUrlFetch';
import { createProvider, type FetchLike, type ProviderConfig } from '../../src/providers/createProvider';
import { useWireServer } from '../builders/useWireServer';
import { anthropicError, chunk, openAiError, recordedStream, sse, WireServer } from '../builders/wireServer';
import { buildRequest, collect, failure, recordingClock, summary, testProvider } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const anthropic = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof createProvider> =>
  testProvider(server, 'anthropic', overrides);
const compatible = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof createProvider> =>
  testProvider(server, 'openai-compatible', { model: 'llama3.1', ...overrides });

const TEXT_ONLY = { sse: recordedStream('anthropic_text_only_end_turn.sse') };
const overloaded = { status: 529, json: anthropicError('overloaded_error', 'Overloaded') };

describe('retry policy', () => {
  it('should wait as long as retry-after says after a 429, then succeed', async () => {
    server.reply(
      '/v1/messages',
      { status: 429, headers: { 'retry-after': '2' }, json: anthropicError('rate_limit_error', 'Slow down') },
      TEXT_ONLY,
    );
    const clock = recordingClock();
    const { text } = summary(await collect(anthropic({ clock })));
    expect(text).toBe('Hello there!');
    expect(clock.sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('should prefer retry-after-ms over retry-after', async () => {
    server.reply(
      '/v1/messages',
      {
        status: 429,
        headers: { 'retry-after-ms': '1500', 'retry-after': '2' },
        json: anthropicError('rate_limit_error', 'Slow down'),
      },
      TEXT_ONLY,
    );
    const clock = recordingClock();
    await collect(anthropic({ clock }));
    expect(clock.sleeps).toEqual([1500]);
  });

  it('should back off exponentially on 529 and 5xx, with jitter taking up to a quarter off', async () => {
    server.reply(
      '/v1/messages',
      overloaded,
      { status: 500, json: anthropicError('api_error', 'Internal') },
      { status: 503, json: anthropicError('api_error', 'Unavailable') },
      TEXT_ONLY,
    );
    const clock = recordingClock();
    await collect(anthropic({ clock, random: () => 0.5 }));
    expect(clock.sleeps).toEqual([438, 875, 1750]);
  });

  it('should stop after the maximum number of retries and say how many were made', async () => {
    server.reply('/v1/messages', overloaded, overloaded, overloaded, TEXT_ONLY);
    const clock = recordingClock();
    const error = await failure(anthropic({ clock, maxRetries: 2 }));
    expect(error.code).toBe('PROVIDER_ERROR');
    expect(error.message).toBe('Anthropic is overloaded (529) after 2 retries: try again in a few minutes. Overloaded');
    expect(clock.sleeps).toEqual([500, 1000]);
    expect(server.requests).toHaveLength(3);
  });

  it('should cap the backoff at 8 seconds', async () => {
    server.reply('/v1/messages', ...Array.from({ length: 7 }, () => overloaded), TEXT_ONLY);
    const clock = recordingClock();
    await collect(anthropic({ clock, maxRetries: 10 }));
    expect(clock.sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('should give RATE_LIMITED when 429s outlast the retries', async () => {
    server.reply(
      '/v1/chat/completions',
      ...Array.from({ length: 2 }, () => ({
        status: 429,
        headers: { 'retry-after': '1' },
        json: openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
      })),
    );
    const clock = recordingClock();
    const error = await failure(compatible({ clock, maxRetries: 1 }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe(
      `The server at ${server.openAiBaseUrl} is still limiting requests (429) after 1 retry: wait a minute and try again, or raise Settings → Embedded Agent → Max retries. Rate limit reached for requests`,
    );
    expect(clock.sleeps).toEqual([1000]);
  });

  it('should not wait when the server asks for more than a minute', async () => {
    server.reply('/v1/messages', {
      status: 429,
      headers: { 'retry-after': '3600' },
      json: anthropicError('rate_limit_error', 'Daily limit'),
    });
    const clock = recordingClock();
    const error = await failure(anthropic({ clock }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe(
      'Anthropic is limiting requests (429) and asks to wait 3600 s: try again then. Daily limit',
    );
    expect(clock.sleeps).toEqual([]);
  });

  it.each([408, 409])('should retry a %i', async (status) => {
    server.reply('/v1/messages', { status, json: anthropicError('api_error', 'try again') }, TEXT_ONLY);
    const clock = recordingClock();
    await collect(anthropic({ clock }));
    expect(clock.sleeps).toEqual([500]);
  });

  it.each([400, 401, 403, 404])('should not retry a %i', async (status) => {
    server.reply('/v1/messages', { status, json: anthropicError('invalid_request_error', 'no') }, TEXT_ONLY);
    await failure(anthropic());
    expect(server.requests).toHaveLength(1);
  });

  it('should retry a dropped connection and fail with NETWORK naming the address when it keeps dropping', async () => {
    server.reply('/v1/messages', { destroy: true }, { destroy: true });
    const clock = recordingClock();
    const error = await failure(anthropic({ clock, maxRetries: 1 }));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(
      new RegExp(
        `^Could not reach Anthropic at ${server.origin} after 1 retry: .+\\. Check your connection and Settings → Embedded Agent → Base URL$`,
      ),
    );
    expect(clock.sleeps).toEqual([500]);
  });

  it('should retry a connection that breaks in the middle of the stream before any output', async () => {
    const started = recordedStream('anthropic_text_only_end_turn.sse').split('event: content_block_start')[0] ?? '';
    server.reply('/v1/messages', { sse: started, drop: true }, TEXT_ONLY);
    const clock = recordingClock();
    const { text } = summary(await collect(anthropic({ clock })));
    expect(text).toBe('Hello there!');
    expect(clock.sleeps).toEqual([500]);
  });

  it('should report a connection that breaks after part of the answer as a broken-off answer, without retrying', async () => {
    const half =
      recordedStream('openai_chat_text_only_stop_with_usage.sse').split('\n\n').slice(0, 3).join('\n\n') + '\n\n';
    server.reply('/v1/chat/completions', { sse: half, drop: true });
    const clock = recordingClock();
    const error = await failure(compatible({ clock }));
    expect(error.code).toBe('PROVIDER_ERROR');
    expect(error.message).toBe(
      `The server at ${server.openAiBaseUrl} broke off the answer: connection lost (terminated). Send the message again`,
    );
    expect(clock.sleeps).toEqual([]);
  });

  it('should say in the log which transport carried each request and why it retried', async () => {
    server.reply('/v1/messages', overloaded, TEXT_ONLY);
    const log: string[] = [];
    await collect(anthropic({ log: (line) => log.push(line) }));
    expect(log).toEqual([
      'Anthropic (claude-opus-4-8): request streaming over fetch',
      'Anthropic: 529 Overloaded; retry 1 of 3 in 500 ms',
      'Anthropic (claude-opus-4-8): request streaming over fetch, retry 1 of 3',
    ]);
  });
});

describe('cancelling', () => {
  it('should stop a stream in the middle with CANCELLED when the signal aborts', async () => {
    const halfStream = recordedStream('anthropic_text_only_end_turn.sse').split('event: content_block_stop')[0] ?? '';
    server.reply('/v1/messages', { sse: halfStream, hang: true });
    const controller = new AbortController();
    const events: LlmEvent[] = [];
    const run = (async () => {
      for await (const event of anthropic().stream(buildRequest({ signal: controller.signal }))) {
        events.push(event);
        if (events.length === 1) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({
      code: 'CANCELLED',
      message: 'Cancelled: the request to Anthropic was stopped',
    });
    expect(events[0]).toEqual({ type: 'text', delta: 'Hello' });
    expect(events.some((event) => event.type === 'stop')).toBe(false);
  });

  it('should stop waiting for a retry when the signal aborts', async () => {
    server.reply('/v1/messages', overloaded, TEXT_ONLY);
    const controller = new AbortController();
    const clock = recordingClock();
    clock.sleep = () => {
      controller.abort();
      return Promise.reject(new Error('sleep interrupted'));
    };
    const error = await failure(anthropic({ clock }), buildRequest({ signal: controller.signal }));
    expect(error.code).toBe('CANCELLED');
    expect(server.requests).toHaveLength(1);
  });

  it('should send nothing when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(anthropic(), buildRequest({ signal: controller.signal }));
    expect(error.code).toBe('CANCELLED');
    expect(server.requests).toHaveLength(0);
  });
});

describe('non-streaming transport', () => {
  const message = {
    id: 'msg_2',
    type: 'message',
    role: 'assistant',
    model: 'claude-opus-4-8',
    content: [
      { type: 'text', text: "I'll check the current weather in Paris for you." },
      { type: 'tool_use', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get_weather', input: { location: 'Paris' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 377, output_tokens: 65, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
  };

  it('should go through the injected fetch (requestUrl) and give the same events as the stream of the same answer', async () => {
    const requestUrlFetch = createRequestUrlFetch(requestUrl);
    const used: string[] = [];
    const nonStreamingFetch: FetchLike = (input, init) => {
      used.push(String(input instanceof Request ? input.url : input));
      return requestUrlFetch(input, init);
    };
    server.reply('/v1/messages', { json: message }, { sse: recordedStream('anthropic_tool_use_text_then_tool.sse') });
    const log: string[] = [];
    const whole = await collect(anthropic({ streaming: false, nonStreamingFetch, log: (line) => log.push(line) }));
    const streamed = await collect(anthropic());
    expect(used).toEqual([`${server.origin}/v1/messages`]);
    expect(log).toEqual(['Anthropic (claude-opus-4-8): request without streaming over requestUrl']);
    expect(server.bodies('/v1/messages')[0]?.stream).toBe(false);
    expect(summary(whole)).toEqual(summary(streamed));
    const shape = (events: LlmEvent[]): string[] => [...new Set(events.map((event) => event.type))];
    expect(shape(whole)).toEqual(shape(streamed));
  });

  it('should give the same truncated flag for a whole answer stopped by max_tokens', async () => {
    server.reply('/v1/messages', {
      json: {
        ...message,
        stop_reason: 'max_tokens',
        content: [{ type: 'tool_use', id: 'toolu_x', name: 'vault_createFile', input: { path: 'a.md' } }],
      },
    });
    const { calls, stop } = summary(await collect(anthropic({ streaming: false })));
    expect(stop).toBe('max_tokens');
    expect(calls).toMatchObject([{ id: 'toolu_x', name: 'vault.createFile', input: null, truncated: true }]);
  });

  it("should keep a whole answer's complete call when max_tokens cut off the text after it", async () => {
    server.reply('/v1/messages', {
      json: {
        ...message,
        stop_reason: 'max_tokens',
        content: [
          { type: 'tool_use', id: 'toolu_x', name: 'vault_readFile', input: { path: 'a.md' } },
          { type: 'text', text: 'And then I' },
        ],
      },
    });
    const { calls } = summary(await collect(anthropic({ streaming: false })));
    expect(calls).toEqual([{ type: 'tool-call', id: 'toolu_x', name: 'vault.readFile', input: { path: 'a.md' } }]);
  });

  it.each([
    ['closes before its finish reason', { sse: sse([chunk({ role: 'assistant', content: '' })]) }],
    ['breaks off', { sse: sse([chunk({ role: 'assistant', content: '' })]), drop: true }],
  ])(
    'should retry by streaming, not fall back to requestUrl, when a stream from a custom endpoint %s',
    async (_how, broken) => {
      server.reply('/v1/chat/completions', broken, {
        sse: recordedStream('openai_chat_text_only_stop_with_usage.sse'),
      });
      const log: string[] = [];
      const port = compatible({ nonStreamingFetch: createRequestUrlFetch(requestUrl), log: (line) => log.push(line) });
      expect(summary(await collect(port)).stop).toBe('end_turn');
      expect(log.filter((line) => line.includes('(llama3.1): request'))).toEqual([
        `The server at ${server.openAiBaseUrl} (llama3.1): request streaming over fetch`,
        `The server at ${server.openAiBaseUrl} (llama3.1): request streaming over fetch, retry 1 of 3`,
      ]);
    },
  );

  it('should fall back to requestUrl when streaming to a custom endpoint cannot connect (CORS), and stay there', async () => {
    const corsBlocked: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    server.reply(
      '/v1/chat/completions',
      {
        json: {
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: 'llama3.1',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
        },
      },
      {
        json: {
          id: 'c2',
          object: 'chat.completion',
          created: 1,
          model: 'llama3.1',
          choices: [{ index: 0, message: { role: 'assistant', content: 'Again' }, finish_reason: 'stop' }],
        },
      },
    );
    const log: string[] = [];
    const clock = recordingClock();
    const port = compatible({
      fetch: corsBlocked,
      nonStreamingFetch: createRequestUrlFetch(requestUrl),
      clock,
      log: (line) => log.push(line),
    });
    expect(summary(await collect(port)).text).toBe('Hi');
    expect(summary(await collect(port)).text).toBe('Again');
    expect(clock.sleeps).toEqual([]);
    expect(log).toEqual([
      `The server at ${server.openAiBaseUrl} (llama3.1): request streaming over fetch`,
      `The server at ${server.openAiBaseUrl}: streaming request failed (Connection error: Failed to fetch); trying without streaming in case CORS blocks it`,
      `The server at ${server.openAiBaseUrl} (llama3.1): request without streaming over requestUrl`,
      `The server at ${server.openAiBaseUrl}: streaming is blocked but requestUrl works; answers arrive whole from now on`,
      `The server at ${server.openAiBaseUrl} (llama3.1): request without streaming over requestUrl`,
    ]);
  });
});
