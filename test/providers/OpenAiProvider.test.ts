import { describe, expect, it } from 'vitest';
import type { LlmEvent } from '../../src/core/ports/llm';
import { createProvider, type ProviderConfig } from '../../src/providers/createProvider';
import { useWireServer } from '../builders/useWireServer';
import { chunk, openAiError, recordedStream, sse, WireServer } from '../builders/wireServer';
import { buildRequest, collect, failure, recordingClock, summary, testProvider } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const openai = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof createProvider> =>
  testProvider(server, 'openai', overrides);
const compatible = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof createProvider> =>
  testProvider(server, 'openai-compatible', overrides);

const CHAT = '/v1/chat/completions';
const types = (events: LlmEvent[]): string[] => events.map((event) => event.type);

describe('OpenAiProvider on recorded streams', () => {
  it('should stream the text of a text-only answer, then usage and end_turn', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    const events = await collect(openai());
    expect(summary(events)).toEqual({
      text: '{"city":"San Francisco","units":"c"}',
      calls: [],
      usage: { inputTokens: 17, outputTokens: 10, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stop: 'end_turn',
    });
    expect(types(events).slice(-2)).toEqual(['usage', 'stop']);
  });

  it('should accumulate a tool call streamed in argument fragments', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_tool_call_single_nonstrict.sse') });
    const events = await collect(openai());
    expect(summary(events)).toEqual({
      text: '',
      calls: [
        {
          type: 'tool-call',
          id: 'call_4XzlGBLtUe9dy3GVNV4jhq7h',
          name: 'get.weather',
          input: { city: 'New York City' },
        },
      ],
      usage: { inputTokens: 44, outputTokens: 16, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stop: 'tool_use',
    });
    expect(events[0]).toEqual({ type: 'tool-call-start', id: 'call_4XzlGBLtUe9dy3GVNV4jhq7h', name: 'get.weather' });
    expect(
      events
        .filter((event) => event.type === 'tool-call-delta')
        .map((event) => (event as { argumentsDelta: string }).argumentsDelta)
        .join(''),
    ).toBe('{"city":"New York City"}');
  });

  it.each([
    ['openai_chat_tool_call_strict_pydantic.sse', 'GetWeatherArgs', { city: 'Edinburgh', country: 'UK', units: 'c' }],
    ['openai_chat_tool_call_strict_weather.sse', 'get.weather', { city: 'San Francisco', state: 'CA' }],
  ])('should accumulate the strict tool call of %s', async (file, name, input) => {
    server.reply(CHAT, { sse: recordedStream(file) });
    const { calls, stop } = summary(await collect(openai()));
    expect(stop).toBe('tool_use');
    expect(calls).toMatchObject([{ type: 'tool-call', name, input }]);
  });

  it('should keep two parallel tool calls apart by index, in order', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_tool_calls_parallel_two_tools.sse') });
    const { calls, usage } = summary(await collect(openai()));
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: 'call_JMW1whyEaYG438VE1OIflxA2',
        name: 'GetWeatherArgs',
        input: { city: 'Edinburgh', country: 'GB', units: 'c' },
      },
      {
        type: 'tool-call',
        id: 'call_DNYTawLBoN8fj3KN6qU9N1Ou',
        name: 'get.stock.price',
        input: { ticker: 'AAPL', exchange: 'NASDAQ' },
      },
    ]);
    expect(usage).toEqual({ inputTokens: 149, outputTokens: 60, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });
});

