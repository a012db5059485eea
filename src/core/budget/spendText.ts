import { formatCost } from './cost';
import { isCostLimit, isDayLimit, type LimitKind } from './limits';
import type { BudgetStop, Spend } from './SpendingMeter';
import { promptTokens } from './usage';

/**
 * The words both shells use for spending, so the panel and the terminal say the same thing: what a message and the
 * conversation spent, why a run stopped at a limit, and what continuing grants.
 */

const count = (n: number): string => Math.round(n).toLocaleString('en-US');

/** "1,840 in (640 uncached, 1,200 cached) · 212 out · estimated cost $0.0123" (no cost part when the price is unknown). */
export function describeSpend(spend: Spend): string {
  const { usage } = spend;
  const cached = usage.cacheReadTokens;
  const prompt = promptTokens(usage);
  const input =
    cached > 0
      ? `${count(prompt)} in (${count(prompt - cached)} uncached, ${count(cached)} cached)`
      : `${count(prompt)} in`;
  const cost = spend.cost === null ? '' : ` · estimated cost ${formatCost(spend.cost)}`;
  return `${input} · ${count(usage.outputTokens)} out${cost}`;
}

/** The usage line after a message: the message's spend, then the conversation's when it holds more than this one. */
export function describeMessageSpend(message: Spend, conversation: Spend | null): string {
  const line = `Tokens: ${describeSpend(message)}`;
  if (!conversation || sameSpend(message, conversation)) return line;
  return `${line} — conversation so far: ${describeSpend(conversation)}`;
}

/** Why the run stopped, what it spent, and what the next request needed. */
export function describeStop(stop: BudgetStop): string {
  const cost = isCostLimit(stop.limit);
  const amount = (value: number): string => (cost ? `$${value.toFixed(value < 1 ? 4 : 2)}` : `${count(value)} tokens`);
  const day = isDayLimit(stop.limit);
  const whose = day ? "today's runs have" : 'this run has';
  const used = cost ? `spent an estimated ${amount(stop.spent)}` : `used ${amount(stop.spent)}`;
  // Calls under way in another run hold their worst case until they end: said, so the figure is not a mystery.
  const reserved = stop.reserved ? ` (${amount(stop.reserved)} of it reserved by calls still under way)` : '';
  const next = day
    ? `reserve up to ${amount(stop.next)} more (its prompt and longest answer)`
    : cost
      ? `cost about ${amount(stop.next)} more`
      : `send about ${amount(stop.next)} more`;
  return (
    `Stopped at the budget before the next model call: ${whose} ${used}${reserved} of the ${limitName(stop.limit)} of ${amount(stop.allowed)} (${stop.limit}), ` +
    `and the next request would ${next}. This run spent ${describeSpend(stop.run)}.`
  );
}

/** The label of the button and the words of `/continue`: "Continue with another 50,000 tokens". */
export function continueLabel(stop: BudgetStop): string {
  return `Continue with another ${isCostLimit(stop.limit) ? `$${stop.offer.toFixed(2)}` : `${count(stop.offer)} tokens`}`;
}

function limitName(limit: LimitKind): string {
  return isDayLimit(limit) ? 'daily limit' : 'limit per run';
}

function sameSpend(a: Spend, b: Spend): boolean {
  return a.cost === b.cost && JSON.stringify(a.usage) === JSON.stringify(b.usage);
}
