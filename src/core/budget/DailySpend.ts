import type { PluginFilesPort } from '../ports/pluginFiles';

/** What the runs of one day spent, in every shell on this vault. `cost` sums the calls whose price is known. */
export interface DaySpend {
  day: string;
  tokens: number;
  cost: number;
}

const FILE = 'spending.json';

/**
 * Today's spending, kept in the plugin's folder (`spending.json`) so the panel and the terminal count toward the
 * same daily limit. A new day starts from zero; an unreadable file counts as nothing spent yet, and is replaced.
 */
export class DailySpend {
  /** Writes take turns, so two calls ending together both count. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly files: PluginFilesPort,
    private readonly now: () => number,
  ) {}

  async today(): Promise<DaySpend> {
    const day = localDay(this.now());
    const saved = parse(await this.files.read(FILE).catch(() => null));
    return saved?.day === day ? saved : { day, tokens: 0, cost: 0 };
  }

  add(tokens: number, cost: number): Promise<void> {
    const write = this.queue.then(async () => {
      const spent = await this.today();
      await this.files.write(FILE, JSON.stringify({ day: spent.day, tokens: spent.tokens + tokens, cost: spent.cost + cost }));
    });
    this.queue = write.catch(() => undefined);
    return write;
  }

  /** Resolves once every write asked for so far is done (or failed). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }
}

/** The calendar day in the user's time zone: a daily limit resets at their midnight. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function parse(text: string | null): DaySpend | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<DaySpend>;
    if (typeof value.day !== 'string' || typeof value.tokens !== 'number' || typeof value.cost !== 'number') return null;
    return { day: value.day, tokens: value.tokens, cost: value.cost };
  } catch {
    return null;
  }
}
