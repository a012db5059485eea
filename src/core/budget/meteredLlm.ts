import { AgentError } from '../errors';
import type { LlmPort, LlmUsage } from '../ports/llm';
import { withStream } from '../util/withStream';
import { estimateTokens } from './estimateTokens';
import type { BudgetStop, SpendingMeter } from './SpendingMeter';
import { describeStop } from './spendText';

/** The error a call refused by the budget throws; the loop turns it into a clean stop. */
export function budgetExceeded(stop: BudgetStop): AgentError {
  return new AgentError('BUDGET_EXCEEDED', describeStop(stop), { stop });
}

export function budgetStopOf(error: AgentError): BudgetStop | null {
  return error.code === 'BUDGET_EXCEEDED' ? ((error.details?.stop as BudgetStop | undefined) ?? null) : null;
}

/**
 * The same model behind the meter: each request is checked before it is sent (what the run spent plus the prompt
 * about to go) and refused with BUDGET_EXCEEDED past a run limit; under a daily limit its worst case (prompt and
 * longest answer) is reserved in today's ledger first, refused past the day's limit, and settled with the real
 * usage once the answer ends, also when it was cancelled part-way.
 */
export function meteredLlm(api: LlmPort, meter: SpendingMeter): LlmPort {
  return withStream(api, async function* (request) {
    // Estimating serializes the whole request: done only when some limit could refuse it.
    const prompt = meter.limited ? estimateTokens(request.system, request.messages, request.tools) : 0;
    const stop = meter.limited ? meter.check(prompt) : null;
    if (stop) throw budgetExceeded(stop);
    const day = await meter.reserveDay(prompt, request.maxTokens);
    if ('stop' in day) throw budgetExceeded(day.stop);
    let usage: LlmUsage | null = null;
    try {
      for await (const event of api.stream(request)) {
        // Providers report an answer's totals, the latest report complete.
        if (event.type === 'usage') usage = event.usage;
        yield event;
      }
    } finally {
      const used = usage ? meter.record(usage) : { tokens: 0, cost: 0 };
      // A settlement that cannot be written leaves the reservation open: it keeps counting its worst case.
      await day.reservation?.settle(used).catch(() => undefined);
    }
  });
}
