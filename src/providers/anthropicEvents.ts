import type Anthropic from '@anthropic-ai/sdk';
import type { LlmEvent, LlmUsage, StopReason } from '../core/ports/llm';
import { contextOverflowError, IncompleteStreamError } from './errors';
import { ToolCallAccumulator } from './ToolCallAccumulator';

/**
 * Turns Anthropic's raw stream events into LlmEvents: text as it comes, tool calls accumulated from
 * `input_json_delta` here (not by the SDK, whose message helpers hand back a partially parsed input for a call
 * cut off by `max_tokens`), then the whole calls, usage and the stop reason.
 */
export class AnthropicStreamReader {
  private readonly calls: ToolCallAccumulator;
  private readonly model: string;
  private readonly usage: LlmUsage = { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
  private stopReason: Anthropic.StopReason | undefined;

  constructor(canonicalName: (wireName: string) => string, model: string) {
    this.calls = new ToolCallAccumulator(canonicalName, 'toolu');
    this.model = model;
  }

  read(event: Anthropic.RawMessageStreamEvent): LlmEvent[] {
    switch (event.type) {
      case 'message_start':
        this.addUsage(event.message.usage);
        return [];
      case 'content_block_start': {
        const block = event.content_block;
        // A call is complete once another block follows it (a new tool call closes the ones before it too).
        if (block.type !== 'tool_use') this.calls.closeAll();
        if (block.type === 'text') return block.text === '' ? [] : [{ type: 'text', delta: block.text }];
        if (block.type !== 'tool_use') return [];
        // The start carries `input: {}`; the arguments follow as input_json_delta text.
        const input = isEmptyObject(block.input) ? undefined : block.input;
        return this.calls.push({ index: event.index, id: block.id, name: block.name, arguments: input });
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') return delta.text === '' ? [] : [{ type: 'text', delta: delta.text }];
        if (delta.type === 'input_json_delta')
          return this.calls.push({ index: event.index, arguments: delta.partial_json });
        return [];
      }
      // Not a sign of a complete call: a block cut off by max_tokens may be closed too, with its JSON unfinished
      // or empty. At max_tokens the call in the last block is the one cut off, whatever events closed it.
      case 'content_block_stop':
        return [];
      case 'message_delta':
        this.stopReason = event.delta.stop_reason ?? this.stopReason;
        this.addUsage(event.usage);
        return [];
      default:
        return [];
    }
  }

  /** After the last event: the whole tool calls, usage, stop. */
  end(): LlmEvent[] {
    if (this.stopReason === undefined)
      throw new IncompleteStreamError('The answer stream ended before its stop reason arrived');
    return finishEvents(this.calls, this.stopReason, this.usage, this.model);
  }

  /**
   * Usage arrives in message_start and, cumulatively, in message_delta; a null there means "unchanged". Counts
   * that only grow keep their largest value: Anthropic-compatible servers (sglang) send `input_tokens: 0` in
   * message_delta, others 0 in message_start and the real count later.
   */
  private addUsage(
    usage: Partial<
      Record<
        'input_tokens' | 'output_tokens' | 'cache_read_input_tokens' | 'cache_creation_input_tokens',
        number | null
      >
    >,
  ): void {
    this.usage.inputTokens = Math.max(this.usage.inputTokens, usage.input_tokens ?? 0);
    this.usage.outputTokens = Math.max(this.usage.outputTokens, usage.output_tokens ?? 0);
    this.usage.cacheReadTokens = Math.max(this.usage.cacheReadTokens, usage.cache_read_input_tokens ?? 0);
    this.usage.cacheWriteTokens = Math.max(this.usage.cacheWriteTokens, usage.cache_creation_input_tokens ?? 0);
  }
}

/** A whole (non-streamed) message as the same event sequence a stream of it gives. */
export function anthropicMessageEvents(
  message: Anthropic.Message,
  canonicalName: (wireName: string) => string,
  model: string,
): LlmEvent[] {
  const calls = new ToolCallAccumulator(canonicalName, 'toolu');
  const events: LlmEvent[] = [];
  for (const block of message.content) {
    if (block.type !== 'tool_use') calls.closeAll();
    if (block.type === 'text' && block.text !== '') events.push({ type: 'text', delta: block.text });
    if (block.type === 'tool_use')
      events.push(...calls.pushWhole({ id: block.id, name: block.name, arguments: block.input }));
  }
  const usage: LlmUsage = {
    inputTokens: message.usage.input_tokens,
    outputTokens: message.usage.output_tokens,
    cacheReadTokens: message.usage.cache_read_input_tokens ?? 0,
    cacheWriteTokens: message.usage.cache_creation_input_tokens ?? 0,
  };
  return [...events, ...finishEvents(calls, message.stop_reason ?? 'end_turn', usage, model)];
}

function finishEvents(
  calls: ToolCallAccumulator,
  stopReason: Anthropic.StopReason,
  usage: LlmUsage,
  model: string,
): LlmEvent[] {
  if (stopReason === 'model_context_window_exceeded') {
    throw contextOverflowError(
      model,
      'the model reached the end of its context window (model_context_window_exceeded)',
    );
  }
  return [
    ...calls.finish(stopReason === 'max_tokens'),
    { type: 'usage', usage: { ...usage } },
    { type: 'stop', reason: toStopReason(stopReason) },
  ];
}

function toStopReason(reason: Anthropic.StopReason): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'tool_use':
    case 'max_tokens':
    case 'stop_sequence':
    case 'refusal':
      return reason;
    default:
      return 'other';
  }
}

function isEmptyObject(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'object' && Object.keys(value).length === 0);
}
