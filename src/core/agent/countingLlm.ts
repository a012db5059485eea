import type { LlmEvent, LlmPort } from '../ports/llm';
import { withStream } from '../util/withStream';

/**
 * The same model, calling `count` for every request it starts, so a run's totals count each one: its turns,
 * condensing, the emergency retry, and each time the provider sends a request again on its own (`retry`).
 */
export function countingLlm(api: LlmPort, count: () => void): LlmPort {
  return withStream(api, (request) => {
    count();
    return countRetries(api.stream(request), count);
  });
}

async function* countRetries(events: AsyncIterable<LlmEvent>, count: () => void): AsyncGenerator<LlmEvent> {
  for await (const event of events) {
    if (event.type === 'retry') count();
    yield event;
  }
}
