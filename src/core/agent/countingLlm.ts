import type { LlmPort, LlmRequest } from '../ports/llm';

/**
 * The same model, calling `count` for every request it starts, so a run's totals count each one: its turns,
 * condensing and the emergency retry alike.
 */
export function countingLlm(api: LlmPort, count: () => void): LlmPort {
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
    stream(request: LlmRequest) {
      count();
      return api.stream(request);
    },
  };
}
