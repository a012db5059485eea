import OpenAI from 'openai';
import type { LlmEvent, LlmUsage, StopReason } from '../core/ports/llm';
import { IncompleteStreamError } from './errors';
import { contentEvents } from './openAiContent';
import { ToolCallAccumulator } from './ToolCallAccumulator';

/** What OpenAI-compatible servers really send in a tool call piece: `index` and `id` may be missing, arguments an object. */
interface LooseToolCall {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
}

/**
 * Turns raw chat completion chunks into LlmEvents. Tool calls go through our own accumulator, never the SDK's
 * stream helpers, which throw on a missing `index` and merge Ollama's index-0 calls into invalid JSON.
 */
export class OpenAiStreamReader {
  private readonly calls: ToolCallAccumulator;
  private usage: LlmUsage | undefined;
  private finishReason: string | undefined;
  private readonly warned = new Set<string>();

  constructor(canonicalName: (wireName: string) => string) {
    this.calls = new ToolCallAccumulator(canonicalName);
  }

  read(chunk: OpenAI.Chat.ChatCompletionChunk): LlmEvent[] {
    throwIfErrorObject(chunk);
    if (chunk.usage) this.usage = toUsage(chunk.usage);
    // Servers differ in whether the usage chunk has `choices: []` or none at all.
    const choice = (chunk.choices as OpenAI.Chat.ChatCompletionChunk.Choice[] | undefined)?.[0];
    if (!choice) return [];
    const events: LlmEvent[] = [];
    const delta = choice.delta as OpenAI.Chat.ChatCompletionChunk.Choice.Delta | undefined;
    events.push(...this.once(contentEvents(delta?.content)));
    for (const call of (delta?.tool_calls ?? []) as LooseToolCall[]) {
      events.push(
        ...this.calls.push({
          index: call.index,
          id: call.id,
          name: call.function?.name,
          arguments: call.function?.arguments,
        }),
      );
    }
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return events;
  }

  /** A content shape the reader does not know is said once per answer, not once per chunk. */
  private once(events: LlmEvent[]): LlmEvent[] {
    return events.filter((event) => {
      if (event.type !== 'warning') return true;
      if (this.warned.has(event.message)) return false;
      this.warned.add(event.message);
      return true;
    });
  }

  /**
   * After the last chunk: the whole tool calls, usage (when the server sent it), stop. The SDK ends quietly when
   * the connection closes early, without [DONE]; an answer with no finish reason is such a broken one.
   */
  end(): LlmEvent[] {
    if (this.finishReason === undefined)
      throw new IncompleteStreamError('The answer stream ended before its finish reason arrived');
    return finishEvents(this.calls, this.finishReason, this.usage);
  }
}

/** A whole (non-streamed) completion as the same event sequence a stream of it gives. */
export function openAiCompletionEvents(
  completion: OpenAI.Chat.ChatCompletion,
  canonicalName: (wireName: string) => string,
): LlmEvent[] {
  throwIfErrorObject(completion);
  const calls = new ToolCallAccumulator(canonicalName);
  const choice = (completion.choices as OpenAI.Chat.ChatCompletion.Choice[] | undefined)?.[0];
  // A 200 with no choice at all is no answer (LM Studio has sent one for a prompt too long), not an empty one.
  if (!choice)
    throw new OpenAI.APIError(
      undefined,
      { message: `the answer had no choices: ${JSON.stringify(completion).slice(0, 300)}` },
      undefined,
      undefined,
    );
  const events: LlmEvent[] = [];
  const message = choice?.message;
  events.push(...contentEvents(message?.content));
  for (const call of (message?.tool_calls ?? []) as LooseToolCall[]) {
    // Whole calls: each is its own call even when a server numbers them all 0 or not at all.
    events.push(...calls.pushWhole({ id: call.id, name: call.function?.name, arguments: call.function?.arguments }));
  }
  return [
    ...events,
    ...finishEvents(
      calls,
      choice?.finish_reason ?? undefined,
      completion.usage ? toUsage(completion.usage) : undefined,
    ),
  ];
}

/**
 * vLLM (and servers built like it) report a failure in a body or stream chunk of its own,
 * `{"object": "error", "message", "type", "code"}`, which the SDK passes on as data. Raised as the API error it
 * is, its message and code reach the person and the retry policy (a numeric code stands in for the status).
 */
function throwIfErrorObject(data: object): void {
  const loose = data as { object?: unknown; message?: unknown };
  if (loose.object === 'error')
    throw new OpenAI.APIError(
      undefined,
      data,
      typeof loose.message === 'string' ? loose.message : undefined,
      undefined,
    );
}

function finishEvents(
  calls: ToolCallAccumulator,
  finishReason: string | undefined,
  usage: LlmUsage | undefined,
): LlmEvent[] {
  const reason = toStopReason(finishReason, calls.size > 0);
  return [
    ...calls.finish(reason === 'max_tokens'),
    ...(usage ? [{ type: 'usage', usage } as const] : []),
    { type: 'stop', reason },
  ];
}

/** `inputTokens` excludes cached tokens, as Anthropic counts them: input + cache read + cache write = the prompt. */
function toUsage(usage: OpenAI.CompletionUsage): LlmUsage {
  const cached = usage.prompt_tokens_details?.cached_tokens ?? 0;
  return {
    inputTokens: Math.max(0, (usage.prompt_tokens ?? 0) - cached),
    outputTokens: usage.completion_tokens ?? 0,
    cacheReadTokens: cached,
    cacheWriteTokens: 0,
  };
}

function toStopReason(finishReason: string | undefined, hasToolCalls: boolean): StopReason {
  switch (finishReason) {
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    // Older Ollama versions finish tool calls with "stop".
    case 'stop':
      return hasToolCalls ? 'tool_use' : 'end_turn';
    case 'length':
      return 'max_tokens';
    case 'content_filter':
      return 'refusal';
    default:
      return 'other';
  }
}
