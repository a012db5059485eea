import type { LlmUsage, TokenPrices } from '../ports/llm';
import { costOf } from './cost';
import type { Amount } from './ledgerTally';
import type { Reservation, SpendLedger } from './SpendLedger';
import { isCostLimit, isDayLimit, type BudgetLimits, type LimitKind } from './limits';
import { addUsage, totalTokens, zeroUsage } from './usage';

/** Tokens and what they cost; `cost` is null when the model's price is unknown. */
export interface Spend {
  usage: LlmUsage;
  cost: number | null;
}

/** What a message spent (every model call of it, sub-tasks included) and the conversation so far. */
export interface MessageSpend {
  message: Spend;
  conversation: Spend;
}

/** Why a run stopped before a model call: which limit, how far it got, and what "Continue" would grant. */
export interface BudgetStop {
  limit: LimitKind;
  /** The limit in force, in its unit (tokens or US dollars). */
  allowed: number;
  /** Spent against it before the refused request, in the same unit (for a daily limit, every run of the day, with `reserved`). */
  spent: number;
  /** For a daily limit: the part of `spent` that calls under way (in any process) reserved and have not settled. */
  reserved?: number;
  /** The refused request's estimated prompt, in the same unit; for a daily limit, its prompt and longest answer (what it reserves). */
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
  /** Today's ledger, shared by every process on the vault, and the run whose calls reserve in it; absent when no daily limit is set. */
  day?: { ledger: SpendLedger; runId: string };
}

/** What a call may go on with: its reservation in the day's ledger (null without a daily limit), or why not. */
export type DayCheck = { reservation: Reservation | null } | { stop: BudgetStop };

/**
 * Counts what one run spends (its turns, condensing, the fast path's planner and every sub-task, which share
 * it) and, before each model call, whether the call's prompt still fits the run's limits and its worst case the
 * day's (see SpendLedger).
 */
export class SpendingMeter {
  private usage: LlmUsage = zeroUsage();
  private cost = 0;
  private calls = 0;

  constructor(private readonly o: MeterOptions) {}

  get spent(): Spend {
    return { usage: { ...this.usage }, cost: this.o.prices ? this.cost : null };
  }

  /** Whether any limit is set: without one, no request needs its size estimated. */
  get limited(): boolean {
    return Object.values(this.o.limits).some((limit) => limit > 0);
  }

  /** The run limit the next call would cross with a prompt of `promptTokens`, or null when it may go. */
  check(promptTokens: number): BudgetStop | null {
    const { limits, prices } = this.o;
    const promptCost = prices ? (promptTokens * prices.input) / 1_000_000 : 0;
    const candidates: [LimitKind, number, number][] = [['maxTokensPerRun', totalTokens(this.usage), promptTokens]];
    if (prices) candidates.push(['maxCostPerRun', this.cost, promptCost]);
    for (const [limit, spent, next] of candidates) {
      const allowed = limits[limit];
      if (allowed > 0 && spent + next > allowed) return this.stop(limit, spent, next);
    }
    return null;
  }

  /**
   * Reserves the call's worst case (its prompt and `maxOutputTokens` of answer) in today's ledger, or says which
   * daily limit it would cross counting every run of the day, in every process, and the calls they have under way.
   */
  async reserveDay(promptTokens: number, maxOutputTokens: number): Promise<DayCheck> {
    const { day, limits, prices } = this.o;
    if (!day) return { reservation: null };
    const want: Amount = {
      tokens: promptTokens + maxOutputTokens,
      cost: prices ? (promptTokens * prices.input + maxOutputTokens * prices.output) / 1_000_000 : 0,
    };
    const limit: Amount = { tokens: limits.maxTokensPerDay, cost: prices ? limits.maxCostPerDay : 0 };
    const result = await day.ledger.reserve(day.runId, `${day.runId}#${++this.calls}`, want, limit);
    if (result.granted) return { reservation: result.reservation };
    const { spent, reserved } = result.before;
    const tokensOver = limit.tokens > 0 && spent.tokens + reserved.tokens + want.tokens > limit.tokens;
    const [kind, unit] = tokensOver ? (['maxTokensPerDay', 'tokens'] as const) : (['maxCostPerDay', 'cost'] as const);
    return { stop: { ...this.stop(kind, spent[unit] + reserved[unit], want[unit]), reserved: reserved[unit] } };
  }

  /** Adds one finished call's usage; returns it in the ledger's units. */
  record(usage: LlmUsage): Amount {
    const cost = this.o.prices ? costOf(usage, this.o.prices) : 0;
    this.usage = addUsage(this.usage, usage);
    this.cost += cost;
    return { tokens: totalTokens(usage), cost };
  }

  private stop(limit: LimitKind, spent: number, next: number): BudgetStop {
    const allowed = this.o.limits[limit];
    return {
      limit,
      allowed,
      spent,
      next,
      run: this.spent,
      offer: offerFor(limit, this.o.limits, isDayLimit(limit) ? spent - allowed + next : next),
    };
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
