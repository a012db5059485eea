import type { HistoryMessage, LlmEvent, LlmPort, LlmRequest } from '../../src/core/ports/llm';
import { callsReply, textReply, type ScriptedCall } from './scriptedModel';

/** A call as a cut or stored result names it: `Next part: <tool> <json>` or `Read it with <tool> <json>:`. */
const NEXT_PART = /^Cut here\. Next part: (\S+) (\{.*\})$/m;
const STORED = /^Read it with (\S+) (\{.*\}): it comes in parts/m;

/**
 * A model that makes one call, then does exactly what each result says: it makes the call a cut result names for
 * its next part, or the read a stored result names, until a result names none; then it answers. It records every
 * call and the content each returned, as a test's picture of what the model saw.
 */
export class FollowingModel implements LlmPort {
  readonly provider = 'following';
  readonly model = 'following';
  readonly contextWindow = 1_000_000;
  readonly calls: ScriptedCall[] = [];
  readonly contents: string[] = [];

  constructor(private readonly first: ScriptedCall) {}

  async *stream(request: LlmRequest): AsyncIterable<LlmEvent> {
    const last = request.messages[request.messages.length - 1];
    const next = last?.role === 'tool-results' ? this.nextFrom(last) : this.calls.length === 0 ? this.first : null;
    const events = next ? callsReply([next]) : textReply('Read everything.');
    if (next) this.calls.push(next);
    for (const event of events) {
      await Promise.resolve();
      yield event;
    }
  }

  private nextFrom(message: Extract<HistoryMessage, { role: 'tool-results' }>): ScriptedCall | null {
    const content = message.results[0]?.content ?? '';
    this.contents.push(content);
    const named = NEXT_PART.exec(content) ?? STORED.exec(content);
    return named ? { name: named[1] as string, input: JSON.parse(named[2] as string) as unknown } : null;
  }
}
