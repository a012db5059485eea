import { describe, expect, it } from 'vitest';
import { costOf, formatCost } from '../../src/core/budget/cost';
import type { LlmUsage } from '../../src/core/ports/llm';
import { pricesFor } from '../../src/providers/pricing';

/** What `usage` costs at the model's list prices, or null when they are not known. */
function estimateCost(provider: string, model: string, usage: LlmUsage, endpoint?: string): number | null {
  const prices = pricesFor(provider, model, endpoint);
  return prices ? costOf(usage, prices) : null;
}

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
});

describe('estimateCost', () => {
  it("should price input, output and Anthropic cache reads and writes by the model's list price", () => {
    // 1M in at $3, 100k out at $15, 1M cache reads at 10%, 100k cache writes at 125%.
    expect(estimateCost('anthropic', 'claude-sonnet-4-6', usage(1_000_000, 100_000, 1_000_000, 100_000))).toBeCloseTo(
      3 + 1.5 + 0.3 + 0.375,
      6,
    );
  });

  it("should price OpenAI cache reads at each model family's discount", () => {
    expect(estimateCost('openai', 'gpt-5', usage(0, 0, 1_000_000))).toBeCloseTo(0.125, 6);
    expect(estimateCost('openai', 'gpt-4.1', usage(0, 0, 1_000_000))).toBeCloseTo(0.5, 6);
    expect(estimateCost('openai', 'gpt-4o', usage(0, 0, 1_000_000))).toBeCloseTo(1.25, 6);
  });

  it('should take the longest matching prefix', () => {
    expect(estimateCost('openai', 'gpt-4.1-mini-2025-04-14', usage(1_000_000, 0))).toBeCloseTo(0.4, 6);
    expect(estimateCost('openai', 'gpt-4.1', usage(1_000_000, 0))).toBeCloseTo(2, 6);
  });

  it('should call a local server free, and a remote compatible service or an unknown model unknown', () => {
    for (const local of [
      'http://localhost:11434/v1',
      'http://127.0.0.1:1234/v1',
      'http://192.168.1.20:11434/v1',
      'http://10.0.0.5/v1',
      'http://172.20.0.2:8080/v1',
      'http://[::1]:11434/v1',
      'http://gpu-box.local:11434/v1',
    ]) {
      expect(estimateCost('openai-compatible', 'llama3.1', usage(5000, 500), local), local).toBe(0);
    }
    expect(
      estimateCost('openai-compatible', 'anthropic/claude-sonnet-4', usage(5000, 500), 'https://openrouter.ai/api/v1'),
    ).toBeNull();
    expect(estimateCost('openai-compatible', 'llama3.1', usage(5000, 500), 'http://172.32.0.1/v1')).toBeNull();
    expect(estimateCost('openai-compatible', 'llama3.1', usage(5000, 500))).toBeNull();
    expect(estimateCost('openai', 'some-new-model', usage(5000, 500))).toBeNull();
  });

  it('should format small and large amounts readably', () => {
    expect(formatCost(0)).toBe('free');
    expect(formatCost(0.00001)).toBe('<$0.0001');
    expect(formatCost(0.01234)).toBe('$0.0123');
    expect(formatCost(2.5)).toBe('$2.50');
  });
});
