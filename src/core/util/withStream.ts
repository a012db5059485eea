import type { LlmEvent, LlmPort, LlmRequest } from '../ports/llm';

/**
 * The same model with its `stream` replaced: provider, model, context window, endpoint and prices read through to
 * `api`, so a wrapper (counting, metering) never hides what the budget or the usage line needs.
 */
export function withStream(api: LlmPort, stream: (request: LlmRequest) => AsyncIterable<LlmEvent>): LlmPort {
  return {
    get provider() {
      return api.provider;
    },
    get model() {
      return api.model;
    },
    get contextWindow() {
      return api.contextWindow;
    },
    get endpoint() {
      return api.endpoint;
    },
    get prices() {
      return api.prices;
    },
    stream,
  };
}
