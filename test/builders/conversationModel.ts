import type { LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';

export interface ConversationModelOptions {
  /** The answer to the n-th message (1-based). */
  answer: (turn: number) => string;
  /** The call the model makes before answering the n-th message; none: it answers at once. */
  search?: (turn: number) => { name: string; input: unknown };
  /** Characters per streamed text event. */
  chunk?: number;
}

/**
 * A model for long conversations, answering from the request rather than a fixed queue: a new message gets the
 * scripted call (a search, say), a tool result gets the answer, and a condensing request gets a summary. So it
 * goes on for any number of turns, whenever the loop chooses to condense.
 */
export class ConversationModel implements LlmPort {
  readonly provider = 'scripted';
  readonly model = 'conversation-model';
  turn = 0;
  condensed = 0;

  constructor(
    private readonly options: ConversationModelOptions,
    readonly contextWindow = 200_000,
  ) {}

  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    await Promise.resolve();
    const usage: LlmEvent = {
      type: 'usage',
      usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0 },
    };
    if (request.system.startsWith('You condense')) {
      this.condensed++;
      yield {
        type: 'text',
        delta: `The person asked ${this.turn} questions about their notes; each was searched and answered.`,
      };
      yield usage;
      yield { type: 'stop', reason: 'end_turn' };
      return;
    }
    const last = request.messages[request.messages.length - 1];
    if (last?.role === 'user') this.turn++;
    const search = this.options.search?.(this.turn);
    if (last?.role === 'user' && search) {
      const id = `turn-${this.turn}-search`;
      yield { type: 'tool-call-start', id, name: search.name };
      yield { type: 'tool-call', id, name: search.name, input: search.input };
      yield usage;
      yield { type: 'stop', reason: 'tool_use' };
      return;
    }
    const text = this.options.answer(this.turn);
    const size = this.options.chunk ?? 64;
    for (let at = 0; at < text.length; at += size) {
      if (request.signal.aborted) return;
      yield { type: 'text', delta: text.slice(at, at + size) };
    }
    yield usage;
    yield { type: 'stop', reason: 'end_turn' };
  }
}
