import { AgentError } from '../../src/core/errors';
import type { HistoryMessage, LlmEvent, LlmPort, LlmRequest, LlmUsage } from '../../src/core/ports/llm';

/** One scripted answer: its events, a function of the request that returns them, or an error to throw. */
export type ScriptedReply =
  readonly LlmEvent[] | ((request: LlmRequest) => readonly LlmEvent[]) | { error: AgentError };

/** A request as it was when the model received it (the loop goes on appending to its history afterwards). */
export interface RecordedRequest extends Omit<LlmRequest, 'messages' | 'signal'> {
  messages: HistoryMessage[];
  /** Canonical names of the tools sent. */
  toolNames: string[];
}

/**
 * An LlmPort that answers from a queue of scripted replies and records every request. Like a real provider it
 * stops with a CANCELLED error when the request's signal aborts between two events.
 */
export class ScriptedModel implements LlmPort {
  readonly provider = 'scripted';
  readonly model = 'scripted-model';
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedReply[];

  constructor(
    replies: readonly ScriptedReply[] = [],
    readonly contextWindow = 200_000,
  ) {
    this.queue = [...replies];
  }

  push(...replies: ScriptedReply[]): void {
    this.queue.push(...replies);
  }

  get remaining(): number {
    return this.queue.length;
  }

  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    const { signal, messages, ...rest } = request;
    this.requests.push({
      ...structuredClone(rest),
      messages: structuredClone([...messages]),
      toolNames: request.tools.map((tool) => tool.name),
    });
    const reply = this.queue.shift();
    if (reply === undefined) throw new Error(`ScriptedModel: no reply scripted for request ${this.requests.length}`);
    if ('error' in reply) throw reply.error;
    const events = typeof reply === 'function' ? reply(request) : reply;
    for (const event of events) {
      await Promise.resolve();
      if (signal.aborted) throw new AgentError('CANCELLED', 'The request was cancelled');
      yield event;
    }
  }
}

export const usage = (
  inputTokens: number,
  outputTokens: number,
  cache: Partial<Pick<LlmUsage, 'cacheReadTokens' | 'cacheWriteTokens'>> = {},
): LlmEvent => ({
  type: 'usage',
  usage: {
    inputTokens,
    outputTokens,
    cacheReadTokens: cache.cacheReadTokens ?? 0,
    cacheWriteTokens: cache.cacheWriteTokens ?? 0,
  },
});

/** A reply with only text: the model's final answer. */
export function textReply(text: string, tokens: LlmEvent = usage(10, 5)): LlmEvent[] {
  return [{ type: 'text', delta: text }, tokens, { type: 'stop', reason: 'end_turn' }];
}

export interface ScriptedCall {
  name: string;
  input?: unknown;
  id?: string;
  /** Arguments that were not JSON: input becomes null and the event carries this error. */
  invalidJson?: string;
  truncated?: boolean;
}

let nextId = 0;

/** A reply with tool calls (and optional text before them). */
export function callsReply(
  calls: readonly ScriptedCall[],
  options: { text?: string; tokens?: LlmEvent } = {},
): LlmEvent[] {
  const events: LlmEvent[] = options.text ? [{ type: 'text', delta: options.text }] : [];
  for (const call of calls) {
    const id = call.id ?? `call-${++nextId}`;
    events.push({ type: 'tool-call-start', id, name: call.name });
    events.push({
      type: 'tool-call',
      id,
      name: call.name,
      input: call.invalidJson === undefined ? (call.input ?? {}) : null,
      ...(call.invalidJson === undefined ? {} : { error: call.invalidJson }),
      ...(call.truncated ? { truncated: true } : {}),
    });
  }
  const truncated = calls.some((call) => call.truncated);
  events.push(options.tokens ?? usage(10, 5), { type: 'stop', reason: truncated ? 'max_tokens' : 'tool_use' });
  return events;
}

export const call = (name: string, input: unknown = {}, id?: string): ScriptedCall => ({
  name,
  input,
  ...(id ? { id } : {}),
});
