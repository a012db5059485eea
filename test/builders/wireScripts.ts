import { toWireName } from '../../src/core/tools/wireNames';
import { chunk, recordedStream, sse, type ScriptedReply } from './wireServer';

/**
 * Scripted model turns in each provider's wire format, for conversations the recordings do not cover: the agent
 * loop's own tools under their wire names (`vault.createFile` → `vault_createFile`), text, usage with cache reads.
 */

export interface WireCall {
  id: string;
  /** Canonical (dotted) name; sent under its wire name. */
  name: string;
  input: unknown;
}

export interface WireUsage {
  input: number;
  output: number;
  cacheRead?: number;
}

type SseEvent = { event: string; data: unknown };

const anthropicUsage = (usage: WireUsage): Record<string, number> => ({
  input_tokens: usage.input,
  output_tokens: 1,
  cache_read_input_tokens: usage.cacheRead ?? 0,
  cache_creation_input_tokens: 0,
});

function anthropicTextBlock(index: number, text: string): SseEvent[] {
  return [
    {
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
  ];
}

function anthropicToolBlock(index: number, call: WireCall): SseEvent[] {
  const json = JSON.stringify(call.input);
  // Streamed in two pieces, as the API does, so the accumulator's joining is exercised.
  const half = Math.floor(json.length / 2);
  return [
    {
      event: 'content_block_start',
      data: {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: call.id, name: toWireName(call.name), input: {} },
      },
    },
    ...[json.slice(0, half), json.slice(half)].map((partial_json) => ({
      event: 'content_block_delta',
      data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } },
    })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index } },
  ];
}

/** The events before the blocks of an Anthropic answer. */
export function anthropicStart(usage: WireUsage = { input: 100, output: 10 }): SseEvent {
  return {
    event: 'message_start',
    data: {
      type: 'message_start',
      message: {
        id: 'msg_wire',
        type: 'message',
        role: 'assistant',
        model: 'claude-test',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: anthropicUsage(usage),
      },
    },
  };
}

/** One Anthropic answer: optional text, then tool calls; stops with tool_use when there are calls. */
export function anthropicTurn(options: {
  text?: string;
  calls?: readonly WireCall[];
  usage?: WireUsage;
  stopReason?: string;
}): ScriptedReply {
  const usage = options.usage ?? { input: 100, output: 10 };
  const blocks: SseEvent[] = [];
  let index = 0;
  if (options.text) blocks.push(...anthropicTextBlock(index++, options.text));
  for (const call of options.calls ?? []) blocks.push(...anthropicToolBlock(index++, call));
  const stopReason = options.stopReason ?? ((options.calls ?? []).length > 0 ? 'tool_use' : 'end_turn');
  return {
    sse: sse([
      anthropicStart(usage),
      ...blocks,
      {
        event: 'message_delta',
        data: {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: usage.output },
        },
      },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ]),
  };
}

export const anthropicText = (text: string, usage?: WireUsage): ScriptedReply =>
  anthropicTurn({ text, ...(usage ? { usage } : {}) });
export const anthropicCalls = (calls: readonly WireCall[], text?: string, usage?: WireUsage): ScriptedReply =>
  anthropicTurn({ calls, ...(text ? { text } : {}), ...(usage ? { usage } : {}) });

/** One OpenAI chat answer: text and tool calls as chunks, finish reason, a usage chunk and [DONE]. */
export function openAiTurn(options: { text?: string; calls?: readonly WireCall[]; usage?: WireUsage }): ScriptedReply {
  const usage = options.usage ?? { input: 100, output: 10 };
  const chunks: string[] = [chunk({ role: 'assistant', content: options.text ? '' : null })];
  if (options.text) chunks.push(chunk({ content: options.text }));
  (options.calls ?? []).forEach((call, index) => {
    const json = JSON.stringify(call.input);
    chunks.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: toWireName(call.name), arguments: '' } },
        ],
      }),
    );
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: json } }] }));
  });
  chunks.push(chunk({}, (options.calls ?? []).length > 0 ? 'tool_calls' : 'stop'));
  chunks.push(
    JSON.stringify({
      id: 'chatcmpl-test',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'test-model',
      choices: [],
      usage: {
        prompt_tokens: usage.input,
        completion_tokens: usage.output,
        total_tokens: usage.input + usage.output,
        prompt_tokens_details: { cached_tokens: usage.cacheRead ?? 0 },
      },
    }),
  );
  return { sse: sse([...chunks, '[DONE]']) };
}

export const openAiText = (text: string, usage?: WireUsage): ScriptedReply =>
  openAiTurn({ text, ...(usage ? { usage } : {}) });
export const openAiCalls = (calls: readonly WireCall[], usage?: WireUsage): ScriptedReply =>
  openAiTurn({ calls, ...(usage ? { usage } : {}) });

/**
 * A recorded stream with its tool names and arguments replaced by ours: the shapes of real (or issue-described)
 * server output, carrying calls the agent can run.
 */
export function adaptedStream(file: string, replacements: readonly [string, string][]): ScriptedReply {
  let text = recordedStream(file);
  for (const [from, to] of replacements) text = text.split(from).join(to);
  return { sse: text };
}

/** One Anthropic answer as a whole JSON message (a request made without streaming). */
export function anthropicJson(options: {
  text?: string;
  calls?: readonly WireCall[];
  usage?: WireUsage;
}): ScriptedReply {
  const usage = options.usage ?? { input: 100, output: 10 };
  const calls = options.calls ?? [];
  return {
    json: {
      id: 'msg_json',
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [
        ...(options.text ? [{ type: 'text', text: options.text }] : []),
        ...calls.map((call) => ({ type: 'tool_use', id: call.id, name: toWireName(call.name), input: call.input })),
      ],
      stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { ...anthropicUsage(usage), output_tokens: usage.output },
    },
  };
}

/** One OpenAI chat completion as a whole JSON body (a request made without streaming). */
export function openAiJson(options: { text?: string; calls?: readonly WireCall[]; usage?: WireUsage }): ScriptedReply {
  const usage = options.usage ?? { input: 100, output: 10 };
  const calls = options.calls ?? [];
  return {
    json: {
      id: 'chatcmpl-json',
      object: 'chat.completion',
      created: 1,
      model: 'test-model',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: options.text ?? null,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: toWireName(call.name), arguments: JSON.stringify(call.input) },
                  })),
                }
              : {}),
          },
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
    },
  };
}
