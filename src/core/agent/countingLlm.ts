import { isAgentError } from '../errors';
import type { LlmEvent, LlmPort } from '../ports/llm';
import { withStream } from '../util/withStream';

/**
 * The same model, calling `count` for every request it sends, so a run's totals count each one: its turns,
 * condensing, the emergency retry, and each time the provider sends a request again on its own (`retry`). A request
 * the budget refused before sending it (BUDGET_EXCEEDED) is not one.
 */
export function countingLlm(api: LlmPort, count: () => void): LlmPort {
  return withStream(api, (request) => counted(api.stream(request), count));
}

async function* counted(events: AsyncIterable<LlmEvent>, count: () => void): AsyncGenerator<LlmEvent> {
  let sent = false;
  const send = (): void => {
    if (!sent) count();
    sent = true;
  };
  try {
    for await (const event of events) {
      send();
      if (event.type === 'retry') count();
      yield event;
    }
  } catch (error) {
    if (!isAgentError(error, 'BUDGET_EXCEEDED')) send();
    throw error;
  }
  send();
}
