import { describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src/core/tool-execution/AuditLog';
import { memoryPluginFiles } from '../../builders/pipeline';
import { fixedClock } from '../../builders/toolContext';

const DAY = Date.UTC(2026, 10, 22, 10, 0, 0);
const write = (call: number) => ({
  runId: 'r1',
  tool: 'vault.createFile',
  args: { path: `n${call}.md` },
  call,
  approval: 'approved',
  checkpoint: `r1#${call}`,
});
const outcome = (call: number) => ({
  runId: 'r1',
  tool: 'vault.createFile',
  args: { path: `n${call}.md` },
  ok: true,
  error: null,
  code: null,
  durationMs: 2,
  call,
});

/** The lines of one file, or of the day files when no file is named. */
function lines(files: ReturnType<typeof memoryPluginFiles>, only?: string): Record<string, unknown>[] {
  return [...files.data.entries()]
    .filter(([path]) => (only ? path === only : /^audit\/\d{4}-\d{2}-\d{2}\.jsonl$/.test(path)))
    .sort()
    .flatMap(([, text]) =>
      text
        .trim()
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    );
}
const STARTED = 'journal/started.jsonl';

describe('AuditLog.started', () => {
  it('should write a "started" line with its owner outside the audit folder, on disk once it resolves, and leave the audit to outcomes', async () => {
    const files = memoryPluginFiles();
    await new AuditLog(files, fixedClock(DAY), undefined, undefined, 'host:123').started(write(1));
    expect(lines(files)).toEqual([]);
    expect(await files.list('audit')).toEqual([]);
    expect(lines(files, STARTED)).toEqual([
      {
        ts: '2026-11-22T10:00:00.000Z',
        runId: 'r1',
        tool: 'vault.createFile',
        args: { path: 'n1.md' },
        call: 1,
        approval: 'approved',
        checkpoint: 'r1#1',
        ok: false,
        error: null,
        code: null,
        durationMs: 0,
        phase: 'started',
        owner: 'host:123',
      },
    ]);
  });
});

describe('AuditLog.markInterrupted', () => {
  it('should add an "interrupted" line for a started call of a process that is gone, and only for it', async () => {
    const files = memoryPluginFiles();
    const before = new AuditLog(files, fixedClock(DAY), undefined, undefined, 'host:123');
    await before.started(write(1));
    await before.record(outcome(1));
    await before.started(write(2));
    const after = new AuditLog(files, fixedClock(DAY + 60_000), undefined, undefined, 'host:456');
    const asked: string[] = [];
    const added = await after.markInterrupted((owner) => {
      asked.push(owner);
      return false;
    });
    expect(asked).toEqual(['host:123']);
    expect(added).toHaveLength(1);
    // The day file: one line per call, the outcome of 1 and the interruption of 2; started.jsonl is emptied.
    expect(lines(files).map((line) => line.call)).toEqual([1, 2]);
    expect(lines(files, STARTED)).toEqual([]);
    expect(lines(files).at(-1)).toEqual({
      ts: '2026-11-22T10:01:00.000Z',
      runId: 'r1',
      tool: 'vault.createFile',
      args: { path: 'n2.md' },
      ok: false,
      error:
        'interrupted: the process running this call (host:123) stopped before it finished, so it may or may not have written; the checkpoint r1#2 taken before it can revert it',
      code: 'INTERRUPTED',
      durationMs: null,
      call: 2,
      phase: 'interrupted',
      checkpoint: 'r1#2',
    });
    expect(await after.markInterrupted(() => false)).toEqual([]);
  });

  it('should leave a started call alone while its process still runs, or when no owner was recorded', async () => {
    const files = memoryPluginFiles();
    await new AuditLog(files, fixedClock(DAY), undefined, undefined, 'host:123').started(write(1));
    await new AuditLog(files, fixedClock(DAY)).started(write(2));
    expect(await new AuditLog(files, fixedClock(DAY)).markInterrupted((owner) => owner === 'host:123')).toEqual([]);
    expect(lines(files)).toHaveLength(0);
    expect(lines(files, STARTED).map((line) => line.call)).toEqual([1, 2]);
  });

  it('should pair a call across the two newest day files and skip a torn last line', async () => {
    const files = memoryPluginFiles();
    await new AuditLog(files, fixedClock(DAY), undefined, undefined, 'host:123').started(write(1));
    await new AuditLog(files, fixedClock(DAY + 86_400_000)).record(outcome(1));
    await files.append('audit/2026-11-23.jsonl', '{"ts":"2026-11-23T10:00:01.000Z","runId":"r1","tool":"vault.crea');
    expect(await new AuditLog(files, fixedClock(DAY + 86_400_000)).markInterrupted(() => false)).toEqual([]);
  });
});

describe('AuditLog: the started lines of an earlier version', () => {
  it('should move audit/started.jsonl into the journal on start, merged with what is there, leaving only day files in audit/', async () => {
    const files = memoryPluginFiles();
    const earlier = new AuditLog(files, fixedClock(DAY), undefined, undefined, 'host:123');
    await earlier.started(write(1));
    await earlier.started(write(2));
    await earlier.record(outcome(1));
    // As an earlier version left it: call 2 (and a torn last line) beside the day file.
    await files.append('audit/started.jsonl', `${files.data.get(STARTED)!.split('\n')[1]!}\n{"runId":"r1","ca`);
    files.data.set(STARTED, `${files.data.get(STARTED)!.split('\n')[0]!}\n`);
    const added = await new AuditLog(files, fixedClock(DAY + 60_000), undefined, undefined, 'host:456').markInterrupted(
      () => false,
    );
    expect(added.map((line) => [line.call, line.code])).toEqual([[2, 'INTERRUPTED']]);
    expect(await files.list('audit')).toEqual(['2026-11-22.jsonl']);
    expect(lines(files).map((line) => line.call)).toEqual([1, 2]);
    expect(lines(files, STARTED)).toEqual([]);
  });
});