describe('OpenAiProvider on local-server quirks', () => {
  it('should take a whole tool call from one chunk with no index (Ollama 0.3)', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/ollama_v0.3_single_chunk_tool_call_no_index.sse') });
    const { calls, stop } = summary(await collect(compatible()));
    expect(calls).toEqual([{ type: 'tool-call', id: 'call_ejieksiz', name: 'function.1', input: { a: 10, b: 11 } }]);
    expect(stop).toBe('tool_use');
  });

  it('should keep calls apart that all come with index 0 but different ids (Ollama)', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/ollama_index_always_zero_two_calls.SYNTHETIC.sse') });
    const { calls } = summary(await collect(compatible()));
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: 'call_aaa111',
        name: 'file.write',
        input: { filePath: 'hello.py', content: 'print("hello")' },
      },
      {
        type: 'tool-call',
        id: 'call_bbb222',
        name: 'file.write',
        input: { filePath: 'world.py', content: 'print("world")' },
      },
    ]);
  });

  it('should keep the name when argument chunks carry name "" (LM Studio)', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/lmstudio_empty_name_in_argument_chunks.SYNTHETIC.sse') });
    const { calls } = summary(await collect(compatible()));
    expect(calls).toEqual([{ type: 'tool-call', id: '123456789', name: 'search.notes', input: { query: 'budget' } }]);
  });

  it('should make up an id when the first delta has none (Ollama gpt-oss)', async () => {
    server.reply(CHAT, { sse: recordedStream('quirks/first_delta_index_without_id.SYNTHETIC.sse') });
    const events = await collect(compatible());
    expect(summary(events).calls).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'read.note', input: { filepath: 'Daily/2024-01-01.md' } },
    ]);
    expect(
      events.filter((event) => event.type !== 'stop').every((event) => !('id' in event) || event.id === 'call_1'),
    ).toBe(true);
  });

  it('should take arguments sent as an object instead of a JSON string', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk(
          {
            role: 'assistant',
            tool_calls: [{ id: 'call_o', function: { name: 'vault_readFile', arguments: { path: 'a.md' } } }],
          },
          'tool_calls',
        ),
        '[DONE]',
      ]),
    });
    const { calls } = summary(await collect(compatible()));
    expect(calls).toEqual([{ type: 'tool-call', id: 'call_o', name: 'vault.readFile', input: { path: 'a.md' } }]);
  });

  it('should report tool_use when an older server finishes tool calls with "stop"', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk(
          {
            role: 'assistant',
            tool_calls: [{ id: 'call_s', function: { name: 'vault_readFile', arguments: '{"path":"a.md"}' } }],
          },
          'stop',
        ),
        '[DONE]',
      ]),
    });
    expect(summary(await collect(compatible())).stop).toBe('tool_use');
  });
});

describe('OpenAiProvider tool calls', () => {
  it('should mark a tool call cut off by finish_reason "length" as truncated, and keep the complete one before it', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk({
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'vault_readFile', arguments: '{"path":"a.md"}' },
            },
          ],
        }),
        chunk({
          tool_calls: [
            {
              index: 1,
              id: 'call_2',
              type: 'function',
              function: { name: 'vault_createFile', arguments: '{"path":"b.md","content":"Lo' },
            },
          ],
        }),
        chunk({}, 'length'),
        '[DONE]',
      ]),
    });
    const { calls, stop } = summary(await collect(openai()));
    expect(stop).toBe('max_tokens');
    expect(calls).toEqual([
      { type: 'tool-call', id: 'call_1', name: 'vault.readFile', input: { path: 'a.md' } },
      {
        type: 'tool-call',
        id: 'call_2',
        name: 'vault.createFile',
        input: null,
        truncated: true,
        error:
          'The call of vault.createFile was cut off by the output token limit before its arguments were complete, so it was not run. Make the call again with shorter arguments (e.g. write a long note in parts).',
      },
    ]);
  });

  it('should give invalid JSON arguments as a tool call with input null and an error', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk(
          {
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_j',
                type: 'function',
                function: { name: 'vault_readFile', arguments: "{'path': 'a.md'}" },
              },
            ],
          },
          'tool_calls',
        ),
        '[DONE]',
      ]),
    });
    const { calls } = summary(await collect(openai()));
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: 'call_j',
        name: 'vault.readFile',
        input: null,
        error: expect.stringMatching(
          /^Arguments of vault\.readFile are not valid JSON \(.+\); got: \{'path': 'a\.md'\}$/,
        ) as unknown,
      },
    ]);
  });

  it('should report cached prompt tokens as cache reads, apart from the input tokens', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk({ role: 'assistant', content: 'ok' }, 'stop'),
        JSON.stringify({
          id: 'c',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'gpt-4o',
          choices: [],
          usage: {
            prompt_tokens: 2000,
            completion_tokens: 5,
            total_tokens: 2005,
            prompt_tokens_details: { cached_tokens: 1536 },
          },
        }),
        '[DONE]',
      ]),
    });
    expect(summary(await collect(openai())).usage).toEqual({
      inputTokens: 464,
      outputTokens: 5,
      cacheReadTokens: 1536,
      cacheWriteTokens: 0,
    });
  });
});

