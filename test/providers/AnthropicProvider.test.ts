import { describe, expect, it } from 'vitest';
import type { LlmEvent } from '../../src/core/ports/llm';
import { createProvider, type ProviderConfig } from '../../src/providers/createProvider';
import { useWireServer } from '../builders/useWireServer';
import { anthropicError, recordedStream, sse, WireServer } from '../builders/wireServer';
import { buildRequest, collect, failure, recordingClock, summary, testProvider } from './helpers';

let server: WireServer;
useWireServer((started) => (server = started));

const anthropic = (overrides: Partial<ProviderConfig> = {}): ReturnType<typeof createProvider> =>
  testProvider(server, 'anthropic', overrides);

const usage = (
  input_tokens: number,
  output_tokens: number,
  cache_read_input_tokens = 0,
  cache_creation_input_tokens = 0,
): Record<string, number> => ({
  input_tokens,
  output_tokens,
  cache_read_input_tokens,
  cache_creation_input_tokens,
});

/** A whole Anthropic stream from content blocks given as event lists. */
function stream(blocks: { event: string; data: unknown }[], stopReason: string, start = usage(10, 1)): string {
  return sse([
    {
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-opus-4-8',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: start,
        },
      },
    },
    ...blocks,
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 20 },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ]);
}

function toolUseBlock(
  index: number,
  id: string,
  name: string,
  ...partialJson: string[]
): { event: string; data: unknown }[] {
  return [
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id, name, input: {} } },
    },
    ...partialJson.map((partial_json) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
  ];
}

function textBlock(index: number, text: string): { event: string; data: unknown }[] {
  return [
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
  ];
}

const types = (events: LlmEvent[]): string[] => events.map((event) => event.type);

describe('AnthropicProvider on recorded streams', () => {
  it('should stream the text of a text-only answer, then usage and end_turn', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_text_only_end_turn.sse') });
    const events = await collect(anthropic());
    expect(events).toEqual([
      { type: 'text', delta: 'Hello' },
      { type: 'text', delta: ' there' },
      { type: 'text', delta: '!' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 6, cacheReadTokens: 0, cacheWriteTokens: 0 } },
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it.each([
    'anthropic_tool_use_text_then_tool.sse',
    'anthropic_tool_use_text_then_tool.original-recording-sonnet4.sse',
  ])('should give text, then the whole tool call with its input parsed from input_json_delta (%s)', async (file) => {
    server.reply('/v1/messages', { sse: recordedStream(file) });
    const events = await collect(anthropic());
    expect(summary(events)).toEqual({
      text: "I'll check the current weather in Paris for you.",
      calls: [
        { type: 'tool-call', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get.weather', input: { location: 'Paris' } },
      ],
      usage: { inputTokens: 377, outputTokens: 65, cacheReadTokens: 0, cacheWriteTokens: 0 },
      stop: 'tool_use',
    });
    expect(types(events)).toEqual([
      'text',
      'text',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call',
      'usage',
      'stop',
    ]);
  });

  it('should mark a tool call cut off by max_tokens as truncated with no input, so it is never executed', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_tool_use_truncated_max_tokens.sse') });
    const { calls, stop } = summary(await collect(anthropic()));
    expect(stop).toBe('max_tokens');
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: 'toolu_01EKqbqmZrGRXy18eN7m9kvY',
        name: 'make.file',
        input: null,
        truncated: true,
        error:
          'The call of make.file was cut off by the output token limit before its arguments were complete, so it was not run. Make the call again with shorter arguments (e.g. write a long note in parts).',
      },
    ]);
  });

  it('should mark the call cut off by max_tokens as truncated when its content_block_stop arrives too', async () => {
    const closed = recordedStream('anthropic_tool_use_truncated_max_tokens.sse').replace(
      'event: message_delta',
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":1}\n\nevent: message_delta',
    );
    server.reply('/v1/messages', { sse: closed });
    const { calls } = summary(await collect(anthropic()));
    expect(calls).toMatchObject([
      { id: 'toolu_01EKqbqmZrGRXy18eN7m9kvY', name: 'make.file', input: null, truncated: true },
    ]);
  });

  it('should read the same answer when the stream arrives in 7-byte pieces', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_tool_use_text_then_tool.sse'), chunkSize: 7 });
    const { calls, text } = summary(await collect(anthropic()));
    expect(text).toBe("I'll check the current weather in Paris for you.");
    expect(calls).toEqual([
      { type: 'tool-call', id: 'toolu_01NRLabsLyVHZPKxbKvkfSMn', name: 'get.weather', input: { location: 'Paris' } },
    ]);
  });
});

