import type { LlmUsage, TokenPrices } from '../ports/llm';

/** What `usage` costs at `prices`, in US dollars. */
export function costOf(usage: LlmUsage, prices: TokenPrices): number {
  return (
    (usage.inputTokens * prices.input +
      usage.cacheReadTokens * prices.cacheRead +
      usage.cacheWriteTokens * prices.cacheWrite +
      usage.outputTokens * prices.output) /
    1_000_000
  );
}

/** "$0.0123", "<$0.0001", "free" for a local model. */
export function formatCost(cost: number): string {
  if (cost === 0) return 'free';
  if (cost < 0.0001) return '<$0.0001';
  return `$${cost < 1 ? cost.toFixed(4) : cost.toFixed(2)}`;
}