describe('OpenAiProvider request', () => {
  const history = buildRequest({
    temperature: 0.2,
    messages: [
      { role: 'user', text: 'Make a note' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'call_1', name: 'vault.createFile', input: { path: 'a.md' } }] },
      {
        role: 'tool-results',
        results: [{ callId: 'call_1', name: 'vault.createFile', content: 'exists', isError: true }],
      },
    ],
  });

  it('should send wire tool names, the history as chat messages, max_completion_tokens and usage in the stream', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    await collect(openai(), history);
    const [body] = server.bodies(CHAT);
    expect(body).toEqual({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'You are a vault agent.' },
        { role: 'user', content: 'Make a note' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'vault_createFile', arguments: '{"path":"a.md"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'Error: exists' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'vault_createFile',
            description: 'Create a note.',
            parameters: history.tools[0]?.inputSchema,
          },
        },
        {
          type: 'function',
          function: { name: 'vault_readFile', description: 'Read a note.', parameters: history.tools[1]?.inputSchema },
        },
      ],
      max_completion_tokens: 1024,
      temperature: 0.2,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('should send max_tokens to a compatible server and no Authorization header when there is no key', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    await collect(compatible(), history);
    const [request] = server.requests;
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toMatchObject({ max_tokens: 1024 });
    expect(request?.body).not.toHaveProperty('max_completion_tokens');
  });

  it('should send the key to a compatible server that has one (OpenRouter)', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    await collect(compatible({ apiKey: 'sk-or-1' }));
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-or-1');
  });

  it('should ask OpenAI for a JSON object when the request wants JSON, and leave out temperature for reasoning models', async () => {
    server.reply(CHAT, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    await collect(openai({ model: 'o4-mini' }), buildRequest({ json: true, temperature: 0.2, tools: [] }));
    const [body] = server.bodies(CHAT);
    expect(body).toMatchObject({ response_format: { type: 'json_object' } });
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('tools');
  });
});

