import { isCostLimit, isDayLimit, NO_LIMITS, type BudgetLimits, type LimitKind } from '../budget/limits';
import { SpendLedger } from '../budget/SpendLedger';
import { SpendingMeter, type BudgetStop, type Spend } from '../budget/SpendingMeter';
import { addUsage, zeroUsage } from '../budget/usage';
import type { LlmPort } from '../ports/llm';
import type { PluginFilesPort } from '../ports/pluginFiles';

/** A run that stopped at the budget, kept so that "Continue" goes on from where it stopped. */
export interface StoppedRun {
  /** The message that started it. */
  message: string;
  stop: BudgetStop;
}

/**
 * A conversation's spending: a meter for each run under the user's limits, today's ledger shared by every shell,
 * what the conversation spent so far, and the run that stopped at a limit, if any.
 */
export class SessionBudget {
  private readonly daily: SpendLedger;
  private spentSoFar: Spend = { usage: zeroUsage(), cost: 0 };
  /** What "Continue" added to today's limits for this session. */
  private readonly dayRaise = { maxTokensPerDay: 0, maxCostPerDay: 0 };
  stopped: StoppedRun | null = null;

  /** `owner`: this process as "<host>:<pid>", written on the ledger's lines. */
  constructor(files: PluginFilesPort, now: () => number, owner: string) {
    this.daily = new SpendLedger(files, now, owner);
  }

  get conversation(): Spend {
    return this.spentSoFar;
  }

  /**
   * A meter for run `runId` of `llm`. Continuing a stopped run grants what the stop offered: the run limit again (or
   * enough for the refused request), or that much more of today's limit for the rest of this session.
   */
  meter(llm: LlmPort, settings: Partial<BudgetLimits>, continuing: BudgetStop | null, runId: string): SpendingMeter {
    const limits: BudgetLimits = { ...NO_LIMITS, ...settings };
    if (continuing) {
      if (isDayLimit(continuing.limit))
        this.dayRaise[continuing.limit as 'maxTokensPerDay' | 'maxCostPerDay'] += continuing.offer;
      else limits[continuing.limit] = Math.max(limits[continuing.limit], continuing.offer);
    }
    for (const kind of ['maxTokensPerDay', 'maxCostPerDay'] as const)
      if (limits[kind] > 0) limits[kind] += this.dayRaise[kind];
    // Without a daily limit the ledger is neither read nor written: no file I/O for a limit nobody set.
    const daily = limits.maxTokensPerDay > 0 || limits.maxCostPerDay > 0;
    return new SpendingMeter({
      limits,
      prices: llm.prices ?? null,
      ...(daily ? { day: { ledger: this.daily, runId } } : {}),
    });
  }

  /** Waits for today's ledger to hold every call so far: the next run, in any shell, reads it. */
  settled(): Promise<void> {
    return this.daily.settled();
  }

  /** Adds a message's spend to the conversation's; returns the conversation's total. */
  add(message: Spend): Spend {
    this.spentSoFar = {
      usage: addUsage(this.spentSoFar.usage, message.usage),
      // A message at an unknown price makes the conversation's cost unknown too.
      cost: this.spentSoFar.cost === null || message.cost === null ? null : this.spentSoFar.cost + message.cost,
    };
    return this.spentSoFar;
  }

  /** A new conversation starts from nothing spent, a resumed one from what it had spent; neither has a run to continue. */
  reset(spent: Spend = { usage: zeroUsage(), cost: 0 }): void {
    this.spentSoFar = spent;
    this.stopped = null;
  }
}

/** Said before a run whose cost limit cannot apply: the model's price is unknown, so only token limits count. */
export function unpricedWarning(llm: LlmPort, settings: Partial<BudgetLimits>): string | null {
  if (llm.prices) return null;
  const costLimits = (Object.keys(settings) as LimitKind[]).filter(
    (kind) => isCostLimit(kind) && (settings[kind] ?? 0) > 0,
  );
  if (costLimits.length === 0) return null;
  return `${costLimits.join(' and ')} cannot apply to ${llm.model}: its price is not known. Set maxTokensPerRun or maxTokensPerDay to bound its runs.`;
}
