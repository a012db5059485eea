import { AgentError, describeError } from '../errors';
import type { PluginFilesPort } from '../ports/pluginFiles';
import { type Amount, type LedgerLine, tallyLedger, type Tally, totalOf } from './ledgerTally';

/** What the runs of one day spent, in every shell on this vault: settled calls and calls still reserved. */
export interface DaySpend extends Tally {
  day: string;
}

/** A call's place in the ledger: settled once the call ends, with what it used. */
export interface Reservation {
  settle(used: Amount): Promise<void>;
}

export type ReserveResult = { granted: true; reservation: Reservation } | { granted: false; before: Tally };

const FOLDER = 'spending';
/** The ledger before this one: one JSON object with the day's total, rewritten after each call. */
const OLD_FILE = 'spending.json';
/** Day files older than this many days are removed: only today's counts, yesterday's for a call across midnight. */
const DAYS_KEPT = 2;

/**
 * Today's spending, shared by every process on the vault (the panel, the terminal runner, another Obsidian on a
 * synced copy): an append-only ledger in the plugin's folder, one file per local day, one JSON line per
 * reservation and per settlement. Lines are only ever appended, and one small append lands whole and in order,
 * so two processes never lose each other's lines, which a rewritten total did (each read the total, added its
 * own and wrote it back).
 *
 * Before a call, `reserve` appends the call's worst case, then reads the file and counts what comes before that
 * line: the call may go only if that and its own worst case fit the limit. Every process decides from the same
 * order, so of two calls racing for the last room, the one appended first goes. A refused reservation is settled
 * at 0 at once.
 */
export class SpendLedger {
  private readonly migrated = new Set<string>();
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly files: PluginFilesPort,
    private readonly now: () => number,
    /** This process as "<host>:<pid>", written on each line so a reader can tell whose reservation is open. */
    private readonly owner: string,
  ) {}

  async today(): Promise<DaySpend> {
    const day = localDay(this.now());
    await this.migrate(day);
    return { day, ...tallyLedger((await this.files.read(fileOf(day))) ?? '') };
  }

  /**
   * Reserves `want` for call `id` of run `runId` under `limit` (0: no limit in that unit). Granted when what the
   * day had spent and reserved before this line, plus `want`, fits; refused (and released) otherwise. A ledger
   * that cannot be written or read refuses with an error: a daily limit that cannot count does not hold.
   */
  async reserve(runId: string, id: string, want: Amount, limit: Amount): Promise<ReserveResult> {
    const day = localDay(this.now());
    const file = fileOf(day);
    await this.migrate(day);
    try {
      await this.append(file, { type: 'reserve', id, runId, owner: this.owner, ts: this.stamp(), ...want });
      const before = tallyLedger((await this.files.read(file)) ?? '', id);
      const total = totalOf(before);
      const fits =
        (limit.tokens <= 0 || total.tokens + want.tokens <= limit.tokens) &&
        (limit.cost <= 0 || total.cost + want.cost <= limit.cost);
      const reservation = {
        settle: (used: Amount) =>
          this.track(this.append(file, { type: 'settle', id, runId, owner: this.owner, ts: this.stamp(), ...used })),
      };
      if (fits) return { granted: true, reservation };
      await reservation.settle({ tokens: 0, cost: 0 });
      return { granted: false, before };
    } catch (error) {
      throw new AgentError(
        'INTERNAL',
        `The daily spending limit could not be checked: the ledger ${FOLDER}/${day}.jsonl in the plugin folder could not be written or read (${describeError(error)})`,
      );
    }
  }

  /** Resolves once every settlement asked for so far is written (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.writes].map((write) => write.catch(() => undefined)));
  }

  private async append(file: string, line: LedgerLine): Promise<void> {
    await this.files.append(file, `${JSON.stringify(line)}\n`);
  }

  private track(write: Promise<void>): Promise<void> {
    this.writes.add(write);
    void write.finally(() => this.writes.delete(write)).catch(() => undefined);
    return write;
  }

  /**
   * Once per day and instance: a `spending.json` of today becomes a "carried" line (counted once, however many
   * processes carry it), one of another day is dropped, and day files past DAYS_KEPT go. Best effort: a failure
   * here leaves the old file to the next try and never refuses a call.
   */
  private async migrate(day: string): Promise<void> {
    if (this.migrated.has(day)) return;
    this.migrated.add(day);
    try {
      const old = parseOld(await this.files.read(OLD_FILE));
      if (old?.day === day && (old.tokens > 0 || old.cost > 0)) {
        await this.append(fileOf(day), {
          type: 'carried',
          id: `${OLD_FILE}:${day}`,
          ts: this.stamp(),
          tokens: old.tokens,
          cost: old.cost,
        });
      }
      if (old !== undefined) await this.files.remove(OLD_FILE);
      const oldest = localDay(this.now() - (DAYS_KEPT - 1) * 24 * 60 * 60 * 1000);
      for (const name of await this.files.list(FOLDER)) {
        if (/^\d{4}-\d{2}-\d{2}\.jsonl$/.test(name) && name.slice(0, 10) < oldest)
          await this.files.remove(`${FOLDER}/${name}`);
      }
    } catch {
      this.migrated.delete(day);
    }
  }

  private stamp(): string {
    return new Date(this.now()).toISOString();
  }
}

/** The calendar day in the user's time zone: a daily limit resets at their midnight. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function fileOf(day: string): string {
  return `${FOLDER}/${day}.jsonl`;
}

/** The old file's content; null when it is not a valid total (it is removed all the same), undefined when absent. */
function parseOld(text: string | null): { day: string; tokens: number; cost: number } | null | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as { day?: unknown; tokens?: unknown; cost?: unknown };
    if (typeof value.day !== 'string' || typeof value.tokens !== 'number' || typeof value.cost !== 'number')
      return null;
    return { day: value.day, tokens: value.tokens, cost: value.cost };
  } catch {
    return null;
  }
}