describe('OpenAiProvider failures', () => {
  it('should name the API key setting when OpenAI rejects the key (401)', async () => {
    server.reply(CHAT, {
      status: 401,
      json: openAiError('Incorrect API key provided: sk-test.', 'invalid_request_error', 'invalid_api_key'),
    });
    const error = await failure(openai());
    expect(error.code).toBe('PROVIDER_AUTH');
    expect(error.message).toBe('OpenAI rejected the API key (401): set it in Settings → Embedded Agent → API key');
  });

  it('should not retry a 429 for an account out of quota, and say that waiting does not help', async () => {
    const message =
      'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';
    server.reply(CHAT, { status: 429, json: openAiError(message, 'insufficient_quota', 'insufficient_quota') });
    const clock = recordingClock();
    const error = await failure(openai({ clock }));
    expect(error.code).toBe('PROVIDER_ERROR');
    expect(error.message).toBe(
      `OpenAI refused the request: the account of the API key has no quota left (429). Check its plan and billing. ${message}`,
    );
    expect(clock.sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('should name the model and the /v1 base URL when a compatible server answers 404', async () => {
    server.reply(CHAT, {
      status: 404,
      json: openAiError('model "llama9" not found, try pulling it first', 'api_error'),
    });
    const error = await failure(compatible({ model: 'llama9' }));
    expect(error.code).toBe('PROVIDER_MODEL');
    expect(error.message).toBe(
      `The server at ${server.openAiBaseUrl} does not know the model "llama9" (404): check Settings → Embedded Agent → Model, and that the base URL ends in /v1 (e.g. http://localhost:11434/v1). model "llama9" not found, try pulling it first`,
    );
  });

  it('should read an error body that is a bare string (Ollama)', async () => {
    server.reply(CHAT, { status: 400, json: { error: 'invalid tool schema' } });
    const error = await failure(compatible());
    expect(error.message).toBe(`The server at ${server.openAiBaseUrl} refused the request (400): invalid tool schema`);
  });

  it('should report CONTEXT_OVERFLOW for context_length_exceeded, without retrying', async () => {
    const message =
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.";
    server.reply(CHAT, {
      status: 400,
      json: openAiError(message, 'invalid_request_error', 'context_length_exceeded', 'messages'),
    });
    const error = await failure(openai());
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.message).toBe(`The conversation no longer fits the context window of gpt-4o: ${message}`);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [
      'llama.cpp',
      400,
      {
        error: {
          code: 400,
          message: 'request (4390 tokens) exceeds the available context size (4096 tokens), try increasing it',
          type: 'exceed_context_size_error',
          n_prompt_tokens: 4390,
          n_ctx: 4096,
        },
      },
    ],
    [
      'llama.cpp (older)',
      500,
      {
        error: {
          code: 500,
          message:
            'the request exceeds the available context size. try increasing the context size or enable context shift',
          type: 'exceed_context_size_error',
          n_prompt_tokens: 1407,
          n_ctx: 256,
        },
      },
    ],
    [
      'LM Studio',
      400,
      {
        error:
          'Trying to keep the first 15857 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Try to load the model with a larger context length, or provide a shorter input',
      },
    ],
  ])(
    'should report CONTEXT_OVERFLOW for the overflow answer of %s, without retrying',
    async (_server, status, body) => {
      server.reply(CHAT, { status, json: body });
      const error = await failure(compatible());
      expect(error.code).toBe('CONTEXT_OVERFLOW');
      expect(server.requests).toHaveLength(1);
    },
  );

  it('should report an error chunk in the middle of the stream as a broken-off answer', async () => {
    server.reply(CHAT, {
      sse: sse([
        chunk({ role: 'assistant', content: 'Half' }),
        JSON.stringify({
          error: { message: 'The server had an error while processing your request.', type: 'server_error' },
        }),
      ]),
    });
    const events: LlmEvent[] = [];
    await expect(
      (async () => {
        for await (const event of openai().stream(buildRequest())) events.push(event);
      })(),
    ).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message:
        'OpenAI broke off the answer (500): The server had an error while processing your request. Send the message again',
    });
    expect(events).toEqual([{ type: 'text', delta: 'Half' }]);
  });

  it("should report vLLM's error object in the middle of the stream with its message and code", async () => {
    const failed = JSON.stringify({
      object: 'error',
      message: 'CUDA out of memory while decoding',
      type: 'InternalServerError',
      param: null,
      code: 500,
    });
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: 'Half' }), failed]) });
    const events: LlmEvent[] = [];
    await expect(
      (async () => {
        for await (const event of compatible().stream(buildRequest())) events.push(event);
      })(),
    ).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('broke off the answer (500): CUDA out of memory while decoding') as unknown,
    });
    expect(events).toEqual([{ type: 'text', delta: 'Half' }]);
  });

  it('should retry an error event before any output whose numeric code is a retryable status (OpenRouter)', async () => {
    const providerDown = JSON.stringify({
      id: 'gen-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'meta-llama/llama-3.3-70b-instruct',
      error: { code: 502, message: 'Provider returned error' },
      choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
    });
    server.reply(
      CHAT,
      { sse: sse([chunk({ role: 'assistant', content: '' }), providerDown]) },
      { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') },
    );
    const clock = recordingClock();
    expect(summary(await collect(compatible({ clock, apiKey: 'sk-or-1' }))).stop).toBe('end_turn');
    expect(clock.sleeps).toEqual([500]);
  });

  it('should retry a stream that closes before its finish reason, when nothing was passed on yet', async () => {
    server.reply(
      CHAT,
      { sse: sse([chunk({ role: 'assistant', content: '' })]) },
      { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') },
    );
    const clock = recordingClock();
    expect(summary(await collect(openai({ clock }))).text).toBe('{"city":"San Francisco","units":"c"}');
    expect(clock.sleeps).toEqual([500]);
  });

  it('should report a stream that closes after some text but before its finish reason as a broken-off answer', async () => {
    server.reply(CHAT, { sse: sse([chunk({ role: 'assistant', content: 'The first half of' })]) });
    const events: LlmEvent[] = [];
    await expect(
      (async () => {
        for await (const event of openai().stream(buildRequest())) events.push(event);
      })(),
    ).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message:
        'OpenAI broke off the answer: The answer stream ended before its finish reason arrived. Send the message again',
    });
    expect(events).toEqual([{ type: 'text', delta: 'The first half of' }]);
  });

  it('should retry a stream that ends before anything arrived', async () => {
    server.reply(CHAT, { sse: '' }, { sse: recordedStream('openai_chat_text_only_stop_with_usage.sse') });
    const clock = recordingClock();
    expect(summary(await collect(openai({ clock }))).stop).toBe('end_turn');
    expect(clock.sleeps).toEqual([500]);
  });
});

