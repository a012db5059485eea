import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../../src/core/budget/limits';
import { SpendLedger } from '../../../src/core/budget/SpendLedger';
import { SpendingMeter, type BudgetStop } from '../../../src/core/budget/SpendingMeter';
import { continueLabel, describeMessageSpend, describeStop } from '../../../src/core/budget/spendText';
import type { LlmUsage, TokenPrices } from '../../../src/core/ports/llm';
import { memoryPluginFiles } from '../../builders/pipeline';

const SONNET: TokenPrices = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const used = (inputTokens: number, outputTokens: number, cacheReadTokens = 0): LlmUsage => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens: 0,
});
const NOW = () => new Date(2026, 10, 26, 12).getTime();
/** A ledger in which today's earlier runs settled `tokens` and `cost`. */
async function dayWith(tokens: number, cost = 0): Promise<SpendLedger> {
  const ledger = new SpendLedger(memoryPluginFiles(), NOW, 'host:1');
  const earlier = await ledger.reserve('earlier', 'earlier#1', { tokens, cost }, { tokens: 0, cost: 0 });
  if (earlier.granted) await earlier.reservation.settle({ tokens, cost });
  return ledger;
}
async function dayStop(meter: SpendingMeter, prompt: number, maxOutput: number): Promise<BudgetStop | null> {
  const check = await meter.reserveDay(prompt, maxOutput);
  return 'stop' in check ? check.stop : null;
}

describe('SpendingMeter', () => {
  it('should let a call go while what the run spent plus its prompt fits, and stop the one that would cross the limit', () => {
    const meter = new SpendingMeter({ limits: { ...NO_LIMITS, maxTokensPerRun: 10_000 }, prices: null });
    expect(meter.check(3_000)).toBeNull();
    meter.record(used(3_000, 500));
    expect(meter.check(6_500)).toBeNull();
    meter.record(used(6_000, 400));
    const stop = meter.check(1_200);
    expect(stop).toMatchObject({ limit: 'maxTokensPerRun', allowed: 10_000, spent: 9_900, next: 1_200, offer: 10_000 });
    expect(stop?.run).toEqual({ usage: used(9_000, 900), cost: null });
  });

  it('should count cached tokens toward a token limit, and at their own price toward a cost limit', () => {
    const meter = new SpendingMeter({ limits: { ...NO_LIMITS, maxCostPerRun: 0.05 }, prices: SONNET });
    meter.record(used(1_000, 1_000, 10_000));
    // 1,000 × $3 + 10,000 × $0.30 + 1,000 × $15 per million = $0.021
    expect(meter.spent.cost).toBeCloseTo(0.021, 6);
    expect(meter.check(9_000)).toBeNull();
    expect(meter.check(10_000)).toMatchObject({ limit: 'maxCostPerRun', allowed: 0.05, next: 0.03 });
  });

  it('should not apply a cost limit to a model whose price is unknown, while its token limits still apply', async () => {
    const meter = new SpendingMeter({
      limits: { ...NO_LIMITS, maxCostPerRun: 0.01, maxCostPerDay: 0.01, maxTokensPerDay: 140_000 },
      prices: null,
      day: { ledger: await dayWith(45_000, 5), runId: 'run' },
    });
    meter.record(used(100_000, 1_000));
    expect(meter.check(1_000_000)).toBeNull();
    expect(await dayStop(meter, 100_000, 4_000)).toMatchObject({
      limit: 'maxTokensPerDay',
      spent: 45_000,
      next: 104_000,
    });
  });

  it("should count what today's runs spent toward a daily limit, with the call's longest answer, and offer the run limit again, or a tenth of the day", async () => {
    const ledger = await dayWith(95_000, 1.9);
    expect(
      await dayStop(
        new SpendingMeter({
          limits: { ...NO_LIMITS, maxTokensPerDay: 100_000, maxTokensPerRun: 20_000 },
          prices: null,
          day: { ledger, runId: 'first' },
        }),
        1_000,
        4_000,
      ),
    ).toBeNull();
    expect(
      await dayStop(
        new SpendingMeter({
          limits: { ...NO_LIMITS, maxTokensPerDay: 100_000, maxTokensPerRun: 20_000 },
          prices: null,
          day: { ledger, runId: 'second' },
        }),
        2_000,
        4_000,
      ),
    ).toMatchObject({
      limit: 'maxTokensPerDay',
      // The granted call above is still under way: its 5,000 count as reserved.
      spent: 100_000,
      reserved: 5_000,
      next: 6_000,
      offer: 20_000,
    });
    // $1.90 spent, $0.06 + $0.06 asked for (prompt and longest answer): $0.02 lacking, so a tenth of the day ($0.20) is offered.
    const costly = { ledger: await dayWith(95_000, 1.9), runId: 'run' };
    expect(
      await dayStop(
        new SpendingMeter({ limits: { ...NO_LIMITS, maxCostPerDay: 2 }, prices: SONNET, day: costly }),
        20_000,
        4_000,
      ),
    ).toMatchObject({ limit: 'maxCostPerDay', next: 0.12, offer: 0.2 });
  });

  it('should offer at least twice a refused prompt, so that continuing is not refused at once', () => {
    const stop = new SpendingMeter({ limits: { ...NO_LIMITS, maxTokensPerRun: 5_000 }, prices: null }).check(8_200);
    expect(stop).toMatchObject({ spent: 0, next: 8_200, offer: 17_000 });
  });
});

describe('the words for spending, the same in both shells', () => {
  it('should show cached and uncached input apart, with the estimated cost where the price is known', () => {
    const message = { usage: used(640, 212, 1_200), cost: 0.0123 };
    expect(describeMessageSpend(message, message)).toBe(
      'Tokens: 1,840 in (640 uncached, 1,200 cached) · 212 out · estimated cost $0.0123',
    );
    expect(
      describeMessageSpend({ usage: used(100, 10), cost: null }, { usage: used(5_000, 300, 2_000), cost: null }),
    ).toBe('Tokens: 100 in · 10 out — conversation so far: 7,000 in (5,000 uncached, 2,000 cached) · 300 out');
  });

  it('should say which limit stopped the run, what it spent, and what continuing grants', () => {
    const meter = new SpendingMeter({ limits: { ...NO_LIMITS, maxTokensPerRun: 10_000 }, prices: null });
    meter.record(used(8_000, 1_000));
    const stop = meter.check(2_000)!;
    expect(describeStop(stop)).toBe(
      'Stopped at the budget before the next model call: this run has used 9,000 tokens of the limit per run of 10,000 tokens (maxTokensPerRun), and the next request would send about 2,000 tokens more. This run spent 8,000 in · 1,000 out.',
    );
    expect(continueLabel(stop)).toBe('Continue with another 10,000 tokens');
  });

  it('should say, at a daily limit, how much of the day calls still under way reserved, and what the refused call would reserve', async () => {
    const ledger = await dayWith(80_000);
    await ledger.reserve('other', 'other#1', { tokens: 12_000, cost: 0 }, { tokens: 0, cost: 0 });
    const stop = (await dayStop(
      new SpendingMeter({
        limits: { ...NO_LIMITS, maxTokensPerDay: 100_000 },
        prices: null,
        day: { ledger, runId: 'mine' },
      }),
      3_000,
      8_000,
    ))!;
    expect(describeStop(stop)).toBe(
      "Stopped at the budget before the next model call: today's runs have used 92,000 tokens (12,000 tokens of it reserved by calls still under way) of the daily limit of 100,000 tokens (maxTokensPerDay), and the next request would reserve up to 11,000 tokens more (its prompt and longest answer). This run spent 0 in · 0 out.",
    );
  });
});
