import { AgentError } from '../../src/core/errors';
import type { LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';

/** A model that streams `firstChunk` (if any), then waits until the request is aborted and fails as cancelled. */
export class HangingModel implements LlmPort {
  readonly provider = 'hanging';
  readonly model = 'hanging-model';
  readonly contextWindow = 100_000;
  aborted = false;

  constructor(private readonly firstChunk = 'Thinking about it') {}

  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    if (this.firstChunk) yield { type: 'text', delta: this.firstChunk };
    // The request may come with its signal already aborted (Cancel pressed while the run was starting).
    if (!request.signal.aborted)
      await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve(), { once: true }));
    this.aborted = true;
    throw new AgentError('CANCELLED', 'The request was cancelled');
  }
}
