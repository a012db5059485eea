import type { LlmUsage } from '../core/ports/llm';

/** List prices in US dollars per million tokens. */
interface Price {
  input: number;
  output: number;
}

/**
 * Published list prices by model id prefix (longest prefix wins), for an *estimate* shown after a run. Prices
 * change and contracts differ: the UI says "estimated", and a model not listed shows no cost rather than a guess.
 * Anthropic bills cache writes at 1.25× and cache reads at 0.1× the input price; OpenAI caches reads at 0.5×.
 */
const PRICES: readonly [prefix: string, price: Price][] = [
  ['claude-opus-4-5', { input: 5, output: 25 }],
  ['claude-opus-4-6', { input: 5, output: 25 }],
  ['claude-opus-4', { input: 15, output: 75 }],
  ['claude-sonnet-4', { input: 3, output: 15 }],
  ['claude-haiku-4', { input: 1, output: 5 }],
  ['gpt-4.1-nano', { input: 0.1, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, output: 1.6 }],
  ['gpt-4.1', { input: 2, output: 8 }],
  ['gpt-4o-mini', { input: 0.15, output: 0.6 }],
  ['gpt-4o', { input: 2.5, output: 10 }],
  ['gpt-5-nano', { input: 0.05, output: 0.4 }],
  ['gpt-5-mini', { input: 0.25, output: 2 }],
  ['gpt-5', { input: 1.25, output: 10 }],
];

/**
 * The estimated cost of a run's usage in US dollars, or null when it cannot be estimated. A local server
 * (openai-compatible) costs nothing to call, so it is 0.
 */
export function estimateCost(provider: string, model: string, usage: LlmUsage): number | null {
  if (provider === 'openai-compatible') return 0;
  const price = [...PRICES].filter(([prefix]) => model.startsWith(prefix)).sort((a, b) => b[0].length - a[0].length)[0]?.[1];
  if (!price) return null;
  const cacheRead = provider === 'anthropic' ? 0.1 : 0.5;
  const cacheWrite = provider === 'anthropic' ? 1.25 : 1;
  const inputCost = usage.inputTokens * price.input + usage.cacheReadTokens * price.input * cacheRead + usage.cacheWriteTokens * price.input * cacheWrite;
  return (inputCost + usage.outputTokens * price.output) / 1_000_000;
}

/** "$0.0123", "<$0.0001", "free" for a local model. */
export function formatCost(cost: number): string {
  if (cost === 0) return 'free';
  if (cost < 0.0001) return '<$0.0001';
  return `$${cost < 1 ? cost.toFixed(4) : cost.toFixed(2)}`;
}
