import type { LlmUsage, TokenPrices } from '../ports/llm';
import { costOf } from './cost';
import type { DaySpend } from './DailySpend';
import { isCostLimit, isDayLimit, type BudgetLimits, type LimitKind } from './limits';
import { addUsage, totalTokens, zeroUsage } from './usage';

/** Tokens and what they cost; `cost` is null when the model's price is unknown. */
export interface Spend {
  usage: LlmUsage;
  cost: number | null;
}

/** Why a run stopped before a model call: which limit, how far it got, and what "Continue" would grant. */
export interface BudgetStop {
  limit: LimitKind;
  /** The limit in force, in its unit (tokens or US dollars). */
  allowed: number;
  /** Spent against it before the refused request, in the same unit (for a daily limit, every run of the day). */
  spent: number;
  /** The refused request's estimated prompt, in the same unit. */
  next: number;
  /** What this run had spent when it stopped. */
  run: Spend;
  /** How much more "Continue" allows, in the limit's unit: the limit again, or enough for the next request. */
  offer: number;
}

export interface MeterOptions {
  limits: BudgetLimits;
  /** The model's prices; null when unknown (cost limits then cannot apply, token limits still do). */
  prices: TokenPrices | null;
  /** What the day had spent when the run began. */
  day: DaySpend;
  /** Each call's spend once it is known, for the day's ledger. */
  onSpend?: (tokens: number, cost: number) => void;
}

/**
 * Counts what one run spends (its turns, condensing, the fast path's planner and every sub-task, which share
 * it) and, before each model call, whether the call's prompt still fits every limit.
 */
export class SpendingMeter {
  private usage: LlmUsage = zeroUsage();
  private cost = 0;

  constructor(private readonly o: MeterOptions) {}

  get spent(): Spend {
    return { usage: { ...this.usage }, cost: this.o.prices ? this.cost : null };
  }

  /** Whether any limit is set: without one, no request needs its size estimated. */
  get limited(): boolean {
    return Object.values(this.o.limits).some((limit) => limit > 0);
  }

  /** The limit the next call would cross with a prompt of `promptTokens`, or null when it may go. */
  check(promptTokens: number): BudgetStop | null {
    const { limits, prices, day } = this.o;
    const tokens = totalTokens(this.usage);
    const promptCost = prices ? (promptTokens * prices.input) / 1_000_000 : 0;
    const candidates: [LimitKind, number, number][] = [
      ['maxTokensPerRun', tokens, promptTokens],
      ['maxTokensPerDay', day.tokens + tokens, promptTokens],
    ];
    if (prices) candidates.push(['maxCostPerRun', this.cost, promptCost], ['maxCostPerDay', day.cost + this.cost, promptCost]);
    for (const [limit, spent, next] of candidates) {
      const allowed = limits[limit];
      if (allowed > 0 && spent + next > allowed) return { limit, allowed, spent, next, run: this.spent, offer: offerFor(limit, limits, isDayLimit(limit) ? spent - allowed + next : next) };
    }
    return null;
  }

  /** Adds one finished call's usage. */
  record(usage: LlmUsage): void {
    const cost = this.o.prices ? costOf(usage, this.o.prices) : 0;
    this.usage = addUsage(this.usage, usage);
    this.cost += cost;
    this.o.onSpend?.(totalTokens(usage), cost);
  }
}

/**
 * "Continue with another N": a run limit grants itself again; a daily one the run limit of its unit, or a tenth
 * of the day's. Never less than twice what the refused request lacked, so continuing is not refused at once (a
 * continued run starts its own count, so for a run limit that is the prompt; for the day, also what is over).
 */
function offerFor(limit: LimitKind, limits: BudgetLimits, lacking: number): number {
  const cost = isCostLimit(limit);
  let offer = limits[limit];
  if (isDayLimit(limit)) {
    const perRun = cost ? limits.maxCostPerRun : limits.maxTokensPerRun;
    offer = perRun > 0 ? perRun : limits[limit] / 10;
  }
  offer = Math.max(offer, lacking * 2);
  return cost ? Math.ceil(offer * 100) / 100 : Math.ceil(offer / 1000) * 1000;
}
