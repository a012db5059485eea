import { describe, expect, it } from 'vitest';
import { NO_LIMITS } from '../../../src/core/budget/limits';
import { meteredLlm } from '../../../src/core/budget/meteredLlm';
import { SpendingMeter } from '../../../src/core/budget/SpendingMeter';
import { call, callsReply, textReply, usage } from '../../builders/scriptedModel';
import { buildAgent } from './harness';

const meterOf = (maxTokensPerRun: number) =>
  new SpendingMeter({ limits: { ...NO_LIMITS, maxTokensPerRun }, prices: null });

describe('AgentTask under a spending limit', () => {
  it("should count a sub-task's calls toward its parent's budget, and stop the parent at its next call", async () => {
    const meter = meterOf(500_000);
    const { run, model, events } = buildAgent({
      replies: [
        callsReply([call('agent.newTask', { mode: 'ask', message: 'Read the inbox' }, 'n1')], {
          tokens: usage(1_000, 10),
        }),
        // The child's first answer spends past the limit; its second call is refused.
        callsReply([call('vault.listFiles', {}, 'l1')], { tokens: usage(600_000, 10) }),
      ],
      wrapApi: (scripted) => meteredLlm(scripted, meter),
    });
    const result = await run('Summarize my inbox');
    expect(model.requests).toHaveLength(2);
    expect(events).toContain('subtask end depth 1 budget');
    expect(events).toContain('result agent.newTask BUDGET_EXCEEDED');
    expect(result.completedBy).toBe('budget');
    expect(result.budgetStop).toMatchObject({ limit: 'maxTokensPerRun', spent: 601_020 });
    expect(result.usage).toEqual({ inputTokens: 601_000, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0 });
  });

  it('should stop, not condense, when condensing itself would cross the limit', async () => {
    const meter = meterOf(16_100);
    const { run, model, events } = buildAgent({
      contextWindow: 20_000,
      replies: [
        callsReply([call('vault.listFiles', {}, 'a')], { tokens: usage(1_000, 10) }),
        // 15,010 tokens reported: past 70% of the window, so the next iteration condenses first.
        callsReply([call('vault.listFiles', {}, 'b')], { tokens: usage(15_000, 10) }),
        textReply('never sent'),
      ],
      wrapApi: (scripted) => meteredLlm(scripted, meter),
    });
    const result = await run('List twice');
    expect(result.completedBy).toBe('budget');
    expect(model.requests).toHaveLength(2);
    // The refused summary is a stop, not a failed condense to warn about and carry on from.
    expect(events.filter((event) => event.startsWith('condense') || event.startsWith('warning Condensing'))).toEqual(
      [],
    );
  });

  it('should count an answer cancelled part-way with the usage that had arrived', async () => {
    const meter = meterOf(0);
    const controller = new AbortController();
    const { run } = buildAgent({
      replies: [() => [usage(700, 3), { type: 'text', delta: 'Par' }, { type: 'text', delta: 'tial' }]],
      wrapApi: (scripted) => meteredLlm(scripted, meter),
      task: { taskCallbacks: { onText: () => controller.abort() } },
    });
    const result = await run('Go', { signal: controller.signal });
    expect(result.completedBy).toBe('cancelled');
    expect(meter.spent.usage.inputTokens).toBe(700);
  });
});
