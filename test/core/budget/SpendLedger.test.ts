import { describe, expect, it } from 'vitest';
import { type Reservation, SpendLedger } from '../../../src/core/budget/SpendLedger';
import { memoryPluginFiles } from '../../builders/pipeline';

const NOON = new Date(2026, 10, 26, 12).getTime();
const NO_LIMIT = { tokens: 0, cost: 0 };
const FILE = 'spending/2026-11-26.jsonl';

function granted(result: Awaited<ReturnType<SpendLedger['reserve']>>): Reservation {
  if (!result.granted)
    throw new Error(`expected the reservation to be granted; before it: ${JSON.stringify(result.before)}`);
  return result.reservation;
}

const lines = (text: string | null | undefined): Record<string, unknown>[] =>
  (text ?? '')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('SpendLedger', () => {
  it('should count a call at its worst case while it runs and at what it used once settled, across every process on the vault', async () => {
    const files = memoryPluginFiles();
    const panel = new SpendLedger(files, () => NOON, 'host:1');
    const terminal = new SpendLedger(files, () => NOON, 'host:2');
    const call = granted(await panel.reserve('chat-1', 'chat-1#1', { tokens: 9_000, cost: 0.09 }, NO_LIMIT));
    expect(await terminal.today()).toMatchObject({
      day: '2026-11-26',
      spent: { tokens: 0 },
      reserved: { tokens: 9_000, cost: 0.09 },
    });
    await call.settle({ tokens: 2_500, cost: 0.02 });
    expect(await terminal.today()).toMatchObject({
      spent: { tokens: 2_500, cost: 0.02 },
      reserved: { tokens: 0, cost: 0 },
    });
    expect(lines(files.data.get(FILE)).map((line) => [line.type, line.runId, line.owner, line.tokens])).toEqual([
      ['reserve', 'chat-1', 'host:1', 9_000],
      ['settle', 'chat-1', 'host:1', 2_500],
    ]);
  });

  it('should grant the last room to the reservation appended first, and refuse and release the other', async () => {
    const files = memoryPluginFiles();
    const first = new SpendLedger(files, () => NOON, 'host:1');
    const second = new SpendLedger(files, () => NOON, 'host:2');
    const limit = { tokens: 10_000, cost: 0 };
    const [a, b] = await Promise.all([
      first.reserve('chat-1', 'chat-1#1', { tokens: 6_000, cost: 0 }, limit),
      second.reserve('cli-1', 'cli-1#1', { tokens: 6_000, cost: 0 }, limit),
    ]);
    expect(a.granted).toBe(true);
    expect(b).toEqual({
      granted: false,
      before: { spent: { tokens: 0, cost: 0 }, reserved: { tokens: 6_000, cost: 0 } },
    });
    // The refused call's release is in the ledger: the day counts only the granted one.
    expect(await second.today()).toMatchObject({ spent: { tokens: 0 }, reserved: { tokens: 6_000 } });
  });

  it('should keep counting the worst case of a reservation whose process ended without settling it (a call cut off by a crash may have been billed)', async () => {
    const files = memoryPluginFiles();
    await files.append(
      FILE,
      `${JSON.stringify({ type: 'reserve', id: 'cli-1#1', runId: 'cli-1', owner: 'host:999999', ts: '', tokens: 7_000, cost: 0 })}\n`,
    );
    const ledger = new SpendLedger(files, () => NOON, 'host:1');
    expect(
      await ledger.reserve('chat-1', 'chat-1#1', { tokens: 4_000, cost: 0 }, { tokens: 10_000, cost: 0 }),
    ).toMatchObject({ granted: false, before: { reserved: { tokens: 7_000 } } });
  });

  it('should carry over the total of an older spending.json of today once, however many processes find it, and drop one of another day', async () => {
    const files = memoryPluginFiles();
    await files.write('spending.json', JSON.stringify({ day: '2026-11-26', tokens: 40_000, cost: 0.4 }));
    const panel = new SpendLedger(files, () => NOON, 'host:1');
    const terminal = new SpendLedger(files, () => NOON, 'host:2');
    // Both read the old file before either removed it.
    const [p, t] = await Promise.all([panel.today(), terminal.today()]);
    expect(p.spent).toEqual({ tokens: 40_000, cost: 0.4 });
    expect(t.spent).toEqual({ tokens: 40_000, cost: 0.4 });
    expect(lines(files.data.get(FILE)).filter((line) => line.type === 'carried')).toHaveLength(2);
    expect(files.data.has('spending.json')).toBe(false);

    await files.write('spending.json', JSON.stringify({ day: '2026-11-25', tokens: 90_000, cost: 0 }));
    expect((await new SpendLedger(files, () => NOON, 'host:3').today()).spent.tokens).toBe(40_000);
    expect(files.data.has('spending.json')).toBe(false);
  });

  it('should start a new day from zero, keep yesterday (a call across midnight settles there) and remove older days', async () => {
    const files = memoryPluginFiles();
    let now = new Date(2026, 10, 24, 23).getTime();
    const ledger = new SpendLedger(files, () => now, 'host:1');
    await ledger.reserve('chat-1', 'chat-1#1', { tokens: 100, cost: 0 }, NO_LIMIT);
    now = new Date(2026, 10, 25, 23).getTime();
    const late = granted(await ledger.reserve('chat-2', 'chat-2#1', { tokens: 100, cost: 0 }, NO_LIMIT));
    now = new Date(2026, 10, 26, 0, 5).getTime();
    await late.settle({ tokens: 60, cost: 0 });
    expect(await ledger.today()).toMatchObject({ day: '2026-11-26', spent: { tokens: 0 }, reserved: { tokens: 0 } });
    expect([...files.data.keys()].sort()).toEqual(['spending/2026-11-25.jsonl']);
    expect(lines(files.data.get('spending/2026-11-25.jsonl')).map((line) => line.type)).toEqual(['reserve', 'settle']);
  });

  it('should skip a torn line and refuse a call, naming the ledger, when the ledger cannot be written', async () => {
    const files = memoryPluginFiles();
    await files.append(FILE, '{"type":"reserve","id":"x#1","tok');
    await files.append(
      FILE,
      `\n${JSON.stringify({ type: 'settle', id: 'y#1', runId: 'y', owner: 'h:1', ts: '', tokens: 5, cost: 0 })}\n`,
    );
    expect((await new SpendLedger(files, () => NOON, 'host:1').today()).spent.tokens).toBe(0);

    const broken = { ...files, append: () => Promise.reject(new Error('EROFS: read-only file system')) };
    await expect(
      new SpendLedger(broken, () => NOON, 'host:1').reserve(
        'chat-1',
        'chat-1#1',
        { tokens: 1, cost: 0 },
        { tokens: 10, cost: 0 },
      ),
    ).rejects.toThrow(
      'The daily spending limit could not be checked: the ledger spending/2026-11-26.jsonl in the plugin folder could not be written or read (EROFS: read-only file system)',
    );
  });
});
