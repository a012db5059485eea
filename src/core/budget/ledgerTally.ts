/** Tokens and US dollars: what a call reserves, what it used, what a day counts. */
export interface Amount {
  tokens: number;
  cost: number;
}

/**
 * One line of a day's spending ledger (`spending/YYYY-MM-DD.jsonl`). `reserve`: a call's worst case, written
 * before it is sent; `settle`: what it really used (0 for a call the limit refused), written once it ended;
 * `carried`: the total an older `spending.json` held for the day, brought over once.
 */
export type LedgerLine =
  | { type: 'reserve' | 'settle'; id: string; runId: string; owner: string; ts: string; tokens: number; cost: number }
  | { type: 'carried'; id: string; ts: string; tokens: number; cost: number };

/** What a day's ledger counts: `spent` (settled and carried) and `reserved` (calls not settled), together `total`. */
export interface Tally {
  spent: Amount;
  reserved: Amount;
}

const zero = (): Amount => ({ tokens: 0, cost: 0 });

/**
 * Adds up a day's ledger, or the part of it before reservation `upTo` (by its place in the file: appends land in
 * the order they were made, so every process sees the same order). A settled reservation counts what it used; an
 * open one counts its estimate, whether its process still runs or not: a call cut off by a crash may have been
 * billed in full, and a limit errs toward stopping. A carried line counts once, however many processes carried
 * it. A line that is not whole JSON (a torn write) is skipped.
 */
export function tallyLedger(text: string, upTo?: string): Tally {
  const lines = text
    .split('\n')
    .map(parseLine)
    .filter((line): line is LedgerLine => line !== null);
  const settled = new Map<string, Amount>();
  for (const line of lines) if (line.type === 'settle') settled.set(line.id, { tokens: line.tokens, cost: line.cost });
  const tally: Tally = { spent: zero(), reserved: zero() };
  const counted = new Set<string>();
  for (const line of lines) {
    if (line.type === 'settle' || counted.has(line.id)) continue;
    if (line.type === 'reserve' && line.id === upTo) break;
    counted.add(line.id);
    const used = line.type === 'carried' ? line : settled.get(line.id);
    const into = used ? tally.spent : tally.reserved;
    const amount = used ?? line;
    into.tokens += amount.tokens;
    into.cost += amount.cost;
  }
  return tally;
}

export function totalOf(tally: Tally): Amount {
  return { tokens: tally.spent.tokens + tally.reserved.tokens, cost: tally.spent.cost + tally.reserved.cost };
}

function parseLine(raw: string): LedgerLine | null {
  if (raw.trim() === '') return null;
  try {
    const value = JSON.parse(raw) as Partial<LedgerLine>;
    const known = value.type === 'reserve' || value.type === 'settle' || value.type === 'carried';
    if (!known || typeof value.id !== 'string' || !Number.isFinite(value.tokens) || !Number.isFinite(value.cost))
      return null;
    return value as LedgerLine;
  } catch {
    return null;
  }
}
