import type { LlmUsage } from '../ports/llm';

export function zeroUsage(): LlmUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0 };
}

export function addUsage(total: LlmUsage, more: LlmUsage): LlmUsage {
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    cacheReadTokens: total.cacheReadTokens + more.cacheReadTokens,
    cacheWriteTokens: total.cacheWriteTokens + more.cacheWriteTokens,
  };
}

/** Tokens the prompt of a call occupied: fresh input plus what was read from or written to the cache. */
export function promptTokens(usage: LlmUsage): number {
  return usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens;
}

/** Every token of a call or run: prompt (fresh and cached) and answer. What a token budget counts. */
export function totalTokens(usage: LlmUsage): number {
  return promptTokens(usage) + usage.outputTokens;
}