describe('OpenAiProvider without streaming', () => {
  it('should refuse a completion with no choices instead of taking it for an empty answer', async () => {
    server.reply(CHAT, { json: { id: 'c', object: 'chat.completion', created: 1, model: 'local-model', choices: [] } });
    const error = await failure(compatible({ streaming: false, maxRetries: 0 }));
    expect(error.message).toContain('the answer had no choices');
  });

  it('should give the same events from a whole completion, Ollama-style calls without index included', async () => {
    server.reply(CHAT, {
      json: {
        id: 'c',
        object: 'chat.completion',
        created: 1,
        model: 'qwen2.5-coder:7b',
        choices: [
          {
            index: 0,
            finish_reason: 'tool_calls',
            message: {
              role: 'assistant',
              content: '',
              tool_calls: [
                {
                  id: 'call_aaa111',
                  index: 0,
                  type: 'function',
                  function: { name: 'file_write', arguments: '{"filePath":"hello.py","content":"print(\\"hello\\")"}' },
                },
                {
                  id: 'call_bbb222',
                  index: 0,
                  type: 'function',
                  function: { name: 'file_write', arguments: '{"filePath":"world.py","content":"print(\\"world\\")"}' },
                },
              ],
            },
          },
        ],
        usage: { prompt_tokens: 30, completion_tokens: 12, total_tokens: 42 },
      },
    });
    server.reply(CHAT, { sse: recordedStream('quirks/ollama_index_always_zero_two_calls.SYNTHETIC.sse') });
    const whole = await collect(compatible({ streaming: false }));
    const streamed = await collect(compatible());
    expect(server.bodies(CHAT)[0]).not.toHaveProperty('stream_options');
    expect(summary(whole).calls).toEqual(summary(streamed).calls);
    expect(types(whole)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-start',
      'tool-call-delta',
      'tool-call',
      'tool-call',
      'usage',
      'stop',
    ]);
    expect(summary(whole).usage).toEqual({
      inputTokens: 30,
      outputTokens: 12,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });
});