describe('AnthropicProvider tool calls', () => {
  it("should map wire names back to the request tools' canonical names", async () => {
    server.reply('/v1/messages', {
      sse: stream(
        [
          ...toolUseBlock(0, 'toolu_a', 'vault_createFile', '{"path":', '"a.md"}'),
          ...toolUseBlock(1, 'toolu_b', 'vault_readFile', '{"path":"b.md"}'),
        ],
        'tool_use',
      ),
    });
    const { calls } = summary(await collect(anthropic()));
    expect(calls).toEqual([
      { type: 'tool-call', id: 'toolu_a', name: 'vault.createFile', input: { path: 'a.md' } },
      { type: 'tool-call', id: 'toolu_b', name: 'vault.readFile', input: { path: 'b.md' } },
    ]);
  });

  it('should give invalid JSON arguments as a tool call with input null and an error, not a crash', async () => {
    server.reply('/v1/messages', {
      sse: stream(toolUseBlock(0, 'toolu_bad', 'vault_createFile', '{"path": "a.md",,}'), 'tool_use'),
    });
    const { calls, stop } = summary(await collect(anthropic()));
    expect(stop).toBe('tool_use');
    expect(calls).toEqual([
      {
        type: 'tool-call',
        id: 'toolu_bad',
        name: 'vault.createFile',
        input: null,
        error: expect.stringMatching(
          /^Arguments of vault\.createFile are not valid JSON \(.+\); got: \{"path": "a\.md",,\}$/,
        ) as unknown,
      },
    ]);
  });

  it('should give a tool without parameters an empty input object', async () => {
    server.reply('/v1/messages', { sse: stream(toolUseBlock(0, 'toolu_e', 'editor_getSelection'), 'tool_use') });
    const { calls } = summary(await collect(anthropic()));
    expect(calls).toEqual([{ type: 'tool-call', id: 'toolu_e', name: 'editor.getSelection', input: {} }]);
  });

  it('should never give a call cut off by max_tokens before any of its JSON an empty input to run', async () => {
    server.reply('/v1/messages', {
      sse: stream(
        [...textBlock(0, 'Writing it now.'), ...toolUseBlock(1, 'toolu_cut', 'vault_createFile')],
        'max_tokens',
      ),
    });
    const { calls } = summary(await collect(anthropic()));
    expect(calls).toMatchObject([{ id: 'toolu_cut', input: null, truncated: true }]);
  });

  it('should keep a complete call when max_tokens cut off the text block after it', async () => {
    server.reply('/v1/messages', {
      sse: stream(
        [...toolUseBlock(0, 'toolu_a', 'vault_readFile', '{"path":"a.md"}'), ...textBlock(1, 'And then I')],
        'max_tokens',
      ),
    });
    const { calls } = summary(await collect(anthropic()));
    expect(calls).toEqual([{ type: 'tool-call', id: 'toolu_a', name: 'vault.readFile', input: { path: 'a.md' } }]);
  });

  it('should keep the real input count when an Anthropic-compatible server sends 0 in message_start or message_delta', async () => {
    const answer = (start: Record<string, number>, delta: Record<string, number>): string =>
      sse([
        {
          event: 'message_start',
          data: {
            type: 'message_start',
            message: {
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: 'qwen3',
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: start,
            },
          },
        },
        ...textBlock(0, 'ok'),
        {
          event: 'message_delta',
          data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: delta },
        },
        { event: 'message_stop', data: { type: 'message_stop' } },
      ]);
    server.reply(
      '/v1/messages',
      { sse: answer({ input_tokens: 1200, output_tokens: 0 }, { input_tokens: 0, output_tokens: 20 }) },
      { sse: answer({ input_tokens: 0, output_tokens: 0 }, { input_tokens: 1200, output_tokens: 20 }) },
    );
    expect(summary(await collect(anthropic())).usage).toEqual({
      inputTokens: 1200,
      outputTokens: 20,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
    expect(summary(await collect(anthropic())).usage).toEqual({
      inputTokens: 1200,
      outputTokens: 20,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it('should report cache read and write tokens', async () => {
    server.reply('/v1/messages', { sse: stream(textBlock(0, 'ok'), 'end_turn', usage(12, 1, 3000, 450)) });
    const { usage: reported } = summary(await collect(anthropic()));
    expect(reported).toEqual({ inputTokens: 12, outputTokens: 20, cacheReadTokens: 3000, cacheWriteTokens: 450 });
  });
});

describe('AnthropicProvider request body', () => {
  it('should send wire tool names and cache breakpoints on the system prompt, the last tool and the last message', async () => {
    server.reply('/v1/messages', { sse: stream(textBlock(0, 'done'), 'end_turn') });
    const request = buildRequest({
      messages: [
        { role: 'user', text: 'Make a note' },
        {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'toolu_1', name: 'vault.createFile', input: { path: 'a.md' } }],
        },
        {
          role: 'tool-results',
          results: [{ callId: 'toolu_1', name: 'vault.createFile', content: '{"path":"a.md"}', isError: false }],
        },
      ],
    });
    await collect(anthropic(), request);
    const [body] = server.bodies('/v1/messages');
    expect(body).toMatchObject({ model: 'claude-opus-4-8', max_tokens: 1024, stream: true });
    expect(body?.system).toEqual([
      { type: 'text', text: 'You are a vault agent.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(body?.tools).toEqual([
      { name: 'vault_createFile', description: 'Create a note.', input_schema: request.tools[0]?.inputSchema },
      {
        name: 'vault_readFile',
        description: 'Read a note.',
        input_schema: request.tools[1]?.inputSchema,
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(body?.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Make a note' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'vault_createFile', input: { path: 'a.md' } }],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: '{"path":"a.md"}',
            cache_control: { type: 'ephemeral' },
          },
        ],
      },
    ]);
  });

  it('should send no temperature above 1, the most Anthropic accepts (the setting allows up to 2)', async () => {
    server.reply(
      '/v1/messages',
      { sse: recordedStream('anthropic_text_only_end_turn.sse') },
      { sse: recordedStream('anthropic_text_only_end_turn.sse') },
    );
    await collect(anthropic(), buildRequest({ temperature: 1.5 }));
    await collect(anthropic(), buildRequest({ temperature: 0.2 }));
    expect(server.bodies('/v1/messages').map((body) => body.temperature)).toEqual([1, 0.2]);
  });

  it('should send the API key and the header that allows a browser-like renderer (Obsidian)', async () => {
    server.reply('/v1/messages', { sse: recordedStream('anthropic_text_only_end_turn.sse') });
    await collect(anthropic());
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer sk-ant-test');
    expect(request?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
  });
});

describe('AnthropicProvider failures', () => {
  it('should name the API key setting when the key is rejected (401)', async () => {
    server.reply('/v1/messages', { status: 401, json: anthropicError('authentication_error', 'invalid x-api-key') });
    const error = await failure(anthropic());
    expect(error.code).toBe('PROVIDER_AUTH');
    expect(error.message).toBe('Anthropic rejected the API key (401): set it in Settings → Embedded Agent → API key');
    expect(server.requests).toHaveLength(1);
  });

  it('should name the model when the server does not know it (404)', async () => {
    server.reply('/v1/messages', { status: 404, json: anthropicError('not_found_error', 'model: claude-nope') });
    const error = await failure(anthropic({ model: 'claude-nope' }));
    expect(error.code).toBe('PROVIDER_MODEL');
    expect(error.message).toBe(
      'Anthropic does not know the model "claude-nope" (404): check Settings → Embedded Agent → Model. model: claude-nope',
    );
  });

  it.each([
    'prompt is too long: 208310 tokens > 200000 maximum',
    'input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000, decrease input length or `max_tokens` and try again',
  ])('should report CONTEXT_OVERFLOW for "%s" without retrying', async (message) => {
    server.reply('/v1/messages', { status: 400, json: anthropicError('invalid_request_error', message) });
    const error = await failure(anthropic());
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.message).toBe(`The conversation no longer fits the context window of claude-opus-4-8: ${message}`);
    expect(server.requests).toHaveLength(1);
  });

  it('should report CONTEXT_OVERFLOW when the answer stops with model_context_window_exceeded', async () => {
    server.reply('/v1/messages', { sse: stream(textBlock(0, 'partial'), 'model_context_window_exceeded') });
    const error = await failure(anthropic());
    expect(error.code).toBe('CONTEXT_OVERFLOW');
    expect(error.message).toBe(
      'The conversation no longer fits the context window of claude-opus-4-8: the model reached the end of its context window (model_context_window_exceeded)',
    );
  });

  it('should report a mid-stream error event after text as a broken-off answer, without retrying', async () => {
    const broken = sse([
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: {
            id: 'msg_1',
            type: 'message',
            role: 'assistant',
            model: 'claude-opus-4-8',
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: usage(5, 1),
          },
        },
      },
      ...textBlock(0, 'Half an ans').slice(0, 2),
      { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
    ]);
    server.reply('/v1/messages', { sse: broken });
    const events: LlmEvent[] = [];
    const clock = recordingClock();
    await expect(
      (async () => {
        for await (const event of anthropic({ clock }).stream(buildRequest())) events.push(event);
      })(),
    ).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: 'Anthropic broke off the answer (529): Overloaded. Send the message again',
    });
    expect(events).toEqual([{ type: 'text', delta: 'Half an ans' }]);
    expect(clock.sleeps).toEqual([]);
  });

  it('should retry a mid-stream overloaded error that came before any output', async () => {
    const overloaded = sse([
      { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
    ]);
    server.reply('/v1/messages', { sse: overloaded }, { sse: recordedStream('anthropic_text_only_end_turn.sse') });
    const clock = recordingClock();
    const { text } = summary(await collect(anthropic({ clock })));
    expect(text).toBe('Hello there!');
    expect(clock.sleeps).toEqual([500]);
  });
});
