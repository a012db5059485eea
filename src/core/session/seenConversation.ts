import { SUMMARY_PREFIX } from '../agent/condensing';
import type { AgentResult } from '../agent/types';
import { continueLabel, describeMessageSpend } from '../budget/spendText';
import type { BudgetStop, MessageSpend } from '../budget/SpendingMeter';
import type { HistoryMessage } from '../ports/llm';
import type { FastPathOutcome } from '../recipes/FastPath';
import type { CallOutcome } from '../tool-execution/types';

/** How a note reads: plain, an error, a usage line, or a stop at a spending limit. */
export type NoteTone = 'info' | 'error' | 'usage' | 'budget';

/**
 * One thing a shell showed of a conversation, in order. This is what is saved for people to read again, apart from
 * the history the model is sent: condensing shortens that one, never this one.
 */
export type SeenEntry =
  | { kind: 'user'; text: string }
  | { kind: 'answer'; text: string }
  | { kind: 'tool'; id: string; name: string; input: unknown; result?: ToolResultText }
  /** What condensing left the model of the earlier conversation: shown as a summary, never as the person's words. */
  | { kind: 'summary'; text: string }
  | { kind: 'note'; text: string; tone: NoteTone };

/** A tool call's result as shown: the output (or the error's message). */
export interface ToolResultText {
  ok: boolean;
  text: string;
}

export function toolResultText(outcome: CallOutcome): ToolResultText {
  return outcome.ok
    ? { ok: true, text: pretty(outcome.output ?? outcome.content) }
    : { ok: false, text: outcome.error?.message ?? outcome.content };
}

export function pretty(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The note a continued run starts with: "Continue with another N…". */
export function continuingNote(stop: BudgetStop): SeenEntry {
  return { kind: 'note', text: `${continueLabel(stop)}…`, tone: 'info' };
}

/** The summary entry of a condensed history (its first message), or null when it was not condensed. */
export function summaryOf(history: readonly HistoryMessage[]): SeenEntry | null {
  const first = history[0];
  if (first?.role !== 'user' || !first.text.startsWith(SUMMARY_PREFIX)) return null;
  return { kind: 'summary', text: first.text.slice(SUMMARY_PREFIX.length).trim() };
}

/** What a loop run's end shows after its streamed text and calls: a new summary, the final answer, notes. */
export function loopClosing(result: AgentResult, spend: MessageSpend, summary: SeenEntry | null): SeenEntry[] {
  const entries: SeenEntry[] = summary ? [summary] : [];
  if (result.completedBy === 'cancelled')
    entries.push({ kind: 'note', text: 'Cancelled: the run was stopped.', tone: 'info' });
  else if (result.error) entries.push({ kind: 'note', text: result.error.message, tone: 'error' });
  else if (result.completedBy === 'attemptCompletion' && result.text.trim() !== '')
    entries.push({ kind: 'answer', text: result.text });
  entries.push({ kind: 'note', text: describeMessageSpend(spend.message, spend.conversation), tone: 'usage' });
  if (result.budgetStop) entries.push({ kind: 'note', text: result.text, tone: 'budget' });
  return entries;
}

/** How a request the fast path handled reads: what ran, then the usage line. */
export function fastPathClosing(
  outcome: Extract<FastPathOutcome, { status: 'done' | 'rejected' }>,
  spend: MessageSpend,
): SeenEntry[] {
  if (outcome.status === 'rejected')
    return [{ kind: 'note', text: `Nothing was run: ${outcome.reason}.`, tone: 'info' }];
  return [
    {
      kind: 'note',
      text: `Done with a recipe that worked ${outcome.recipe.successes} times before (${outcome.llmCalls} model calls).`,
      tone: 'info',
    },
    ...outcome.result.summary.map((line): SeenEntry => ({ kind: 'note', text: line, tone: 'info' })),
    { kind: 'note', text: describeMessageSpend(spend.message, spend.conversation), tone: 'usage' },
  ];
}

/**
 * A conversation saved before what was seen was kept: its (perhaps condensed) model history read as a
 * transcript, the condensed summary as a summary. What condensing dropped is gone from such a file.
 */
export function seenFromHistory(history: readonly HistoryMessage[]): SeenEntry[] {
  const results = new Map<string, ToolResultText>();
  for (const message of history) {
    if (message.role === 'tool-results')
      for (const result of message.results) results.set(result.callId, { ok: !result.isError, text: result.content });
  }
  const entries: SeenEntry[] = [];
  for (const [index, message] of history.entries()) {
    const summary = index === 0 ? summaryOf(history) : null;
    if (summary) entries.push(summary);
    else if (message.role === 'user') entries.push({ kind: 'user', text: message.text });
    if (message.role !== 'assistant') continue;
    if (message.text.trim() !== '') entries.push({ kind: 'answer', text: message.text });
    for (const call of message.toolCalls) {
      const result = results.get(call.id);
      entries.push({ kind: 'tool', id: call.id, name: call.name, input: call.input, ...(result ? { result } : {}) });
    }
  }
  return entries;
}

/** Keeps the entries that have the shape of one; a damaged line in a saved file is skipped, not fatal. */
export function isSeenEntry(value: unknown): value is SeenEntry {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  switch (entry.kind) {
    case 'user':
    case 'answer':
    case 'summary':
      return typeof entry.text === 'string';
    case 'note':
      return typeof entry.text === 'string' && ['info', 'error', 'usage', 'budget'].includes(entry.tone as string);
    case 'tool':
      return typeof entry.id === 'string' && typeof entry.name === 'string';
    default:
      return false;
  }
}
