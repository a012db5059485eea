import type { AuditEntry } from './AuditLog';

/**
 * The "interrupted" lines audit text calls for: one per "started" line whose call has no other line of its own
 * (same run, same call number), when the process that started it is gone. Order is not relied on: a clock that
 * was set back can put a call's outcome in an earlier day's file. A line that is not JSON (a torn last
 * line after a crash) is skipped. A started line without an owner is left alone: nothing says whether its
 * process still runs.
 */
export function interruptedLines(text: string, alive: (owner: string) => boolean): Omit<AuditEntry, 'ts'>[] {
  const started = new Map<string, AuditEntry>();
  const ended = new Set<string>();
  for (const raw of text.split('\n')) {
    const line = parse(raw);
    if (line === null || typeof line.call !== 'number') continue;
    const key = `${line.runId}\u0000${line.call}`;
    if (line.phase === 'started') started.set(key, line);
    else ended.add(key);
  }
  const lines: Omit<AuditEntry, 'ts'>[] = [];
  for (const [key, open] of started) {
    if (ended.has(key) || open.owner === undefined || alive(open.owner)) continue;
    lines.push({
      runId: open.runId,
      tool: open.tool,
      args: open.args,
      ok: false,
      error: `interrupted: the process running this call (${open.owner}) stopped before it finished, so it may or may not have written; the checkpoint${open.checkpoint ? ` ${open.checkpoint}` : ''} taken before it can revert it`,
      code: 'INTERRUPTED',
      durationMs: null,
      call: open.call,
      phase: 'interrupted',
      ...(open.checkpoint ? { checkpoint: open.checkpoint } : {}),
    });
  }
  return lines;
}

function parse(raw: string): AuditEntry | null {
  if (raw.trim() === '') return null;
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && typeof (value as AuditEntry).runId === 'string' ? (value as AuditEntry) : null;
  } catch {
    return null;
  }
}
